import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { createAdmin, createUser, DEFAULT_PASSWORD } from '../test/factories';
import { blogPostBody } from './blog/test/factories';
import { createConversation, createNote } from './ai-sifu/test/factories-conversations';
import { createCourse, enrollUser } from './courses/test/factories';
import { newsBody } from './news/test/factories';
import { quoteBody } from './quotes/test/factories';
import { TESTIMONIAL_TEXT } from './testimonials/test/factories';
import { TESTIMONIAL_SUBMIT_LIMIT } from '../../common/testimonials';
import { CONVERSATION_SAVE_RATE_LIMIT } from './ai-sifu/history/conversations.routes';
import { NOTE_SAVE_RATE_LIMIT } from './ai-sifu/history/notes.routes';
import { CONVERSATION_CREATE_RATE_LIMIT, MESSAGE_SEND_RATE_LIMIT } from './messages/messages.routes';
import { QUIZ_SUBMIT_RATE_LIMIT } from './progress/progress.routes';
import { SUPPORT_REQUEST_RATE_LIMIT } from './support/support.routes';
import { multipart } from './uploads/multipart-body';
import { UPLOAD_RATE_LIMIT } from './uploads/uploads.routes';
import { PROFILE_SAVE_RATE_LIMIT } from './users/users.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 1, AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

type Made = Awaited<ReturnType<typeof createUser>>;
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
let addresses = 0;
/** Each request from another client address, so only a per-user limit can stop them. */
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addresses % 250}` });

function expectLimited(res: Response, windowMinutes: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/),
    code: 'TOO_MANY_REQUESTS',
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
}

describe('PUT /api/user/{id}: profile saves per user', () => {
  const save = (me: Made, email: string) =>
    t.call(
      'PUT',
      `/api/user/${me.user.id}`,
      { name: me.user.name, email, username: me.user.username, current_password: DEFAULT_PASSWORD },
      { ...me.auth, ...fromNewAddress() },
    );

  it(`stops probing which e-mails are taken after ${PROFILE_SAVE_RATE_LIMIT.max} saves`, async () => {
    const prober = await createUser(t);
    const others = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    for (let i = 0; i < PROFILE_SAVE_RATE_LIMIT.max; i++) {
      const res = await save(prober, others[i % others.length]!.user.email);
      expect(res.statusCode).toBe(409);
    }
    expectLimited(await save(prober, others[0].user.email), PROFILE_SAVE_RATE_LIMIT.windowMinutes);
    expectLimited(await save(prober, prober.user.email), PROFILE_SAVE_RATE_LIMIT.windowMinutes);

    // The limit is the prober's own: another student saves as usual.
    const other = others[0];
    expect((await save(other, other.user.email)).statusCode).toBe(200);
  });

  it('does not limit administrators, who can list every account anyway', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    for (let i = 0; i <= PROFILE_SAVE_RATE_LIMIT.max; i++) {
      const res = await t.call(
        'PUT',
        `/api/user/${student.user.id}`,
        { name: `Name ${i}`, email: student.user.email, username: student.user.username },
        admin.auth,
      );
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('POST /api/uploads: uploads per user', () => {
  it(`answers 429 past ${UPLOAD_RATE_LIMIT.max} avatars`, async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2b6' } })
      .png()
      .toBuffer();
    const upload = (auth: Record<string, string>) => {
      const { payload, headers } = multipart([
        { name: 'folder', value: 'avatars' },
        { name: 'file', filename: 'me.png', type: 'image/png', data: image },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { ...headers, ...auth, ...fromNewAddress() },
      });
    };
    const me = await createUser(t);
    for (let i = 0; i < UPLOAD_RATE_LIMIT.max; i++) expect((await upload(me.auth)).statusCode).toBe(200);
    expectLimited(await upload(me.auth), UPLOAD_RATE_LIMIT.windowMinutes);
    expect((await upload((await createUser(t)).auth)).statusCode).toBe(200);
  });
});

describe('POST /api/lessons/{id}/submit-quiz: attempts per user', () => {
  it(`answers 429 past ${QUIZ_SUBMIT_RATE_LIMIT.max} submissions`, async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1, quiz: true });
    const [me, other] = [await createUser(t), await createUser(t)];
    await enrollUser(t, me.user.id, course.id);
    await enrollUser(t, other.user.id, course.id);
    const submit = (student: Made) =>
      t.call(
        'POST',
        `/api/lessons/${course.quizLessonId}/submit-quiz`,
        { userId: student.user.id, responses: [] },
        { ...student.auth, ...fromNewAddress() },
      );
    for (let i = 0; i < QUIZ_SUBMIT_RATE_LIMIT.max; i++) expect((await submit(me)).statusCode).toBe(200);
    expectLimited(await submit(me), QUIZ_SUBMIT_RATE_LIMIT.windowMinutes);
    expect((await submit(other)).statusCode).toBe(200);
  });
});

describe('POST /api/testimonials: submissions per client address', () => {
  it(`answers 429 past ${TESTIMONIAL_SUBMIT_LIMIT.max} testimonials from one address`, async () => {
    const submit = (address: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/testimonials',
        headers: address,
        payload: {
          student_name: 'Rosa Delgado',
          instructor_context: 'Baguazhang',
          testimonial_text: TESTIMONIAL_TEXT,
        },
      });
    const one = fromNewAddress();
    for (let i = 0; i < TESTIMONIAL_SUBMIT_LIMIT.max; i++) expect((await submit(one)).statusCode).toBe(202);
    expectLimited(await submit(one), TESTIMONIAL_SUBMIT_LIMIT.windowMinutes);
    expect((await submit(fromNewAddress())).statusCode).toBe(202);
  });
});

describe('the blog: every write is an administrator’s', () => {
  it('does not limit administrators saving posts, as no per-user limit does', async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i <= UPLOAD_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/post',
        headers: { ...admin.auth, ...fromNewAddress() },
        payload: blogPostBody({ title: `Note ${i}` }),
      });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('news and quotes: every write is an administrator’s', () => {
  it('does not limit administrators saving news or quotes, as no per-user limit does', async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i <= UPLOAD_RATE_LIMIT.max; i++) {
      for (const [url, payload] of [
        ['/api/admin/news', newsBody({ title: `Notice ${i}` })],
        ['/api/admin/quotes', quoteBody()],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...admin.auth, ...fromNewAddress() },
          payload,
        });
        expect(res.statusCode, url).toBe(201);
      }
    }
  });
});

describe('messaging: sends, conversation starts and support requests per user', () => {
  const post = (who: Made, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.auth, ...fromNewAddress() }, payload });

  it(`answers 429 past ${MESSAGE_SEND_RATE_LIMIT.max} messages, the sender's own limit`, async () => {
    const [me, friend] = [await createUser(t), await createUser(t)];
    const send = (who: Made, to: Made) =>
      post(who, '/api/messages', { recipient_id: to.user.id, text: 'hi' });
    for (let i = 0; i < MESSAGE_SEND_RATE_LIMIT.max; i++)
      expect((await send(me, friend)).statusCode).toBe(201);
    expectLimited(await send(me, friend), MESSAGE_SEND_RATE_LIMIT.windowMinutes);
    expect((await send(friend, me)).statusCode).toBe(201);
  });

  it(`answers 429 past ${CONVERSATION_CREATE_RATE_LIMIT.max} conversation starts`, async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const start = () => post(me, '/api/conversations', { user1_id: me.user.id, user2_id: other.user.id });
    for (let i = 0; i < CONVERSATION_CREATE_RATE_LIMIT.max; i++)
      expect((await start()).statusCode).toBeLessThan(300);
    expectLimited(await start(), CONVERSATION_CREATE_RATE_LIMIT.windowMinutes);
  });

  it(`answers 429 past ${SUPPORT_REQUEST_RATE_LIMIT.max} support requests`, async () => {
    await createAdmin(t);
    const me = await createUser(t);
    const ask = () => post(me, '/api/support', { subject: 'Help', category: 'other', description: 'Please' });
    for (let i = 0; i < SUPPORT_REQUEST_RATE_LIMIT.max; i++) expect((await ask()).statusCode).toBe(201);
    expectLimited(await ask(), SUPPORT_REQUEST_RATE_LIMIT.windowMinutes);
  });
});

describe("Sifu's Notes: conversations kept and notes saved per user", () => {
  const send = (who: Made, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { ...who.auth, ...fromNewAddress() }, payload });
  const keep = (who: Made) =>
    send(who, 'POST', '/api/ai-conversations', { question_text: 'Why?', response_text: 'Because.' });

  it(`answers 429 past ${CONVERSATION_SAVE_RATE_LIMIT.max} conversations kept`, async () => {
    const me = await createUser(t);
    for (let i = 0; i < CONVERSATION_SAVE_RATE_LIMIT.max; i++) expect((await keep(me)).statusCode).toBe(201);
    expectLimited(await keep(me), CONVERSATION_SAVE_RATE_LIMIT.windowMinutes);
    expect((await keep(await createUser(t))).statusCode).toBe(201);
  });

  it(`answers 429 past ${NOTE_SAVE_RATE_LIMIT.max} new notes`, async () => {
    const me = await createUser(t);
    const write = async (who: Made) => {
      const conversation = await createConversation(t, who.user.id);
      return send(who, 'POST', '/api/student-notes', {
        ai_conversation_id: conversation.id,
        note_text: 'Note',
      });
    };
    for (let i = 0; i < NOTE_SAVE_RATE_LIMIT.max; i++) expect((await write(me)).statusCode).toBe(201);
    expectLimited(await write(me), NOTE_SAVE_RATE_LIMIT.windowMinutes);
    expect((await write(await createUser(t))).statusCode).toBe(201);
  });

  it(`answers 429 past ${NOTE_SAVE_RATE_LIMIT.max} rewrites of notes`, async () => {
    const rewrite = async (who: Made, times: number) => {
      const conversation = await createConversation(t, who.user.id);
      const note = await createNote(t, conversation);
      const answers = [];
      for (let i = 0; i < times; i++) {
        answers.push(await send(who, 'PUT', `/api/student-notes/${note.id}`, { note_text: `Draft ${i}` }));
      }
      return answers;
    };
    const me = await createUser(t);
    const answers = await rewrite(me, NOTE_SAVE_RATE_LIMIT.max + 1);
    expect(answers.slice(0, -1).every((res) => res.statusCode === 200)).toBe(true);
    expectLimited(answers.at(-1)!, NOTE_SAVE_RATE_LIMIT.windowMinutes);
    expect((await rewrite(await createUser(t), 1))[0]!.statusCode).toBe(200);
  });
});

describe('POST /api/ai-sifu/ask: questions per user and minute', () => {
  const perMinute = testConfig().AI_SIFU_RATE_LIMIT_PER_MINUTE;
  const ask = (who: Made, courseId: string) =>
    t.call(
      'POST',
      '/api/ai-sifu/ask',
      { question: 'What is zhan zhuang?', course_id: courseId },
      { ...who.auth, ...fromNewAddress() },
    );

  it(`answers 429 past ${perMinute} questions a minute, cached answers included; others ask on`, async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const [me, classmate] = [await createUser(t), await createUser(t)];
    await enrollUser(t, me.user.id, course.id);
    await enrollUser(t, classmate.user.id, course.id);
    for (let i = 0; i < perMinute; i++) expect((await ask(me, course.id)).statusCode).toBe(200);
    expectLimited(await ask(me, course.id), 1);
    expect((await ask(classmate, course.id)).statusCode).toBe(200);
  });
});
