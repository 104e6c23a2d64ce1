import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiUsage, UserUsageResponse } from '../../../../common/ai-sifu';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser } from '../../../test/factories';
import { askAs, scriptedProvider, uniqueWord } from '../test/factories-ask';
import { createCourse, enrollUser } from '../../courses/test/factories';
import { createSubscription } from '../../payments/test/factories';

const LIMIT = 5;
const model = scriptedProvider();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { AI_SIFU_COURSE_MONTHLY_LIMIT: LIMIT, AI_SIFU_RATE_LIMIT_PER_MINUTE: 1000 },
    { aiProvider: model.provider },
  );
});
afterAll(async () => t.close());

const get = (url: string, auth: Record<string, string> = {}) => t.call('GET', url, undefined, auth);

describe('GET /api/ai-sifu/usage', () => {
  it('shows a student each enrolled course’s questions this month and the subscription’s', async () => {
    const student = await createUser(t);
    const tai = await createCourse(t, { title: 'Tai chi foundations', modules: 1, lessonsPerModule: 1 });
    const bagua = await createCourse(t, { title: 'Bagua circle walking', modules: 1, lessonsPerModule: 1 });
    await createCourse(t, { title: 'Xingyi, not enrolled' });
    await enrollUser(t, student.user.id, tai.id);
    await enrollUser(t, student.user.id, bagua.id);
    await createSubscription(t, student.user.id, { monthly_question_limit: 40 });
    for (let i = 0; i < 2; i++) await askAs(t, student.auth, `What is ${uniqueWord()}?`, tai.id);

    const res = await get('/api/ai-sifu/usage', student.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(AiUsage.parse(res.json())).toEqual({
      is_admin: false,
      subscription: { active: true, used: 0, limit: 40, remaining: 40 },
      courses: [
        {
          course_id: bagua.id,
          course_title: 'Bagua circle walking',
          used: 0,
          limit: LIMIT,
          remaining: LIMIT,
        },
        {
          course_id: tai.id,
          course_title: 'Tai chi foundations',
          used: 2,
          limit: LIMIT,
          remaining: LIMIT - 2,
        },
      ],
    });
  });

  it('shows a student with no courses and no subscription nothing to use', async () => {
    const student = await createUser(t);
    expect((await get('/api/ai-sifu/usage', student.auth)).json()).toEqual({
      is_admin: false,
      subscription: { active: false, used: 0, limit: 0, remaining: 0 },
      courses: [],
    });
  });

  it('tells administrators they are administrators, with no courses', async () => {
    const admin = await createAdmin(t);
    const course = await createCourse(t);
    await enrollUser(t, admin.user.id, course.id);
    expect((await get('/api/ai-sifu/usage', admin.auth)).json()).toEqual({
      is_admin: true,
      subscription: { active: false, used: 0, limit: 0, remaining: 0 },
      courses: [],
    });
  });

  it('asks visitors to sign in', async () => {
    expect((await get('/api/ai-sifu/usage')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/ai-sifu/user-usage/{userId}', () => {
  it('shows an administrator a student’s usage and totals, cached answers included', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    await enrollUser(t, student.user.id, course.id);
    const question = `What is ${uniqueWord()}?`;
    await askAs(t, student.auth, question, course.id);
    await askAs(t, student.auth, question, course.id);
    t.clock.advance(60_000);
    await askAs(t, student.auth, `What is ${uniqueWord()}?`, course.id);

    const res = await get(`/api/admin/ai-sifu/user-usage/${student.user.id}`, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = UserUsageResponse.parse(res.json());
    expect(body).toEqual({
      usage: {
        is_admin: false,
        subscription: { active: false, used: 0, limit: 0, remaining: 0 },
        courses: [expect.objectContaining({ course_id: course.id, used: 2, remaining: LIMIT - 2 })],
      },
      total_questions: 3,
      total_cost_cents: 0.5,
      last_question_at: t.clock.now().toISOString(),
    });
  });

  it('shows a user who never asked as such', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const res = await get(`/api/admin/ai-sifu/user-usage/${student.user.id}`, admin.auth);
    expect(res.json()).toMatchObject({ total_questions: 0, total_cost_cents: 0, last_question_at: null });
  });

  it('answers 404 for a user who does not exist, 400 for an id that is not one', async () => {
    const admin = await createAdmin(t);
    const unknown = await get(`/api/admin/ai-sifu/user-usage/${crypto.randomUUID()}`, admin.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    expect((await get('/api/admin/ai-sifu/user-usage/nobody', admin.auth)).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const student = await createUser(t);
    expect((await get(`/api/admin/ai-sifu/user-usage/${student.user.id}`, student.auth)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/admin/ai-sifu/user-usage/${student.user.id}`)).statusCode).toBe(401);
  });
});
