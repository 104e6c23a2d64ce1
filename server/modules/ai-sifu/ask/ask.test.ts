import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AskResponse,
  SIFU_ADMIN_REFUSED,
  SIFU_COURSE_NOT_FOUND,
  SIFU_COURSE_REQUIRED,
  SIFU_NOT_ENROLLED,
  SIFU_PROVIDER_FAILED,
  SIFU_PROVIDER_TIMEOUT,
  SIFU_QUESTION_REQUIRED,
} from '../../../../common/ai-sifu';
import { aiConversations, aiQuestions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser } from '../../../test/factories';
import {
  answerOf,
  askAs,
  cacheRows,
  citeAll,
  createKnowledge,
  scriptedProvider,
  setLessonText,
  uniqueWord,
  usedCount,
} from '../test/factories-ask';
import { createCourse, enrollUser } from '../../courses/test/factories';
import { CACHE_PROVIDER } from './ask.repo';
import { citedSources } from './ask.service';
import { ProviderError, type RetrievedEntry } from './provider';

const model = scriptedProvider();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_SIFU_RATE_LIMIT_PER_MINUTE: 1000 }, { aiProvider: model.provider });
});
afterAll(async () => t.close());
afterEach(() => {
  model.state.behaviour = citeAll;
  model.state.requests = [];
});

/** A student enrolled in a fresh course of one module with two lessons. */
async function enrolledStudent() {
  const student = await createUser(t);
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
  await enrollUser(t, student.user.id, course.id);
  return { student, course };
}

const conversationsOf = (userId: string) =>
  t.database.db.select().from(aiConversations).where(eq(aiConversations.user_id, userId));
const questionsOf = (userId: string) =>
  t.database.db.select().from(aiQuestions).where(eq(aiQuestions.user_id, userId));

describe('POST /api/ai-sifu/ask', () => {
  it('answers an enrolled student from the knowledge and the lessons, citing each entry by kind', async () => {
    const { student, course } = await enrolledStudent();
    const word = uniqueWord();
    const term = await createKnowledge(t, {
      kind: 'term',
      title: `Zhan zhuang ${word}`,
      hanzi: '站桩',
      pinyin: 'zhàn zhuāng',
    });
    const manual = await createKnowledge(t, { kind: 'manual', body: `Stand for ${word} minutes daily.` });
    const classic = await createKnowledge(t, {
      kind: 'classic',
      body: `The ${word} is rooted in the feet.`,
      source: 'Tai Chi Classic',
    });
    const lessonId = course.lessonIds[0]![1]!;
    await setLessonText(t, lessonId, `In this lesson we hold ${word} for ten breaths.`);

    const res = await askAs(t, student.auth, `How do I practise ${word}?`, course.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = AskResponse.parse(res.json()).data;
    expect(answer.cached).toBe(false);
    expect(answer.cost_cents).toBe(0.25);
    expect(answer.terms_used).toEqual([
      { id: term.id, kind: 'term', title: term.title, hanzi: '站桩', pinyin: 'zhàn zhuāng', source: null },
    ]);
    expect(answer.manual_sections.map((s) => s.id)).toEqual([manual.id]);
    expect(answer.classical_references).toEqual([
      expect.objectContaining({ id: classic.id, kind: 'classic', source: 'Tai Chi Classic' }),
    ]);
    expect(answer.lessons_used).toEqual([
      { id: lessonId, title: 'Lesson 1.2', course_id: course.id, module_id: course.moduleIds[0] },
    ]);
    // The provider got the question, what matched, and no safety flag for a training question.
    expect(model.state.requests).toHaveLength(1);
    expect(model.state.requests[0]!.safety).toBe(false);
    expect(answer.response).toBe(model.state.requests[0]!.entries.map((e) => e.title).join('; '));

    const conversations = await conversationsOf(student.user.id);
    expect(conversations).toHaveLength(1);
    const [conversation] = conversations;
    expect(conversation).toMatchObject({
      id: answer.conversation_id,
      course_id: course.id,
      question_text: `How do I practise ${word}?`,
      response_text: answer.response,
      cached_response: false,
      response_time_ms: answer.response_time_ms,
    });
    expect(conversation!.sources.terms_used).toEqual(answer.terms_used);
    expect(conversation!.sources.lessons_used).toEqual(answer.lessons_used);
    const questions = await questionsOf(student.user.id);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({
      course_id: course.id,
      question_key: `how do i practise ${word}`,
      cached: false,
      provider: 'openai',
      cost_cents: 0.25,
      input_tokens: 10,
      output_tokens: 5,
    });
    expect(await usedCount(t, student.user.id, course.id)).toBe(1);
    const [cached] = await cacheRows(t, course.id);
    expect(new Set(cached!.drawn_on)).toEqual(new Set([term.id, manual.id, classic.id, lessonId]));
  });

  it('tells the provider when a question is about pain or an injury', async () => {
    const { student, course } = await enrolledStudent();
    const res = await askAs(t, student.auth, 'My knee hurts after standing, what should I do?', course.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(model.state.requests[0]!.safety).toBe(true);
  });

  it('keeps only the citations that name retrieved entries, each once', async () => {
    const { student, course } = await enrolledStudent();
    const word = uniqueWord();
    const entry = await createKnowledge(t, { body: `The ${word} form.` });
    const elsewhere = await createKnowledge(t); // exists, but was not retrieved for this question
    model.state.behaviour = async () => ({
      text: 'An answer.',
      cited: [entry.id, crypto.randomUUID(), elsewhere.id, entry.id, 'not-an-id'],
      input_tokens: 0,
      output_tokens: 0,
      cost_cents: 0,
    });
    const res = await askAs(t, student.auth, `What is the ${word} form?`, course.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(model.state.requests[0]!.entries.map((e) => e.id)).toEqual([entry.id]);
    const answer = answerOf(res);
    expect(answer.terms_used.map((s) => s.id)).toEqual([entry.id]);
    expect([...answer.manual_sections, ...answer.classical_references, ...answer.lessons_used]).toEqual([]);
    expect((await cacheRows(t, course.id))[0]!.drawn_on).toEqual([entry.id]);
  });

  it('answers honestly when nothing matches, and caches that answer as drawn on nothing', async () => {
    const { student, course } = await enrolledStudent();
    const res = await askAs(t, student.auth, `What is ${uniqueWord()}?`, course.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = answerOf(res);
    expect(answer.response).toBe('Nothing matched.');
    expect(answer.terms_used).toEqual([]);
    expect((await cacheRows(t, course.id))[0]!.drawn_on).toEqual([]);
  });

  it('refuses anonymous visitors, administrators, students not enrolled and unknown courses', async () => {
    const { course } = await enrolledStudent();
    const outsider = await createUser(t);
    const admin = await createAdmin(t);
    expect((await askAs(t, {}, 'What is qi?', course.id)).statusCode).toBe(401);
    const asAdmin = await askAs(t, admin.auth, 'What is qi?', course.id);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ error: SIFU_ADMIN_REFUSED, code: 'SIFU_ADMIN_REFUSED' });
    const notEnrolled = await askAs(t, outsider.auth, 'What is qi?', course.id);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json()).toEqual({ error: SIFU_NOT_ENROLLED, code: 'SIFU_NOT_ENROLLED' });
    const unknown = await askAs(t, outsider.auth, 'What is qi?', crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: SIFU_COURSE_NOT_FOUND, code: 'COURSE_NOT_FOUND' });
    expect(model.state.requests).toEqual([]);
    expect(await usedCount(t, outsider.user.id, course.id)).toBe(0);
    expect(await conversationsOf(outsider.user.id)).toEqual([]);
  });

  it('asks for a question and a course in words the widget shows', async () => {
    const { student, course } = await enrolledStudent();
    const blank = await askAs(t, student.auth, '   ', course.id);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: SIFU_QUESTION_REQUIRED, code: 'VALIDATION_ERROR' });
    const noCourse = await t.call('POST', '/api/ai-sifu/ask', { question: 'What is qi?' }, student.auth);
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json()).toMatchObject({ error: SIFU_COURSE_REQUIRED });
    const tooLong = await askAs(t, student.auth, 'x'.repeat(1001), course.id);
    expect(tooLong.statusCode).toBe(400);
    expect(await usedCount(t, student.user.id, course.id)).toBe(0);
  });
});

describe('the answer cache', () => {
  it('answers the same question again from the cache: free, not counted, the hit counted', async () => {
    const { student, course } = await enrolledStudent();
    const word = uniqueWord();
    await createKnowledge(t, { body: `The ${word} stance.` });
    const first = answerOf(await askAs(t, student.auth, `What is the ${word} stance?`, course.id));
    // Another student of the course, asking in other case and punctuation, gets the same answer.
    const other = await createUser(t);
    await enrollUser(t, other.user.id, course.id);
    const res = await askAs(t, other.auth, `  what is THE ${word} stance!! `, course.id);
    expect(res.statusCode, res.body).toBe(200);
    const again = answerOf(res);
    expect(again).toMatchObject({
      response: first.response,
      terms_used: first.terms_used,
      cached: true,
      cost_cents: 0,
    });
    expect(again.conversation_id).not.toBe(first.conversation_id);
    expect(model.state.requests).toHaveLength(1);
    expect(await usedCount(t, other.user.id, course.id)).toBe(0);
    const [row] = await cacheRows(t, course.id);
    expect(row).toMatchObject({ hits: 1, last_hit_at: t.clock.now() });

    const [conversation] = await conversationsOf(other.user.id);
    expect(conversation).toMatchObject({
      id: again.conversation_id,
      cached_response: true,
      response_text: first.response,
      response_time_ms: again.response_time_ms,
    });
    const [question] = await questionsOf(other.user.id);
    expect(question).toMatchObject({
      cached: true,
      provider: CACHE_PROVIDER,
      cost_cents: 0,
      input_tokens: 0,
    });
  });

  it('keeps each course its own answers', async () => {
    const { student, course } = await enrolledStudent();
    const second = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    await enrollUser(t, student.user.id, second.id);
    const question = `What is ${uniqueWord()}?`;
    await askAs(t, student.auth, question, course.id);
    const res = await askAs(t, student.auth, question, second.id);
    expect(answerOf(res).cached).toBe(false);
    expect(model.state.requests).toHaveLength(2);
  });
});

describe('a provider that fails', () => {
  it.each([
    ['failed', 502, 'SIFU_PROVIDER_FAILED', SIFU_PROVIDER_FAILED],
    ['timeout', 504, 'SIFU_PROVIDER_TIMEOUT', SIFU_PROVIDER_TIMEOUT],
  ] as const)(
    '%s: answers %i, gives the question back and keeps nothing',
    async (kind, status, code, message) => {
      const { student, course } = await enrolledStudent();
      model.state.behaviour = async () => {
        throw new ProviderError(kind, 'upstream said no');
      };
      const res = await askAs(t, student.auth, `What is ${uniqueWord()}?`, course.id);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: message, code });
      expect(await usedCount(t, student.user.id, course.id)).toBe(0);
      expect(await cacheRows(t, course.id)).toEqual([]);
      expect(await conversationsOf(student.user.id)).toEqual([]);
      expect(await questionsOf(student.user.id)).toEqual([]);
    },
  );

  it('gives the question back when anything else goes wrong too', async () => {
    const { student, course } = await enrolledStudent();
    model.state.behaviour = async () => {
      throw new TypeError('a bug in the provider');
    };
    const res = await askAs(t, student.auth, `What is ${uniqueWord()}?`, course.id);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    expect(await usedCount(t, student.user.id, course.id)).toBe(0);
    // And the next question is answered and counted as usual.
    model.state.behaviour = citeAll;
    expect((await askAs(t, student.auth, `What is ${uniqueWord()}?`, course.id)).statusCode).toBe(200);
    expect(await usedCount(t, student.user.id, course.id)).toBe(1);
  });
});

describe('citedSources', () => {
  const entry = (id: string, kind: RetrievedEntry['kind']): RetrievedEntry => ({
    id,
    kind,
    title: `Title ${id}`,
    body: '',
    hanzi: null,
    pinyin: null,
    source: null,
    course_id: kind === 'lesson' ? 'c' : null,
    module_id: kind === 'lesson' ? 'm' : null,
    score: 1,
  });

  it('splits the cited entries by kind in the order cited, dropping what was not retrieved', () => {
    const entries = [entry('a', 'term'), entry('b', 'lesson'), entry('c', 'classic'), entry('d', 'manual')];
    const { sources, drawnOn } = citedSources(entries, ['c', 'x', 'a', 'b', 'c']);
    expect(drawnOn).toEqual(['c', 'a', 'b']);
    expect(sources.classical_references.map((s) => s.id)).toEqual(['c']);
    expect(sources.terms_used.map((s) => s.id)).toEqual(['a']);
    expect(sources.lessons_used).toEqual([{ id: 'b', title: 'Title b', course_id: 'c', module_id: 'm' }]);
    expect(sources.manual_sections).toEqual([]);
  });
});
