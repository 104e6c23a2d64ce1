import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_DUPLICATE_KEY,
  KNOWLEDGE_UNKNOWN_COURSE,
  KNOWLEDGE_UNKNOWN_RELATED_KEY,
  type KnowledgeEntry,
  type KnowledgeExport,
  type KnowledgeExportEntry,
  type KnowledgeListResponse,
} from '../../../../common/ai-sifu';
import { knowledgeCourses, knowledgeEntries } from '../../../db/schema';
import type { Headers, TestApp } from '../../../test/app';
import { createTestAppWithMembers } from '../../../test/factories';
import { createKnowledge } from '../test/factories';
import { createCourse } from '../../courses/test/factories';

/* The knowledge base as a JSON download, and its import: all or nothing, related entries by key. */

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const exportAll = async () => {
  const res = await t.call('GET', '/api/admin/ai-sifu/knowledge/export', undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const importAll = (payload: KnowledgeExport) =>
  t.app.inject({ method: 'POST', url: '/api/admin/ai-sifu/knowledge/import', headers: admin, payload });
/** Every entry as the table holds it, without ids and times: what an import must reproduce. */
const snapshot = async () =>
  (await exportAll()).json<KnowledgeExport>().entries.map((entry) => ({
    ...entry,
    related_keys: [...(entry.related_keys ?? [])].sort(),
  }));
const entryOfKey = async (key: string) => {
  const [row] = await t.database.db.select().from(knowledgeEntries).where(eq(knowledgeEntries.key, key));
  return row;
};
const entry = (fields: Partial<KnowledgeExportEntry> = {}): KnowledgeExportEntry => ({
  kind: 'term',
  title: `Imported ${randomUUID().slice(0, 8)}`,
  body: 'Imported text. With a second sentence.',
  ...fields,
});

describe('GET /api/admin/ai-sifu/knowledge/export', () => {
  it('downloads every entry, its courses by id and related entries by key, named by the school’s date', async () => {
    const course = await createCourse(t);
    const tag = randomUUID().slice(0, 8);
    const written = await createKnowledge(t, { key: `school-${tag}`, title: `Written ${tag}` });
    const peng = await createKnowledge(t, {
      key: `term-peng-${tag}`,
      title: `Peng ${tag}`,
      course_ids: [course.id],
    });
    await createKnowledge(t, {
      key: `term-lu-${tag}`,
      title: `Lu ${tag}`,
      hanzi: '捋',
      pinyin: 'lǚ',
      related_ids: [peng.id, written.id],
    });
    const res = await exportAll();
    // 2026-03-02T18:00Z is the morning of March 2 in Los Angeles.
    expect(res.headers['content-disposition']).toBe('attachment; filename="knowledge-2026-03-02.json"');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<KnowledgeExport>();
    expect(body.version).toBe(1);
    const mine = body.entries.filter((e) => e.title.endsWith(tag));
    expect(mine).toEqual([
      expect.objectContaining({
        key: `term-lu-${tag}`,
        hanzi: '捋',
        pinyin: 'lǚ',
        related_keys: [`term-peng-${tag}`, `school-${tag}`],
      }),
      expect.objectContaining({ key: `term-peng-${tag}`, course_ids: [course.id], related_keys: [] }),
      {
        key: `school-${tag}`,
        kind: 'term',
        title: `Written ${tag}`,
        body: expect.any(String),
        hanzi: '松',
        pinyin: 'sōng',
        source: null,
        course_ids: [],
        related_keys: [],
      },
    ]);
  });
});

describe('POST /api/admin/ai-sifu/knowledge/import', () => {
  it('reproduces an exported base in an empty one, related keys resolved', async () => {
    const course = await createCourse(t);
    const tag = randomUUID().slice(0, 8);
    const a = await createKnowledge(t, { key: `term-a-${tag}`, course_ids: [course.id] });
    const b = await createKnowledge(t, {
      key: `term-b-${tag}`,
      kind: 'classic',
      source: 'Song of push hands',
    });
    await createKnowledge(t, { key: `manual-c-${tag}`, kind: 'manual', related_ids: [a.id, b.id] });
    await t.database.db
      .update(knowledgeEntries)
      .set({ related_ids: [b.id] })
      .where(eq(knowledgeEntries.id, a.id));
    await createKnowledge(t, { title: `Keyless ${tag}`, course_ids: [course.id] });
    const before = await snapshot();
    const exported = (await exportAll()).json<KnowledgeExport>();

    await t.database.db.delete(knowledgeEntries);
    const res = await importAll(exported);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: exported.entries.length, updated: 0 });
    expect(await snapshot()).toEqual(before);
    const c = await entryOfKey(`manual-c-${tag}`);
    const ids = [(await entryOfKey(`term-a-${tag}`))!.id, (await entryOfKey(`term-b-${tag}`))!.id];
    expect([...c!.related_ids].sort()).toEqual([...ids].sort());
  });

  it("changes the entries an export came from and adds none, the school's own entries and their relations included", async () => {
    const tag = randomUUID().slice(0, 8);
    const write = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/ai-sifu/knowledge', headers: admin, payload });
    const first = await write({ kind: 'manual', title: `Written ${tag}`, body: 'Stand daily.' });
    expect(first.statusCode, first.body).toBe(201);
    const written = first.json<{ entry: KnowledgeEntry }>().entry;
    expect(written.key).toBe(`school-${written.id}`);
    const second = await write({
      kind: 'term',
      title: `Related ${tag}`,
      body: 'Names the other.',
      related_ids: [written.id],
    });
    expect(second.statusCode, second.body).toBe(201);
    const exported = (await exportAll()).json<KnowledgeExport>();
    expect(exported.entries.find((e) => e.title === `Related ${tag}`)?.related_keys).toEqual([written.key]);
    const before = await snapshot();

    const res = await importAll(exported);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 0, updated: exported.entries.length });
    expect(await snapshot()).toEqual(before);
  });

  it('replaces the entry of a key, adds those without, and lets related keys name existing entries', async () => {
    const course = await createCourse(t);
    const tag = randomUUID().slice(0, 8);
    const existing = await createKnowledge(t, {
      key: `term-x-${tag}`,
      title: 'Before',
      course_ids: [course.id],
    });
    const neighbour = await createKnowledge(t, { key: `term-n-${tag}` });
    t.clock.advance(60_000);
    const res = await importAll({
      version: 1,
      entries: [
        entry({ key: `term-x-${tag}`, title: `After ${tag}`, related_keys: [`term-new-${tag}`] }),
        entry({
          key: `term-new-${tag}`,
          title: `New ${tag}`,
          related_keys: [`term-n-${tag}`],
          course_ids: [course.id],
        }),
        entry({ title: `Added ${tag}` }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 1 });
    const replaced = await entryOfKey(`term-x-${tag}`);
    const added = await entryOfKey(`term-new-${tag}`);
    expect(replaced).toMatchObject({ id: existing.id, title: `After ${tag}`, related_ids: [added!.id] });
    expect(replaced!.updated_at).toEqual(t.clock.now());
    expect(added!.related_ids).toEqual([neighbour.id]);
    const links = await t.database.db
      .select()
      .from(knowledgeCourses)
      .where(eq(knowledgeCourses.knowledge_id, existing.id));
    expect(links).toEqual([]);
    // The new entry is found by the next search: nothing to rebuild.
    const found = await t.call('GET', `/api/admin/ai-sifu/knowledge?q=${tag}&limit=200`, undefined, admin);
    expect(
      found
        .json<KnowledgeListResponse>()
        .entries.map((e: KnowledgeEntry) => e.title)
        .sort(),
    ).toEqual([`Added ${tag}`, `After ${tag}`, `New ${tag}`]);
  });

  it('changes nothing when a related key, a course or a key is wrong', async () => {
    const tag = randomUUID().slice(0, 8);
    await createKnowledge(t, { key: `term-kept-${tag}`, title: `Kept ${tag}` });
    const missingCourse = randomUUID();
    const before = await snapshot();
    for (const [entries, error] of [
      [
        [entry({ key: `term-kept-${tag}`, title: 'Changed' }), entry({ related_keys: [`term-none-${tag}`] })],
        `${KNOWLEDGE_UNKNOWN_RELATED_KEY}: term-none-${tag}`,
      ],
      [
        [entry({ key: `term-kept-${tag}`, title: 'Changed' }), entry({ course_ids: [missingCourse] })],
        `${KNOWLEDGE_UNKNOWN_COURSE}: ${missingCourse}`,
      ],
      [
        [entry({ key: `term-twice-${tag}` }), entry({ key: `term-twice-${tag}` })],
        `${KNOWLEDGE_DUPLICATE_KEY}: term-twice-${tag}`,
      ],
      [[entry({ title: '' })], 'Title is required'],
      [[entry({ kind: 'recipe' as never })], 'Kind must be term, manual or classic'],
      [[entry({ key: 'Not A Key' })], 'Key must be lower-case letters, digits and dashes'],
    ] as const) {
      const res = await importAll({ version: 1, entries: [...entries] });
      expect(res.statusCode, error).toBe(400);
      expect(res.json(), error).toMatchObject({ error, code: 'VALIDATION_ERROR' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses another version of the format', async () => {
    const res = await importAll({ version: 2 as never, entries: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
