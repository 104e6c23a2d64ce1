import { randomUUID } from 'node:crypto';
import { aiAnswerCache, knowledgeEntries } from '../../../db/schema';
import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createCachedAnswer, createKnowledge, knowledgeBody } from './factories';

/*
 * Matrix entries for AI Sifu's knowledge base and analytics: every signed-in member opens an entry
 * an answer cites and reads the glossary (nobody owns them, so B reads what A reads);
 * administrators manage the knowledge and read the analytics.
 */

interface SifuWorld extends World {
  entryId: string;
  entryKey: string;
  cacheId: string;
}
const sw = (w: World) => w as SifuWorld;

/** An entry (with a key) of this case alone, for rows that change or delete it. */
const freshEntry = async (t: TestApp) => {
  const entry = await createKnowledge(t, { key: `matrix-${randomUUID().slice(0, 8)}` });
  return { entryId: entry.id, entryKey: entry.key } as Partial<World>;
};
const freshCache = async (t: TestApp, w: World) =>
  ({ cacheId: (await createCachedAnswer(t, w.course.id, 3)).id }) as Partial<World>;

const entryById = (w: World) => ({ params: { id: sw(w).entryId } });
const entryRow = (t: TestApp, w: World) => rowsWhere(t, knowledgeEntries, knowledgeEntries.id, sw(w).entryId);
const cacheRow = (t: TestApp, w: World) => rowsWhere(t, aiAnswerCache, aiAnswerCache.id, sw(w).cacheId);

/** Nobody owns the knowledge: every member reads it, as A does. */
const anyMember = { studentB: 'allowed' } as const;

export const AI_SIFU_ENTRIES: MatrixEntry[] = [
  { route: 'GET /api/ai-sifu/knowledge/:id', fresh: freshEntry, call: entryById, expect: anyMember },
  { route: 'GET /api/ai-sifu/glossary', expect: anyMember },
  { route: 'GET /api/admin/ai-sifu/knowledge', call: () => ({ query: { kind: 'term', q: 'song' } }) },
  {
    route: 'POST /api/admin/ai-sifu/knowledge',
    status: 201,
    call: (w) => ({ body: knowledgeBody({ course_ids: [w.course.id] }) }),
  },
  { route: 'GET /api/admin/ai-sifu/knowledge/export' },
  {
    route: 'POST /api/admin/ai-sifu/knowledge/import',
    fresh: freshEntry,
    call: (w) => ({
      body: {
        version: 1,
        entries: [
          {
            ...knowledgeBody({ title: 'Replaced by the import' }),
            key: sw(w).entryKey,
            related_ids: undefined,
          },
        ],
      },
    }),
    unchanged: entryRow,
  },
  { route: 'GET /api/admin/ai-sifu/knowledge/:id', fresh: freshEntry, call: entryById },
  {
    route: 'PUT /api/admin/ai-sifu/knowledge/:id',
    fresh: freshEntry,
    call: (w) => ({ ...entryById(w), body: knowledgeBody({ title: 'Retitled' }) }),
    unchanged: entryRow,
  },
  {
    route: 'DELETE /api/admin/ai-sifu/knowledge/:id',
    fresh: freshEntry,
    call: entryById,
    unchanged: entryRow,
  },
  { route: 'GET /api/admin/ai-sifu/analytics' },
  { route: 'GET /api/admin/ai-sifu/popular-questions', call: () => ({ query: { limit: '5' } }) },
  { route: 'POST /api/admin/ai-sifu/clean-cache', fresh: freshCache, unchanged: cacheRow },
];
