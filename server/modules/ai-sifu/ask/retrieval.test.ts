import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeCourses, knowledgeEntries, lessons } from '../../../db/schema';
import { seedKnowledge } from '../../../db/seed/knowledge-load';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCourse, type CreatedCourse } from '../../courses/test/factories';
import { createRetrieval, type Retrieval } from './retrieval';

/* AI Sifu's retrieval on the seed knowledge base and courses of the test's own. */

let t: TestApp;
let retrieval: Retrieval;
let course: CreatedCourse;
let other: CreatedCourse;
const keyOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  retrieval = createRetrieval({ db: t.database.db });
  const [seeded] = await t.database.db
    .select({ id: knowledgeEntries.id })
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.key, 'term-zhan-zhuang'));
  if (!seeded) await seedKnowledge(t.database.db, t.clock.now());
  const rows = await t.database.db
    .select({ id: knowledgeEntries.id, key: knowledgeEntries.key })
    .from(knowledgeEntries);
  for (const row of rows) if (row.key) keyOf.set(row.id, row.key);
  course = await createCourse(t, { modules: 1, lessonsPerModule: 2, quiz: true });
  other = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
});
afterAll(async () => t?.close());

/** A made-up word no other test uses. */
const unique = () => `zq${randomUUID().replace(/[-\d]/g, '').slice(0, 10)}`;

const keys = async (question: string, courseId = course.id) =>
  (await retrieval.retrieve(question, courseId)).map((entry) => keyOf.get(entry.id) ?? entry.id);

describe('AI Sifu retrieval', () => {
  it('finds a term by its characters inside a Chinese sentence', async () => {
    expect((await keys('我想知道站桩的要领是什么'))[0]).toBe('term-zhan-zhuang');
    expect((await keys('三体式的时候重心怎么分配'))[0]).toBe('term-santi-shi');
    expect((await keys('什么是松'))[0]).toBe('term-song');
    expect((await keys('松'))[0]).toBe('term-song');
    expect((await retrieval.retrieve('松', course.id))[0]?.score).toBeGreaterThan(1);
  });

  it('finds a term by its pinyin with tones, without tones, spaced or run together', async () => {
    for (const question of [
      'what is zhàn zhuāng',
      'what is zhan zhuang',
      'what is zhanzhuang',
      'Zhanzhuang?',
    ]) {
      expect((await keys(question))[0], question).toBe('term-zhan-zhuang');
    }
    expect((await keys('qi chen dan tian'))[0]).toBe('term-qi-chen-dantian');
  });

  it('finds entries by their English words', async () => {
    expect((await keys('what is the standing post'))[0]).toBe('term-zhan-zhuang');
    expect((await keys('should I try reverse breathing')).slice(0, 2)).toEqual(
      expect.arrayContaining(['term-ni-fu-shi-hu-xi']),
    );
    expect((await keys('winning without fighting'))[0]).toBe('classic-sunzi-3-2');
  });

  it('puts what is asked of a named term before the entries that only name it too', async () => {
    const breathing = await keys('how should I breathe in zhan zhuang');
    expect(breathing[0]).toBe('term-zhan-zhuang');
    expect(breathing.slice(1, 4).some((key) => key.startsWith('manual-3-'))).toBe(true);
    const rooting = await keys('What does the Taijiquan Classic say about rooting?');
    expect(rooting[0]).toBe('term-taijiquan');
    expect(rooting[1]).toBe('classic-taijiquan-jing-2');
  });

  it('finds entries despite misspellings', async () => {
    expect((await keys('who founded baguazang'))[0]).toBe('term-baguazhang');
    expect((await keys('zhanzhaung for beginners'))[0]).toBe('term-zhan-zhuang');
    expect((await keys('dizzyness on the circle')).slice(0, 3)).toContain('manual-5-4');
  });

  it("prefers the entries the question's course relies on", async () => {
    const word = unique();
    const [a, b] = await t.database.db
      .insert(knowledgeEntries)
      .values(
        ['A', 'B'].map((letter) => ({
          key: `test-${randomUUID()}`,
          kind: 'manual' as const,
          title: `${letter} ${word}`,
          body: `About ${word}.`,
        })),
      )
      .returning({ id: knowledgeEntries.id });
    // Alike but for their titles: without a link, the order is the titles'.
    expect((await retrieval.retrieve(word, other.id)).map((e) => e.id)).toEqual([a!.id, b!.id]);
    await t.database.db.insert(knowledgeCourses).values({ knowledge_id: b!.id, course_id: course.id });
    expect((await retrieval.retrieve(word, course.id)).map((e) => e.id)).toEqual([b!.id, a!.id]);
    expect((await retrieval.retrieve(word, other.id)).map((e) => e.id)).toEqual([a!.id, b!.id]);
  });

  it("returns the course's own lessons and never another course's, nor a quiz", async () => {
    const word = unique();
    const [mine] = course.lessonIds[0]!;
    await t.database.db
      .update(lessons)
      .set({ content_text: `Keep the ${word} relaxed.`, lesson_type: 'article' })
      .where(eq(lessons.id, mine!));
    await t.database.db
      .update(lessons)
      .set({ content_text: `The ${word} of the other course.`, lesson_type: 'article' })
      .where(eq(lessons.id, other.allLessonIds[0]!));
    await t.database.db
      .update(lessons)
      .set({ title: `Quiz on the ${word}` })
      .where(eq(lessons.id, course.quizLessonId!));
    const found = await retrieval.retrieve(word, course.id);
    expect(found.map((entry) => entry.id)).toEqual([mine]);
    expect(found[0]).toMatchObject({ kind: 'lesson', course_id: course.id, module_id: course.moduleIds[0] });
    expect((await retrieval.retrieve(word, other.id)).map((entry) => entry.id)).toEqual([
      other.allLessonIds[0],
    ]);
  });

  it('finds an entry as soon as it is added, and by its new words once edited', async () => {
    const before = unique();
    const after = unique();
    expect(await retrieval.retrieve(before, course.id)).toEqual([]);
    const [row] = await t.database.db
      .insert(knowledgeEntries)
      .values({
        key: `test-${randomUUID()}`,
        kind: 'term',
        title: `Tiao Zhan (${before})`,
        body: 'A made-up term.',
        hanzi: '跳战',
        pinyin: 'tiào zhàn',
      })
      .returning({ id: knowledgeEntries.id });
    expect((await retrieval.retrieve(before, course.id)).map((e) => e.id)).toEqual([row!.id]);
    expect((await retrieval.retrieve('跳战是什么', course.id))[0]?.id).toBe(row!.id);
    await t.database.db
      .update(knowledgeEntries)
      .set({ title: `Tiao Zhan (${after})` })
      .where(eq(knowledgeEntries.id, row!.id));
    expect((await retrieval.retrieve(after, course.id)).map((e) => e.id)).toEqual([row!.id]);
    expect(await retrieval.retrieve(before, course.id)).toEqual([]);
  });

  it('finds nothing for a question of only function words, and keeps to the limit', async () => {
    expect(await retrieval.retrieve('what is it and how?', course.id)).toEqual([]);
    expect(await retrieval.retrieve('standing breathing qi dantian', course.id, 3)).toHaveLength(3);
  });
});
