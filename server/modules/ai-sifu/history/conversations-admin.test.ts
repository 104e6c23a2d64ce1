import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIVE_USERS_DEFAULT_LIMIT,
  ADMIN_CONVERSATIONS_DEFAULT_LIMIT,
  CLEANUP_DEFAULT_DAYS,
} from '../../../../common/ai-sifu';
import { aiConversations, aiQuestions, studentNotes } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createConversation, createNote, sampleSources } from '../test/factories-conversations';
import { createAdmin, createUser } from '../../../test/factories';
import { createCourse } from '../../courses/test/factories';
import { ACTIVE_USERS_WINDOW_DAYS } from './conversations.service';

/* The administrators' figures count the whole school, so each test has a database of its own. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);
const cleanup = (payload: object, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/ai-conversations/cleanup', headers, payload });

const DAY = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

describe('GET /api/admin/ai-conversations', () => {
  it(`lists every student's conversations, newest first, ${ADMIN_CONVERSATIONS_DEFAULT_LIMIT} a page, with who asked`, async () => {
    const admin = await createAdmin(t);
    const [mei, wei] = [
      await createUser(t, { name: 'Mei Chen' }),
      await createUser(t, { name: 'Wei Zhang' }),
    ];
    const course = await createCourse(t, { title: 'Xingyiquan' });
    const sources = sampleSources(course.id);
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_CONVERSATIONS_DEFAULT_LIMIT + 2; i++) {
      const who = i % 2 === 0 ? mei : wei;
      const row = await createConversation(t, who.user.id, {
        created_at: new Date(t.clock.now().getTime() - i * 60_000),
        course_id: course.id,
        sources,
      });
      ids.push(row.id);
    }
    await createNote(t, { id: ids[0]!, user_id: mei.user.id, course_id: course.id });
    const res = await get('/api/admin/ai-conversations', admin.auth);
    expect(res.statusCode).toBe(200);
    const { conversations, total } = res.json<{ conversations: Record<string, unknown>[]; total: number }>();
    expect(total).toBe(ids.length);
    expect(conversations.map((c) => c.id)).toEqual(ids.slice(0, ADMIN_CONVERSATIONS_DEFAULT_LIMIT));
    expect(conversations[0]).toMatchObject({
      user_id: mei.user.id,
      user_name: 'Mei Chen',
      course_context: course.id,
      course_title: 'Xingyiquan',
      ...sources,
    });
    expect(conversations[0]).not.toHaveProperty('note');
    expect(conversations[1]).toMatchObject({ user_id: wei.user.id, user_name: 'Wei Zhang' });
    const page = await get('/api/admin/ai-conversations?limit=2&offset=50', admin.auth);
    expect(page.json().conversations.map((c: { id: string }) => c.id)).toEqual(ids.slice(50));
  });
});

describe('GET /api/admin/ai-conversations/analytics', () => {
  it('counts conversations, students, courses, the last 7 days, cached ones and per course', async () => {
    const admin = await createAdmin(t);
    const empty = await get('/api/admin/ai-conversations/analytics', admin.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      total_conversations: 0,
      unique_users: 0,
      courses_discussed: 0,
      recent_conversations: 0,
      cached_conversations: 0,
      avg_response_time_ms: 0,
      by_course: [],
    });

    const [mei, wei] = [await createUser(t), await createUser(t)];
    const bagua = await createCourse(t, { title: 'Baguazhang' });
    const taiji = await createCourse(t, { title: 'Taijiquan' });
    const gone = await createCourse(t, { title: 'Gone' });
    await createConversation(t, mei.user.id, { course_id: bagua.id, response_time_ms: 1000 });
    await createConversation(t, mei.user.id, {
      course_id: taiji.id,
      response_time_ms: 2001,
      cached_response: true,
    });
    await createConversation(t, wei.user.id, {
      course_id: taiji.id,
      response_time_ms: 3000,
      created_at: daysAgo(8),
    });
    // Kept by the student, not answered: counted, but not in the answers' response time.
    await createConversation(t, wei.user.id, {
      course_id: gone.id,
      created_at: daysAgo(30),
      origin: 'brought',
    });
    await t.app.inject({ method: 'DELETE', url: `/api/courses/${gone.id}`, headers: admin.auth });

    const res = await get('/api/admin/ai-conversations/analytics', admin.auth);
    expect(res.json()).toEqual({
      total_conversations: 4,
      unique_users: 2,
      courses_discussed: 2,
      recent_conversations: 2,
      cached_conversations: 1,
      avg_response_time_ms: 2000,
      by_course: [
        { course_id: taiji.id, course_title: 'Taijiquan', conversations: 2 },
        { course_id: bagua.id, course_title: 'Baguazhang', conversations: 1 },
      ],
    });
  });
});

describe('GET /api/admin/ai-conversations/active-users', () => {
  it(`ranks students by their conversations of the last ${ACTIVE_USERS_WINDOW_DAYS} days, administrators left out`, async () => {
    const admin = await createAdmin(t);
    const keen = await createUser(t, { name: 'Keen' });
    const steady = await createUser(t, { name: 'Steady' });
    const lapsed = await createUser(t, { name: 'Lapsed' });
    for (let i = 0; i < 3; i++) await createConversation(t, keen.user.id, { created_at: daysAgo(i) });
    await createConversation(t, steady.user.id, { created_at: daysAgo(2) });
    await createConversation(t, steady.user.id, { created_at: daysAgo(ACTIVE_USERS_WINDOW_DAYS - 1) });
    for (let i = 0; i < 5; i++) {
      await createConversation(t, lapsed.user.id, { created_at: daysAgo(ACTIVE_USERS_WINDOW_DAYS + 1) });
    }
    for (let i = 0; i < 5; i++) await createConversation(t, admin.user.id);
    const others = [];
    for (let i = 0; i < ACTIVE_USERS_DEFAULT_LIMIT; i++) {
      others.push(await createUser(t));
      await createConversation(t, others[i]!.user.id, { created_at: daysAgo(10) });
    }

    const res = await get('/api/admin/ai-conversations/active-users', admin.auth);
    expect(res.statusCode).toBe(200);
    const { users } = res.json<{ users: Record<string, unknown>[] }>();
    expect(users).toHaveLength(ACTIVE_USERS_DEFAULT_LIMIT);
    expect(users[0]).toEqual({
      user_id: keen.user.id,
      name: 'Keen',
      email: keen.user.email,
      conversations: 3,
      last_question_at: t.clock.now().toISOString(),
    });
    expect(users[1]).toMatchObject({ user_id: steady.user.id, conversations: 2 });
    expect(users.slice(2).every((user) => user.conversations === 1)).toBe(true);
    const named = users.map((user) => user.user_id);
    expect(named).not.toContain(lapsed.user.id);
    expect(named).not.toContain(admin.user.id);

    const two = await get('/api/admin/ai-conversations/active-users?limit=2', admin.auth);
    expect(two.json().users.map((user: { user_id: string }) => user.user_id)).toEqual([
      keen.user.id,
      steady.user.id,
    ]);
    const tooMany = await get('/api/admin/ai-conversations/active-users?limit=101', admin.auth);
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('POST /api/admin/ai-conversations/cleanup', () => {
  async function seed(ages: number[]) {
    const student = await createUser(t);
    const conversations = [];
    for (const age of ages) {
      const row = await createConversation(t, student.user.id, { created_at: daysAgo(age) });
      await createNote(t, row);
      await t.database.db.insert(aiQuestions).values({
        user_id: student.user.id,
        question_key: 'knees',
        question_text: row.question_text,
        cached: false,
        provider: 'local',
        created_at: daysAgo(age),
      });
      conversations.push(row.id);
    }
    return conversations;
  }
  const left = async () => ({
    conversations: (await t.database.db.select().from(aiConversations)).length,
    notes: (await t.database.db.select().from(studentNotes)).length,
    questions: (await t.database.db.select().from(aiQuestions)).length,
  });

  it(`deletes conversations, their notes and the question log older than days_old (${CLEANUP_DEFAULT_DAYS} by default)`, async () => {
    const admin = await createAdmin(t);
    const [recent, month, year, old] = await seed([
      1,
      40,
      CLEANUP_DEFAULT_DAYS - 1,
      CLEANUP_DEFAULT_DAYS + 1,
    ]);

    const res = await cleanup({}, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, deleted: 1 });
    expect(await left()).toEqual({ conversations: 3, notes: 3, questions: 3 });
    const kept = await t.database.db
      .select({ id: aiConversations.id })
      .from(aiConversations)
      .where(inArray(aiConversations.id, [recent!, month!, year!, old!]));
    expect(kept.map((row) => row.id).sort()).toEqual([recent!, month!, year!].sort());

    expect((await cleanup({ days_old: 30 }, admin.auth)).json()).toEqual({ success: true, deleted: 2 });
    expect(await left()).toEqual({ conversations: 1, notes: 1, questions: 1 });
    expect((await cleanup({ days_old: 30 }, admin.auth)).json()).toEqual({ success: true, deleted: 0 });
  });

  it('validates days_old and is for administrators only', async () => {
    const admin = await createAdmin(t);
    await seed([400]);
    for (const [days_old, message] of [
      [0, 'Days must be at least 1'],
      [3651, 'Days must be at most 3650'],
      [1.5, 'Days must be a whole number'],
      ['soon', 'Days must be a whole number'],
    ] as const) {
      const res = await cleanup({ days_old }, admin.auth);
      expect(res.statusCode, String(days_old)).toBe(400);
      expect(res.json(), String(days_old)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const student = await createUser(t);
    const refused = await cleanup({ days_old: 1 }, student.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ADMIN_ONLY');
    expect((await cleanup({ days_old: 1 })).statusCode).toBe(401);
    expect(await left()).toEqual({ conversations: 1, notes: 1, questions: 1 });
  });
});
