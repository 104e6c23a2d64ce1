import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_CONVERSATIONS_PAGE_SIZE,
  AI_HISTORY_DEFAULT_LIMIT,
  AiConversation,
  CONVERSATION_NOT_FOUND,
  SIFU_COURSE_NOT_FOUND,
  SIFU_NOT_ENROLLED,
  SIFU_QUESTION_REQUIRED,
} from '../../../../common/ai-sifu';
import { aiConversations, aiQuestions, aiUsage, studentNotes } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createConversation, createNote, sampleSources } from '../test/factories-conversations';
import { createAdmin, createUser } from '../../../test/factories';
import { createCourse, enrollUser } from '../../courses/test/factories';
import { NOT_OWNER_MESSAGE } from './sifu-notes.access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
type Student = Awaited<ReturnType<typeof createUser>>;
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);
const del = (id: string, headers?: Headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/ai-conversations/${id}`, headers });
const post = (payload: object, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/ai-conversations', headers, payload });
const ids = (res: Awaited<ReturnType<typeof get>>) =>
  res.json<{ conversations: { id: string }[] }>().conversations.map((c) => c.id);

const HOUR = 3_600_000;
/** `count` conversations of a student, one an hour back from now; the newest first. */
async function history(
  student: Student,
  count: number,
  input: Parameters<typeof createConversation>[2] = {},
) {
  const now = t.clock.now().getTime();
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await createConversation(t, student.user.id, { created_at: new Date(now - i * HOUR), ...input }),
    );
  }
  return rows.map((row) => row.id);
}

describe('GET /api/ai-sifu/history', () => {
  it(`answers the caller's latest ${AI_HISTORY_DEFAULT_LIMIT}, newest first, with sources, note and course`, async () => {
    const me = await createUser(t);
    const course = await createCourse(t, { title: 'Zhan Zhuang Foundations' });
    const sources = sampleSources(course.id);
    const mine = await history(me, AI_HISTORY_DEFAULT_LIMIT + 2, { course_id: course.id, sources });
    const note = await createNote(t, { id: mine[0]!, user_id: me.user.id, course_id: course.id }, 'Knees!');
    await history(await createUser(t), 2);

    const res = await get('/api/ai-sifu/history', me.auth);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(mine.slice(0, AI_HISTORY_DEFAULT_LIMIT));
    expect(res.json().total).toBe(mine.length);
    const [first] = res.json<{ conversations: AiConversation[] }>().conversations;
    expect(first).toMatchObject({
      course_context: course.id,
      course_title: 'Zhan Zhuang Foundations',
      cached_response: false,
      ...sources,
      note: { id: note.id, ai_conversation_id: mine[0], course_id: course.id, note_text: 'Knees!' },
    });
    expect(res.json().conversations[1].note).toBeNull();
    expect(ids(await get('/api/ai-sifu/history?limit=3', me.auth))).toEqual(mine.slice(0, 3));
  });

  it('validates the limit and needs a token', async () => {
    const me = await createUser(t);
    const res = await get('/api/ai-sifu/history?limit=101', me.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Limit must be at most 100', code: 'VALIDATION_ERROR' });
    expect((await get('/api/ai-sifu/history')).statusCode).toBe(401);
  });
});

describe('GET /api/users/{id}/ai-conversations', () => {
  it(`pages a student's history ${AI_CONVERSATIONS_PAGE_SIZE} at a time`, async () => {
    const me = await createUser(t);
    const mine = await history(me, AI_CONVERSATIONS_PAGE_SIZE + 3);
    const first = await get(`/api/users/${me.user.id}/ai-conversations`, me.auth);
    expect(first.statusCode).toBe(200);
    expect(ids(first)).toEqual(mine.slice(0, AI_CONVERSATIONS_PAGE_SIZE));
    expect(first.json().total).toBe(mine.length);
    const next = await get(
      `/api/users/${me.user.id}/ai-conversations?offset=${AI_CONVERSATIONS_PAGE_SIZE}`,
      me.auth,
    );
    expect(ids(next)).toEqual(mine.slice(AI_CONVERSATIONS_PAGE_SIZE));
  });

  it('refuses another student, lets an administrator read, and answers 404 for nobody', async () => {
    const me = await createUser(t);
    const mine = await history(me, 2);
    const other = await createUser(t);
    for (const path of ['', '/search?q=knees', `/course/${randomUUID()}`, '/stats']) {
      const url = `/api/users/${me.user.id}/ai-conversations${path}`;
      const refused = await get(url, other.auth);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        error: 'You can only access your own account',
        code: 'NOT_OWNER',
      });
      expect((await get(url)).statusCode, url).toBe(401);
    }
    const admin = await createAdmin(t);
    expect(ids(await get(`/api/users/${me.user.id}/ai-conversations`, admin.auth))).toEqual(mine);
    const nobody = await get(`/api/users/${randomUUID()}/ai-conversations`, admin.auth);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
  });
});

describe('GET /api/users/{id}/ai-conversations/search', () => {
  const search = (me: Student, q: string, query = '') =>
    get(`/api/users/${me.user.id}/ai-conversations/search?q=${encodeURIComponent(q)}${query}`, me.auth);

  it('finds every word in the question or the answer, ignoring case and tone marks', async () => {
    const me = await createUser(t);
    const [knees] = await history(me, 1, {
      question_text: 'Where do my KNEES point in Zhàn Zhuāng?',
      response_text: 'Over the toes; sink the weight.',
    });
    const [weight] = await history(me, 1, {
      question_text: 'How do I sink?',
      response_text: 'Let the weight fall into the heels.',
    });
    await history(me, 1, { question_text: 'Silk reeling', response_text: 'Spiral from the dantian.' });
    await history(await createUser(t), 1, { question_text: 'knees', response_text: 'weight' });

    expect(ids(await search(me, 'knees'))).toEqual([knees]);
    expect(ids(await search(me, 'zhan zhuang'))).toEqual([knees]);
    expect(new Set(ids(await search(me, 'WEIGHT')))).toEqual(new Set([knees, weight]));
    expect(ids(await search(me, 'weight heels'))).toEqual([weight]);
    expect(ids(await search(me, 'weight', '&limit=1'))).toHaveLength(1);
    const none = await search(me, 'broadsword');
    expect(none.json()).toEqual({ conversations: [], total: 0 });
  });

  it('finds hanzi inside a sentence', async () => {
    const me = await createUser(t);
    const [post] = await history(me, 1, {
      question_text: 'What does 站桩 train?',
      response_text: '站桩 (zhàn zhuāng) trains structure; 太极拳 builds on it.',
    });
    const [fist] = await history(me, 1, { question_text: '太极拳 or 形意拳?', response_text: 'Both.' });
    expect(ids(await search(me, '站桩'))).toEqual([post]);
    expect(ids(await search(me, '桩'))).toEqual([post]);
    expect(new Set(ids(await search(me, '极拳')))).toEqual(new Set([post, fist]));
    expect(ids(await search(me, '意拳'))).toEqual([fist]);
  });

  it('takes % and _ literally', async () => {
    const me = await createUser(t);
    const [percent] = await history(me, 1, { question_text: 'Is 80% of the weight on the back leg?' });
    const [underscore] = await history(me, 1, { question_text: 'What is a snake_creeps_down?' });
    await history(me, 1, { question_text: 'Is 80 of anything right?', response_text: 'snakecreeps' });
    expect(ids(await search(me, '80%'))).toEqual([percent]);
    expect(ids(await search(me, '%'))).toEqual([percent]);
    expect(ids(await search(me, 'snake_'))).toEqual([underscore]);
    expect(ids(await search(me, '_'))).toEqual([underscore]);
    expect(ids(await search(me, '\\'))).toEqual([]);
  });

  it('needs a search term', async () => {
    const me = await createUser(t);
    for (const q of ['', '%20%20']) {
      const res = await get(`/api/users/${me.user.id}/ai-conversations/search?q=${q}`, me.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Please enter a search term', code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/users/{id}/ai-conversations/course/{courseId}', () => {
  it("answers one course's conversations; a deleted course leaves them without one", async () => {
    const me = await createUser(t);
    const admin = await createAdmin(t);
    const [bagua, xingyi] = [await createCourse(t), await createCourse(t, { title: 'Xingyi' })];
    const baguaOnes = await history(me, 3, { course_id: bagua.id });
    const [xingyiOne] = await history(me, 1, { course_id: xingyi.id });
    await history(me, 1);
    const url = (courseId: string, query = '') =>
      `/api/users/${me.user.id}/ai-conversations/course/${courseId}${query}`;
    const res = await get(url(bagua.id), me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    // history() makes them one an hour apart, newest first, so the same order comes back.
    expect(ids(res)).toEqual(baguaOnes);
    expect(ids(await get(url(bagua.id, '?limit=2'), me.auth))).toEqual(baguaOnes.slice(0, 2));
    expect(ids(await get(url(xingyi.id), me.auth))).toEqual([xingyiOne]);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/courses/${xingyi.id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
    expect((await get(url(xingyi.id), me.auth)).json()).toEqual({ conversations: [], total: 0 });
    const kept = await get(`/api/ai-conversations/${xingyiOne}`, me.auth);
    expect(kept.json().conversation).toMatchObject({ course_context: null, course_title: null });
  });

  it('validates the course id', async () => {
    const me = await createUser(t);
    const res = await get(`/api/users/${me.user.id}/ai-conversations/course/not-a-uuid`, me.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid course id' });
  });
});

describe('GET /api/users/{id}/ai-conversations/stats', () => {
  it('counts all, the courses discussed and the last 7 days', async () => {
    const me = await createUser(t);
    const [a, b] = [await createCourse(t), await createCourse(t)];
    const day = 24 * HOUR;
    const now = t.clock.now().getTime();
    await createConversation(t, me.user.id, { course_id: a.id, created_at: new Date(now - day) });
    await createConversation(t, me.user.id, { course_id: a.id, created_at: new Date(now - 6 * day) });
    await createConversation(t, me.user.id, { course_id: b.id, created_at: new Date(now - 8 * day) });
    await createConversation(t, me.user.id, { created_at: new Date(now - 30 * day) });
    await history(await createUser(t), 2);
    const res = await get(`/api/users/${me.user.id}/ai-conversations/stats`, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total_conversations: 4, courses_discussed: 2, recent_conversations: 2 });
    const empty = await createUser(t);
    expect((await get(`/api/users/${empty.user.id}/ai-conversations/stats`, empty.auth)).json()).toEqual({
      total_conversations: 0,
      courses_discussed: 0,
      recent_conversations: 0,
    });
  });
});

describe('GET and DELETE /api/ai-conversations/{id}', () => {
  it('answers the student and an administrator; to anyone else it does not exist', async () => {
    const me = await createUser(t);
    const [id] = await history(me, 1);
    const res = await get(`/api/ai-conversations/${id}`, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().conversation).toMatchObject({ id, note: null, terms_used: [], lessons_used: [] });
    expect((await get(`/api/ai-conversations/${id}`, (await createAdmin(t)).auth)).statusCode).toBe(200);
    for (const [url, headers] of [
      [`/api/ai-conversations/${id}`, (await createUser(t)).auth],
      [`/api/ai-conversations/${randomUUID()}`, me.auth],
    ] as const) {
      const missing = await get(url, headers);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: CONVERSATION_NOT_FOUND, code: 'CONVERSATION_NOT_FOUND' });
    }
    expect((await get(`/api/ai-conversations/${id}`)).statusCode).toBe(401);
  });

  it('deletes the conversation and its note for its student only', async () => {
    const me = await createUser(t);
    const [id] = await history(me, 1);
    const note = await createNote(t, { id: id!, user_id: me.user.id, course_id: null });
    const stored = () => t.database.db.select().from(aiConversations).where(eq(aiConversations.id, id!));

    const stranger = await del(id!, (await createUser(t)).auth);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('CONVERSATION_NOT_FOUND');
    const admin = await del(id!, (await createAdmin(t)).auth);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ error: NOT_OWNER_MESSAGE, code: 'NOT_OWNER' });
    expect((await del(id!)).statusCode).toBe(401);
    expect(await stored()).toHaveLength(1);

    const res = await del(id!, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await stored()).toHaveLength(0);
    expect(await t.database.db.select().from(studentNotes).where(eq(studentNotes.id, note.id))).toHaveLength(
      0,
    );
    expect((await del(id!, me.auth)).statusCode).toBe(404);
  });
});

describe('POST /api/ai-conversations', () => {
  const question = { question_text: '  Why relax the shoulders?  ', response_text: 'So the force can sink.' };

  it('keeps a question and answer the student brings, without asking or counting it', async () => {
    const me = await createUser(t);
    const course = await createCourse(t, { title: 'Taijiquan 24' });
    await enrollUser(t, me.user.id, course.id);
    const res = await post({ ...question, course_context: course.id }, me.auth);
    expect(res.statusCode).toBe(201);
    const { conversation } = res.json<{ conversation: AiConversation }>();
    expect(conversation).toMatchObject({
      question_text: 'Why relax the shoulders?',
      response_text: 'So the force can sink.',
      course_context: course.id,
      course_title: 'Taijiquan 24',
      cached_response: false,
      response_time_ms: 0,
      terms_used: [],
      note: null,
      created_at: t.clock.now().toISOString(),
    });
    expect(ids(await get('/api/ai-sifu/history', me.auth))).toEqual([conversation.id]);
    expect(await t.database.db.select().from(aiQuestions).where(eq(aiQuestions.user_id, me.user.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(aiUsage).where(eq(aiUsage.user_id, me.user.id))).toEqual([]);

    const without = await post(question, me.auth);
    expect(without.statusCode).toBe(201);
    expect(without.json().conversation).toMatchObject({ course_context: null, course_title: null });
  });

  it('files it only under a course the student is enrolled in (any course for an administrator)', async () => {
    const me = await createUser(t);
    const course = await createCourse(t);
    const notEnrolled = await post({ ...question, course_context: course.id }, me.auth);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json()).toEqual({ error: SIFU_NOT_ENROLLED, code: 'NOT_ENROLLED' });
    const admin = await createAdmin(t);
    for (const auth of [me.auth, admin.auth]) {
      const missing = await post({ ...question, course_context: randomUUID() }, auth);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: SIFU_COURSE_NOT_FOUND, code: 'COURSE_NOT_FOUND' });
    }
    expect(
      await t.database.db.select().from(aiConversations).where(eq(aiConversations.user_id, me.user.id)),
    ).toEqual([]);
    expect((await post({ ...question, course_context: course.id }, admin.auth)).statusCode).toBe(201);
  });

  it('validates the question, the answer and the course', async () => {
    const me = await createUser(t);
    for (const [body, message] of [
      [{ ...question, question_text: '  ' }, SIFU_QUESTION_REQUIRED],
      [{ response_text: 'x' }, SIFU_QUESTION_REQUIRED],
      [{ ...question, question_text: 'x'.repeat(1001) }, 'Must be at most 1000 characters'],
      [{ ...question, response_text: '' }, 'Please add the answer'],
      [{ ...question, course_context: 'nope' }, 'Invalid course id'],
    ] as const) {
      const res = await post(body, me.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect((await post(question)).statusCode).toBe(401);
  });
});
