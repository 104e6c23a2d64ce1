import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeInput } from '../../../common/ai-sifu';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { courses, knowledgeCourses, knowledgeEntries } from '../schema';
import { KNOWLEDGE_SEED } from './knowledge';
import { DEMO_COURSES } from './courses';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

describe('the demo knowledge base', () => {
  it('holds every seed entry once, each one a valid entry for the Knowledge form', async () => {
    const rows = await t.database.db.select().from(knowledgeEntries);
    expect(rows.map((row) => row.key).sort()).toEqual(KNOWLEDGE_SEED.map((entry) => entry.key).sort());
    for (const row of rows) expect(KnowledgeInput.safeParse(row).error, row.key).toBeUndefined();
  });

  it("keeps each term's related terms by id", async () => {
    const rows = await t.database.db.select().from(knowledgeEntries);
    const keyOf = new Map(rows.map((row) => [row.id, row.key]));
    for (const entry of KNOWLEDGE_SEED) {
      const row = rows.find((r) => r.key === entry.key)!;
      expect(row.related_ids.map((id) => keyOf.get(id)).sort(), entry.key).toEqual(
        [...(entry.related ?? [])].sort(),
      );
    }
  });

  it('links every demo course to the knowledge it relies on', async () => {
    const links = await t.database.db
      .select({ title: courses.title, n: sql<number>`count(*)::int` })
      .from(knowledgeCourses)
      .innerJoin(courses, eq(courses.id, knowledgeCourses.course_id))
      .groupBy(courses.title);
    expect(links.map((link) => link.title).sort()).toEqual(DEMO_COURSES.map((course) => course.title).sort());
    for (const link of links) expect(link.n, link.title).toBeGreaterThanOrEqual(8);
  });

  it('finds a term by its hanzi and by its pinyin without tones', async () => {
    const byHanzi = await t.database.db
      .select({ key: knowledgeEntries.key })
      .from(knowledgeEntries)
      .where(sql`title_search @@ to_tsquery('simple', '站桩')`);
    expect(byHanzi.map((row) => row.key)).toContain('term-zhan-zhuang');
    const byPinyin = await t.database.db
      .select({ key: knowledgeEntries.key })
      .from(knowledgeEntries)
      .where(sql`search @@ to_tsquery('simple', 'zhan & zhuang')`);
    expect(byPinyin.map((row) => row.key)).toContain('term-zhan-zhuang');
  });
});
