import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiAnswerCache, knowledgeEntries, lessons } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { answerOf, askAs, createKnowledge, uniqueWord } from '../test/factories-ask';
import { createCourse, enrollUser, type CreatedCourse } from '../../courses/test/factories';

/*
 * The cached answers are forgotten by triggers (migration 0023) when what they drew on changes,
 * whoever changes it: each case writes the table as its owner would and reads what is left.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_SIFU_RATE_LIMIT_PER_MINUTE: 1000 });
});
afterAll(async () => t.close());

const noSources = { terms_used: [], manual_sections: [], classical_references: [], lessons_used: [] };

/** A cached answer of the course drawn on the given ids (none: the honest "not found" answer). */
async function cached(course: CreatedCourse, drawnOn: string[]): Promise<string> {
  const [row] = await t.database.db
    .insert(aiAnswerCache)
    .values({
      course_id: course.id,
      question_key: `question ${randomUUID()}`,
      response_text: 'An answer.',
      sources: noSources,
      drawn_on: drawnOn,
    })
    .returning({ id: aiAnswerCache.id });
  return row!.id;
}

/** Which of the cached answers are still kept. */
async function kept(ids: string[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: aiAnswerCache.id })
    .from(aiAnswerCache)
    .where(inArray(aiAnswerCache.id, ids));
  return ids.filter((id) => rows.some((row) => row.id === id));
}

const newCourse = () => createCourse(t, { modules: 1, lessonsPerModule: 2 });

describe('a change to a knowledge entry forgets the answers that drew on it', () => {
  it.each(['title', 'body', 'hanzi', 'pinyin', 'source'] as const)('an edit of its %s', async (column) => {
    const course = await newCourse();
    const entry = await createKnowledge(t);
    const other = await createKnowledge(t);
    const citing = await cached(course, [entry.id, other.id]);
    const notCiting = await cached(course, [other.id]);
    await t.database.db
      .update(knowledgeEntries)
      .set({ [column]: `Changed ${column}` })
      .where(eq(knowledgeEntries.id, entry.id));
    expect(await kept([citing, notCiting])).toEqual([notCiting]);
  });

  it('but not a save that changes none of what an answer quotes', async () => {
    const course = await newCourse();
    const entry = await createKnowledge(t);
    const citing = await cached(course, [entry.id]);
    await t.database.db
      .update(knowledgeEntries)
      .set({ title: entry.title, related_ids: [randomUUID()], updated_at: new Date() })
      .where(eq(knowledgeEntries.id, entry.id));
    expect(await kept([citing])).toEqual([citing]);
  });

  it('its deletion', async () => {
    const course = await newCourse();
    const entry = await createKnowledge(t);
    const other = await createKnowledge(t);
    const citing = await cached(course, [entry.id]);
    const notCiting = await cached(course, [other.id]);
    const notFound = await cached(course, []);
    await t.database.db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, entry.id));
    expect(await kept([citing, notCiting, notFound])).toEqual([notCiting, notFound]);
  });
});

describe('a new or edited knowledge entry forgets the answers that found nothing', () => {
  it('a new entry, in every course', async () => {
    const [course, second] = [await newCourse(), await newCourse()];
    const entry = await createKnowledge(t);
    const citing = await cached(course, [entry.id]);
    const notFound = [await cached(course, []), await cached(second, [])];
    await createKnowledge(t);
    expect(await kept([citing, ...notFound])).toEqual([citing]);
  });

  it('an edited entry', async () => {
    const course = await newCourse();
    const entry = await createKnowledge(t);
    const notFound = await cached(course, []);
    await t.database.db
      .update(knowledgeEntries)
      .set({ body: 'New text.' })
      .where(eq(knowledgeEntries.id, entry.id));
    expect(await kept([notFound])).toEqual([]);
  });
});

describe('a change to a lesson forgets the answers that drew on it', () => {
  it.each([
    ['title', { title: 'A new title' }],
    ['text', { content_text: 'New notes for the lesson.' }],
  ])('an edit of its %s', async (_name, change) => {
    const course = await newCourse();
    const [lesson, other] = course.lessonIds[0]!;
    const citing = await cached(course, [lesson!]);
    const notCiting = await cached(course, [other!]);
    await t.database.db.update(lessons).set(change).where(eq(lessons.id, lesson!));
    expect(await kept([citing, notCiting])).toEqual([notCiting]);
  });

  it('but not an edit of what retrieval does not read', async () => {
    const course = await newCourse();
    const lesson = course.lessonIds[0]![0]!;
    const citing = await cached(course, [lesson]);
    await t.database.db.update(lessons).set({ duration_minutes: 25 }).where(eq(lessons.id, lesson));
    expect(await kept([citing])).toEqual([citing]);
  });

  it('its deletion', async () => {
    const course = await newCourse();
    const [lesson, other] = course.lessonIds[0]!;
    const citing = await cached(course, [lesson!]);
    const notCiting = await cached(course, [other!]);
    await t.database.db.delete(lessons).where(eq(lessons.id, lesson!));
    expect(await kept([citing, notCiting])).toEqual([notCiting]);
  });

  it('a new lesson forgets its own course’s answers that found nothing, not another course’s', async () => {
    const [course, second] = [await newCourse(), await newCourse()];
    const mine = await cached(course, []);
    const theirs = await cached(second, []);
    await t.database.db.insert(lessons).values({
      module_id: course.moduleIds[0]!,
      title: 'Silk reeling',
      lesson_type: 'article',
      content_text: 'Silk reeling joins the turn of the waist to the hands.',
      duration_minutes: 10,
      order_sequence: 9,
    });
    expect(await kept([mine, theirs])).toEqual([theirs]);
  });
});

describe('asking again after a change', () => {
  it('answers afresh once an entry the cached answer cited is edited', async () => {
    const student = await createUser(t);
    const course = await newCourse();
    await enrollUser(t, student.user.id, course.id);
    const word = uniqueWord();
    const entry = await createKnowledge(t, { body: `The ${word} posture sinks the weight.` });
    const question = `What does ${word} do?`;
    expect(answerOf(await askAs(t, student.auth, question, course.id)).cached).toBe(false);
    expect(answerOf(await askAs(t, student.auth, question, course.id)).cached).toBe(true);
    await t.database.db
      .update(knowledgeEntries)
      .set({ body: `The ${word} posture lifts the crown.` })
      .where(eq(knowledgeEntries.id, entry.id));
    const after = answerOf(await askAs(t, student.auth, question, course.id));
    expect(after.cached).toBe(false);
    expect(after.response).toContain(`The ${word} posture lifts the crown.`);
    expect(after.response).not.toContain('sinks the weight');
  });
});
