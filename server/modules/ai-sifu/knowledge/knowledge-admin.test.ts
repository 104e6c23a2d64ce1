import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_DELETED,
  KNOWLEDGE_NOT_FOUND,
  KNOWLEDGE_SELF_RELATED,
  KNOWLEDGE_UNKNOWN_COURSE,
  KNOWLEDGE_UNKNOWN_RELATED,
  type KnowledgeEntry,
  type KnowledgeListResponse,
} from '../../../../common/ai-sifu';
import { knowledgeCourses, knowledgeEntries } from '../../../db/schema';
import type { Call, TestApp } from '../../../test/app';
import { createTestAppWithMembers } from '../../../test/factories';
import { createKnowledge, knowledgeBody } from '../test/factories';
import { createCourse } from '../../courses/test/factories';

/* The administration of AI Sifu's knowledge base: the list and its search, adding, saving, deleting. */

let t: TestApp, call: Call;
beforeAll(async () => ({ t, call } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await call('GET', `/api/admin/ai-sifu/knowledge?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KnowledgeListResponse>();
};
const titles = (body: KnowledgeListResponse) => body.entries.map((entry) => entry.title);

describe('POST /api/admin/ai-sifu/knowledge', () => {
  it('adds an entry with its courses and related entries, trimmed, empty text as none', async () => {
    const course = await createCourse(t);
    const other = await createKnowledge(t);
    const body = knowledgeBody({
      kind: 'term',
      title: '  Zhan zhuang  ',
      hanzi: '站桩',
      pinyin: 'zhàn zhuāng',
      source: '   ',
      course_ids: [course.id, course.id],
      related_ids: [other.id],
    });
    const res = await call('POST', '/api/admin/ai-sifu/knowledge', body);
    expect(res.statusCode, res.body).toBe(201);
    const { entry } = res.json<{ entry: KnowledgeEntry }>();
    expect(entry).toMatchObject({
      key: `school-${entry.id}`,
      kind: 'term',
      title: 'Zhan zhuang',
      hanzi: '站桩',
      pinyin: 'zhàn zhuāng',
      source: null,
      course_ids: [course.id],
      related_ids: [other.id],
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    expect(res.headers.location).toBe(`/api/admin/ai-sifu/knowledge/${entry.id}`);
    const read = await call('GET', `/api/admin/ai-sifu/knowledge/${entry.id}`);
    expect(read.json()).toEqual({ entry });
  });

  it('refuses a course or a related entry that does not exist, naming it, and adds nothing', async () => {
    const course = await createCourse(t);
    const missing = randomUUID();
    const title = `Refused ${randomUUID()}`;
    for (const [fields, message, path] of [
      [{ course_ids: [course.id, missing] }, KNOWLEDGE_UNKNOWN_COURSE, 'course_ids'],
      [{ related_ids: [missing] }, KNOWLEDGE_UNKNOWN_RELATED, 'related_ids'],
    ] as const) {
      const res = await call('POST', '/api/admin/ai-sifu/knowledge', knowledgeBody({ title, ...fields }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: `${message}: ${missing}`,
        code: 'VALIDATION_ERROR',
        details: [{ path, message, values: [missing] }],
      });
    }
    const rows = await t.database.db.select().from(knowledgeEntries).where(eq(knowledgeEntries.title, title));
    expect(rows).toEqual([]);
  });

  it('refuses an empty title, a bad kind and other malformed fields with their messages', async () => {
    for (const [fields, message] of [
      [{ title: '   ' }, 'Title is required'],
      [{ title: undefined }, 'Title is required'],
      [{ body: '' }, 'Body is required'],
      [{ kind: 'recipe' }, 'Kind must be term, manual or classic'],
      [{ title: 'x'.repeat(201) }, 'Must be at most 200 characters'],
      [{ hanzi: 'x'.repeat(201) }, 'Hanzi must be at most 200 characters'],
      [{ course_ids: ['not-a-uuid'] }, 'Invalid course id'],
      [{ related_ids: ['nope'] }, 'Invalid related entry id'],
      [{ related_ids: Array.from({ length: 21 }, () => randomUUID()) }, 'At most 20 related entries'],
    ] as const) {
      const res = await call('POST', '/api/admin/ai-sifu/knowledge', knowledgeBody(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/admin/ai-sifu/knowledge', () => {
  it('finds entries by title, hanzi, pinyin with or without tones or run together, and text', async () => {
    const tag = randomUUID().slice(0, 6);
    const standing = await createKnowledge(t, {
      title: `Hun yuan zhuang ${tag}`,
      hanzi: '混元桩',
      pinyin: 'hùn yuán zhuāng',
      body: 'Standing as if holding a great ball of qi in front of the chest.',
    });
    const walking = await createKnowledge(t, {
      kind: 'manual',
      title: `Walking the circle ${tag}`,
      hanzi: null,
      pinyin: null,
      body: 'The mud-wading step keeps the feet close to the ground while turning.',
    });
    const within = (body: KnowledgeListResponse) => titles(body).filter((title) => title.endsWith(tag));
    for (const [q, expected] of [
      [`zhuang ${tag}`, [standing.title]],
      ['混元桩', [standing.title]],
      ['元桩', [standing.title]],
      ['hùn yuán', [standing.title]],
      ['hun yuan', [standing.title]],
      ['hunyuanzhuang', [standing.title]],
      ['mud-wading', [walking.title]],
      [tag, [standing.title, walking.title]],
      // Part of a word of the title: the trigram index.
      [`ircle ${tag}`, [walking.title]],
    ] as const) {
      expect(within(await list(`q=${encodeURIComponent(q)}&limit=200`)), q).toEqual(expected);
    }
  });

  it('filters by kind, counts each kind of what the search matches, and pages', async () => {
    const tag = `k${randomUUID().slice(0, 6)}`;
    for (const [kind, n] of [
      ['term', 3],
      ['manual', 2],
      ['classic', 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) await createKnowledge(t, { kind, title: `${tag} ${kind} ${i}` });
    }
    const all = await list(`q=${tag}`);
    expect(all.counts).toEqual({ term: 3, manual: 2, classic: 1 });
    expect(all.total).toBe(6);
    const terms = await list(`q=${tag}&kind=term&limit=2&offset=1`);
    expect(terms.counts).toEqual({ term: 3, manual: 2, classic: 1 });
    expect(terms.total).toBe(3);
    expect(titles(terms)).toEqual([`${tag} term 1`, `${tag} term 2`]);
    const bad = await call('GET', '/api/admin/ai-sifu/knowledge?kind=recipe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'Kind must be term, manual or classic',
      code: 'VALIDATION_ERROR',
    });
  });

  it('lists everything by title without a search, its total the sum of the counts', async () => {
    const tag = `t${randomUUID().slice(0, 6)}`;
    for (const letter of ['b', 'c', 'a']) await createKnowledge(t, { title: `${tag} ${letter}` });
    const body = await list('limit=200');
    expect(body.total).toBe(body.counts.term + body.counts.manual + body.counts.classic);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(titles(body).filter((title) => title.startsWith(tag))).toEqual([
      `${tag} a`,
      `${tag} b`,
      `${tag} c`,
    ]);
  });
});

describe('PUT /api/admin/ai-sifu/knowledge/{id}', () => {
  it('replaces the whole entry and its courses; its key and creation stay', async () => {
    const [first, second] = [await createCourse(t), await createCourse(t)];
    const related = await createKnowledge(t);
    const key = `term-${randomUUID().slice(0, 8)}`;
    const entry = await createKnowledge(t, { key, course_ids: [first.id], source: 'Old source' });
    t.clock.advance(60_000);
    const res = await call(
      'PUT',
      `/api/admin/ai-sifu/knowledge/${entry.id}`,
      knowledgeBody({
        kind: 'classic',
        title: 'Renamed',
        course_ids: [second.id],
        related_ids: [related.id],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ entry: KnowledgeEntry }>().entry;
    expect(saved).toMatchObject({
      id: entry.id,
      key,
      kind: 'classic',
      title: 'Renamed',
      hanzi: null,
      course_ids: [second.id],
      related_ids: [related.id],
      updated_at: t.clock.now().toISOString(),
    });
    expect(saved.created_at).not.toBe(saved.updated_at);
    const links = await t.database.db
      .select()
      .from(knowledgeCourses)
      .where(eq(knowledgeCourses.knowledge_id, entry.id));
    expect(links.map((link) => link.course_id)).toEqual([second.id]);
  });

  it('refuses to relate an entry to itself or to nothing, and leaves it as it was', async () => {
    const entry = await createKnowledge(t, { title: 'Unchanged' });
    const self = await call(
      'PUT',
      `/api/admin/ai-sifu/knowledge/${entry.id}`,
      knowledgeBody({ related_ids: [entry.id] }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: KNOWLEDGE_SELF_RELATED, code: 'VALIDATION_ERROR' });
    const missing = randomUUID();
    const unknown = await call(
      'PUT',
      `/api/admin/ai-sifu/knowledge/${entry.id}`,
      knowledgeBody({ related_ids: [missing] }),
    );
    expect(unknown.json()).toMatchObject({ error: `${KNOWLEDGE_UNKNOWN_RELATED}: ${missing}` });
    const read = await call('GET', `/api/admin/ai-sifu/knowledge/${entry.id}`);
    expect(read.json().entry.title).toBe('Unchanged');
  });
});

describe('DELETE /api/admin/ai-sifu/knowledge/{id}', () => {
  it('deletes the entry and its course links, and takes it out of other entries’ related ids', async () => {
    const course = await createCourse(t);
    const gone = await createKnowledge(t, { course_ids: [course.id] });
    const kept = await createKnowledge(t);
    const pointing = await createKnowledge(t, { related_ids: [kept.id, gone.id] });
    const res = await call('DELETE', `/api/admin/ai-sifu/knowledge/${gone.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: KNOWLEDGE_DELETED });
    expect((await call('GET', `/api/admin/ai-sifu/knowledge/${gone.id}`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/admin/ai-sifu/knowledge/${pointing.id}`)).json().entry.related_ids,
    ).toEqual([kept.id]);
    const links = await t.database.db
      .select()
      .from(knowledgeCourses)
      .where(eq(knowledgeCourses.knowledge_id, gone.id));
    expect(links).toEqual([]);
  });
});

describe('an id nothing has', () => {
  it.each([
    ['GET', undefined],
    ['PUT', knowledgeBody()],
    ['DELETE', undefined],
  ] as const)('%s answers 404', async (method, body) => {
    const res = await call(method, `/api/admin/ai-sifu/knowledge/${randomUUID()}`, body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: KNOWLEDGE_NOT_FOUND, code: 'KNOWLEDGE_NOT_FOUND' });
  });

  it('a malformed id answers 400', async () => {
    const res = await call('GET', '/api/admin/ai-sifu/knowledge/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
  });
});
