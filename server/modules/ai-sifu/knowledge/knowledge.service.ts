import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  KNOWLEDGE_DUPLICATE_KEY,
  KNOWLEDGE_KINDS,
  KNOWLEDGE_NOT_FOUND,
  KNOWLEDGE_SELF_RELATED,
  KNOWLEDGE_UNKNOWN_COURSE,
  KNOWLEDGE_UNKNOWN_RELATED,
  KNOWLEDGE_UNKNOWN_RELATED_KEY,
  plainPinyin,
  schoolKnowledgeKey,
  type GlossaryTerm,
  type KnowledgeEntry,
  KnowledgeExport,
  type KnowledgeExportResponse,
  KnowledgeListQuery,
  type KnowledgeImportResponse,
  type KnowledgeKind,
  type KnowledgeListResponse,
  type ParsedKnowledgeInput,
  type PublicKnowledgeEntry,
} from '../../../../common/ai-sifu';
import type { Platform } from '../../../platform';
import { badRequest, notFound } from '../../../platform/errors';
import { createReadCache } from '../../../platform/read-cache';
import { schoolDate } from '../../../../common/school-time';
import {
  createKnowledgeRepo,
  type ImportedRow,
  type KnowledgeRow,
  type KnowledgeSearch,
} from './knowledge.repo';

type ParsedExport = z.output<typeof KnowledgeExport>;
type ParsedListQuery = z.output<typeof KnowledgeListQuery>;

const knowledgeNotFound = () => notFound(KNOWLEDGE_NOT_FOUND, 'KNOWLEDGE_NOT_FOUND');

/** A 400 naming the ids or keys that named nothing, on the field that holds them. */
const invalid = (path: string, message: string, values: string[]) =>
  badRequest(`${message}: ${values.join(', ')}`, 'VALIDATION_ERROR', [{ path, message, values }]);

const unique = (values: string[]) => [...new Set(values)];

/** What an entry says, as it is shown and as it is exported. */
const contentOf = (row: KnowledgeRow) => ({
  key: row.key,
  kind: row.kind,
  title: row.title,
  body: row.body,
  hanzi: row.hanzi,
  pinyin: row.pinyin,
  source: row.source,
  course_ids: row.course_ids,
});

const toEntry = (row: KnowledgeRow): KnowledgeEntry => ({
  id: row.id,
  ...contentOf(row),
  related_ids: row.related_ids,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/** A run of Chinese characters as its characters (one) or its pairs of neighbours, all required. */
function cjkGrams(run: string): string {
  const chars = [...run];
  const grams = chars.length === 1 ? chars : chars.slice(1).map((char, i) => chars[i]! + char);
  return `(${grams.map((gram) => `'${gram}'`).join(' & ')})`;
}

/** What `q` asks of the admin list (see KnowledgeSearch). */
export function planKnowledgeSearch(q: string): KnowledgeSearch {
  const runs = q.match(CJK_RUN) ?? [];
  return {
    text: q,
    plain: plainPinyin(q),
    cjk: runs.length ? runs.map(cjkGrams).join(' | ') : null,
  };
}

/** The first sentence of a text (Western or Chinese full stop), or the whole text when it has none. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = /[.!?](?=\s|$)|[。！？]/.exec(flat);
  return end ? flat.slice(0, end.index + end[0].length) : flat;
}

/**
 * The school's knowledge base as administrators manage it and members read it. Entries are
 * searchable as soon as they are written (the search columns are generated); the answers cached
 * from an entry are forgotten by the database when it changes.
 */
export function createKnowledgeService(platform: Platform) {
  const repo = createKnowledgeRepo(platform.db);
  const now = () => platform.clock.now();
  const glossary = createReadCache<GlossaryTerm[]>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
  });

  async function checkCourses(ids: string[], path = 'course_ids') {
    const found = await repo.existingCourses(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw invalid(path, KNOWLEDGE_UNKNOWN_COURSE, missing);
  }

  async function checkRelated(ids: string[], self?: string) {
    if (self && ids.includes(self)) {
      throw badRequest(KNOWLEDGE_SELF_RELATED, 'VALIDATION_ERROR', [
        { path: 'related_ids', message: KNOWLEDGE_SELF_RELATED },
      ]);
    }
    const found = await repo.existingEntries(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw invalid('related_ids', KNOWLEDGE_UNKNOWN_RELATED, missing);
  }

  const fieldsOf = (input: ParsedKnowledgeInput) => ({
    kind: input.kind,
    title: input.title,
    body: input.body,
    hanzi: input.hanzi,
    pinyin: input.pinyin,
    source: input.source,
    related_ids: unique(input.related_ids),
  });

  async function read(id: string): Promise<KnowledgeEntry> {
    const row = await repo.find(id);
    if (!row) throw knowledgeNotFound();
    return toEntry(row);
  }

  return {
    /** Forgets the glossary kept in this process: called on every write (see modules/index.ts). */
    forget: () => glossary.clear(),

    async list(query: ParsedListQuery): Promise<KnowledgeListResponse> {
      const search = query.q ? planKnowledgeSearch(query.q) : undefined;
      const { rows, counts } = await repo.list(query.kind, search, query);
      const byKind = Object.fromEntries(KNOWLEDGE_KINDS.map((kind) => [kind, 0])) as Record<
        KnowledgeKind,
        number
      >;
      for (const { kind, n } of counts) byKind[kind] = n;
      const total = query.kind ? byKind[query.kind] : KNOWLEDGE_KINDS.reduce((sum, k) => sum + byKind[k], 0);
      return { entries: rows.map(toEntry), total, counts: byKind };
    },

    read,

    /** An entry as a member opens it from a source chip. */
    async readPublic(id: string): Promise<PublicKnowledgeEntry> {
      const {
        key: _key,
        course_ids: _c,
        related_ids: _r,
        created_at: _a,
        updated_at: _u,
        ...entry
      } = await read(id);
      return entry;
    },

    /** Every glossary term with its first sentence, by title; kept for CATALOGUE_CACHE_SECONDS. */
    glossary: (): Promise<GlossaryTerm[]> =>
      glossary.get('terms', async () =>
        (await repo.terms()).map(({ body, ...term }) => ({ ...term, summary: firstSentence(body) })),
      ),

    async create(input: ParsedKnowledgeInput): Promise<KnowledgeEntry> {
      const courseIds = unique(input.course_ids);
      const id = await platform.tx(async () => {
        await checkCourses(courseIds);
        await checkRelated(unique(input.related_ids));
        const created = randomUUID();
        await repo.insert({ ...fieldsOf(input), id: created, key: schoolKnowledgeKey(created) }, now());
        await repo.setCourses([{ knowledge_id: created, course_ids: courseIds }]);
        return created;
      });
      return read(id);
    },

    /** Replaces the whole entry (its key stays) and its course links. */
    async update(id: string, input: ParsedKnowledgeInput): Promise<KnowledgeEntry> {
      const courseIds = unique(input.course_ids);
      await platform.tx(async () => {
        await checkCourses(courseIds);
        await checkRelated(unique(input.related_ids), id);
        if (!(await repo.update(id, fieldsOf(input), now()))) throw knowledgeNotFound();
        await repo.setCourses([{ knowledge_id: id, course_ids: courseIds }]);
      });
      return read(id);
    },

    /** Deletes an entry; other entries no longer name it as related. */
    async remove(id: string): Promise<void> {
      const removed = await platform.tx(() => repo.remove(id));
      if (!removed) throw knowledgeNotFound();
    },

    /**
     * The whole base, named by the school's date; related entries by key, courses by id. Imported
     * again, it changes the entries it came from and adds none.
     */
    async exportAll(): Promise<{ filename: string; data: KnowledgeExportResponse }> {
      const rows = await repo.all();
      const keyOf = new Map(rows.map((row) => [row.id, row.key]));
      const filename = `knowledge-${schoolDate(now(), platform.config.SCHOOL_TIMEZONE)}.json`;
      const data: KnowledgeExportResponse = {
        version: 1,
        entries: rows.map((row) => ({
          ...contentOf(row),
          related_keys: row.related_ids.flatMap((id) => keyOf.get(id) ?? []),
        })),
      };
      return { filename, data };
    },

    /**
     * Imports entries in one transaction: one with a key replaces the entry of that key (or is
     * added with it), one without is added with a key of its own. Related keys may name imported or existing entries; an unknown
     * key or course refuses the whole import. The advisory lock keeps two imports from choosing
     * ids for the same new key at once.
     */
    importAll: (data: ParsedExport): Promise<KnowledgeImportResponse> =>
      platform.withAdvisoryLock('knowledge-import', async () => {
        const keys = data.entries.flatMap((entry) => (entry.key ? [entry.key] : []));
        const repeated = unique(keys.filter((key, i) => keys.indexOf(key) !== i));
        if (repeated.length) throw invalid('entries', KNOWLEDGE_DUPLICATE_KEY, repeated);
        await checkCourses(unique(data.entries.flatMap((entry) => entry.course_ids)), 'entries');

        const existing = await repo.idsByKey();
        const idOfKey = new Map(existing);
        const rows = data.entries.map((entry) => {
          const id = (entry.key && existing.get(entry.key)) || randomUUID();
          if (entry.key) idOfKey.set(entry.key, id);
          return { entry, id };
        });
        const unknown = unique(
          data.entries.flatMap((entry) => entry.related_keys.filter((key) => !idOfKey.has(key))),
        );
        if (unknown.length) throw invalid('entries', KNOWLEDGE_UNKNOWN_RELATED_KEY, unknown);

        const written: ImportedRow[] = rows.map(({ entry, id }) => ({
          id,
          key: entry.key ?? schoolKnowledgeKey(id),
          kind: entry.kind,
          title: entry.title,
          body: entry.body,
          hanzi: entry.hanzi,
          pinyin: entry.pinyin,
          source: entry.source,
          related_ids: unique(entry.related_keys.map((key) => idOfKey.get(key)!)).filter(
            (other) => other !== id,
          ),
          course_ids: unique(entry.course_ids),
        }));
        await repo.upsert(written, now());
        await repo.setCourses(written.map((row) => ({ knowledge_id: row.id, course_ids: row.course_ids })));
        const updated = rows.filter(({ entry }) => entry.key && existing.has(entry.key)).length;
        return { created: rows.length - updated, updated };
      }),
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
