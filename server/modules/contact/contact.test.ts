import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT_PER_MINUTE } from '../../../common/contact';
import { mailOutbox } from '../../db/schema';
import { backoffMs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { createCourse } from '../courses/test/factories';
import { createAdmin, createUser } from '../../test/factories';

let t: TestApp;
let adminAuth: Record<string, string>;
/** The active administrators, who each receive every message. */
let recipients: string[];
let student: Awaited<ReturnType<typeof createUser>>;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp();
  const first = await createAdmin(t, { email: 'sifu-wang@example.org' });
  const second = await createAdmin(t, { email: 'sifu-li@example.org' });
  await createAdmin(t, { email: 'retired-admin@example.org', is_active: false });
  student = await createUser(t, { email: 'mei@example.org', username: 'mei_chen', name: 'Mei Chen' });
  courseId = (await createCourse(t, { title: 'Xingyi Five Elements', price: 49 })).id;
  adminAuth = first.auth;
  recipients = [first.user.email, second.user.email];
});
afterAll(async () => t.close());

/**
 * Every test writes from its own client address, so the per-address limit of one test does not
 * spill into the next.
 */
let addressCount = 0;
const nextAddress = () => `203.0.113.${++addressCount}`;

const validMessage = () => ({
  name: 'Daniel Ortiz',
  email: 'daniel@example.com',
  topic: 'payment',
  subject: 'My card was refused',
  message: 'I tried to buy the course twice.\nBoth times the card was declined.',
  course_id: courseId,
  reference: 'declined',
});

function send(
  app: TestApp,
  payload: unknown,
  options: { headers?: Record<string, string>; address?: string } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as object,
    headers: options.headers,
    remoteAddress: options.address ?? nextAddress(),
  });
}

/** The e-mails sent while `action` ran. */
async function mailDuring(action: () => Promise<unknown>) {
  const before = t.mail.length;
  await action();
  return t.mail.slice(before);
}

describe('POST /api/contact', () => {
  it('e-mails the message to every active administrator and answers 202', async () => {
    let status = 0;
    let body: unknown;
    const sent = await mailDuring(async () => {
      const res = await send(t, validMessage());
      status = res.statusCode;
      body = res.json();
    });
    expect(status).toBe(202);
    expect(body).toEqual({ success: true });

    // Deactivated admins and students get nothing.
    expect(sent.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe('[Contact] Payment or billing: My card was refused');
      expect(mail).not.toHaveProperty('html');
      expect(mail.text).toContain('Name: Daniel Ortiz');
      expect(mail.text).toContain('E-mail: daniel@example.com');
      expect(mail.text).toContain('Topic: Payment or billing');
      expect(mail.text).toContain(`Course: Xingyi Five Elements (id ${courseId})`);
      expect(mail.text).toContain('Reference: declined');
      expect(mail.text).toContain('Signed in: no (sent by a visitor)');
      expect(mail.text).toContain('Subject: My card was refused');
      expect(mail.text).toContain('I tried to buy the course twice.\nBoth times the card was declined.');
    }
  });

  it('leaves the messages in the outbox the admins can read', async () => {
    const subject = `Outbox check ${randomUUID().slice(0, 8)}`;
    expect((await send(t, { ...validMessage(), topic: 'classes', subject })).statusCode).toBe(202);
    const res = await t.call('GET', '/api/admin/outbox', undefined, adminAuth);
    const rows = res
      .json()
      .messages.filter(
        (row: { subject: string }) => row.subject === `[Contact] Classes and workshops: ${subject}`,
      );
    expect(rows.map((row: { to_address: string }) => row.to_address).sort()).toEqual([...recipients].sort());
  });

  it('takes the minimal form: topic defaults to other; no course or reference lines', async () => {
    const sent = await mailDuring(async () => {
      const res = await send(t, {
        name: '  Lin  ',
        email: ' lin@example.com ',
        subject: ' Question ',
        message: 'Hello',
      });
      expect(res.statusCode).toBe(202);
    });
    expect(sent).toHaveLength(recipients.length);
    const [mail] = sent;
    expect(mail!.subject).toBe('[Contact] Something else: Question');
    expect(mail!.text).toContain('Name: Lin\n');
    expect(mail!.text).toContain('E-mail: lin@example.com ');
    expect(mail!.text).not.toContain('Course:');
    expect(mail!.text).not.toContain('Reference:');
  });

  it('names a course id it does not know, and ignores fields it does not take', async () => {
    const unknownId = randomUUID();
    const sent = await mailDuring(async () => {
      const res = await send(t, {
        ...validMessage(),
        course_id: unknownId,
        is_admin: true,
        html: '<b>x</b>',
      });
      expect(res.statusCode).toBe(202);
    });
    expect(sent[0]!.text).toContain(`Course: unknown course (id ${unknownId})`);
    expect(sent[0]!.text).not.toContain('<b>x</b>');
  });

  it('notes the signed-in sender, and treats a bad token as a visitor', async () => {
    const signedIn = await mailDuring(async () => {
      expect((await send(t, validMessage(), { headers: student.auth })).statusCode).toBe(202);
    });
    expect(signedIn[0]!.text).toContain(
      `Signed in as: mei_chen (Mei Chen, mei@example.org), user id ${student.user.id}`,
    );

    const badToken = await mailDuring(async () => {
      const res = await send(t, validMessage(), { headers: { authorization: 'Bearer not-a-token' } });
      expect(res.statusCode).toBe(202);
    });
    expect(badToken[0]!.text).toContain('Signed in: no (sent by a visitor)');
  });

  it('keeps user text as plain text, and one-line fields on one line', async () => {
    const sent = await mailDuring(async () => {
      const res = await send(t, {
        ...validMessage(),
        name: 'Eve\nTopic: Classes and workshops',
        subject: 'Refund\r\nBcc: everyone@example.org',
        reference: 'order\u2028forged',
        message: '<script>alert(1)</script> & <b>bold</b>',
      });
      expect(res.statusCode).toBe(202);
    });
    const mail = sent[0]!;
    expect(mail.subject).toBe('[Contact] Payment or billing: Refund Bcc: everyone@example.org');
    expect(mail.text).toContain('Name: Eve Topic: Classes and workshops\n');
    expect(mail.text).toContain('Reference: order forged\n');
    expect(mail.text.match(/^Topic: /gm)).toHaveLength(1);
    expect(mail.text).toContain('<script>alert(1)</script> & <b>bold</b>');
  });

  it.each([
    ['name missing', { name: undefined }, 'name', 'Name is required'],
    ['name blank', { name: '   ' }, 'name', 'Name is required'],
    ['name too long', { name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    ['name not text', { name: 42 }, 'name', 'Name is required'],
    ['email missing', { email: undefined }, 'email', 'Please enter a valid email address'],
    ['email blank', { email: '' }, 'email', 'Please enter a valid email address'],
    ['email malformed', { email: 'daniel@' }, 'email', 'Please enter a valid email address'],
    [
      'email too long',
      { email: `${'d'.repeat(250)}@example.com` },
      'email',
      'Please enter a valid email address',
    ],
    ['topic unknown', { topic: 'refunds' }, 'topic', 'Please choose a topic'],
    ['subject missing', { subject: undefined }, 'subject', 'Subject is required'],
    ['subject blank', { subject: ' ' }, 'subject', 'Subject is required'],
    ['subject too long', { subject: 's'.repeat(151) }, 'subject', 'Subject must be at most 150 characters'],
    ['message missing', { message: undefined }, 'message', 'Message is required'],
    ['message blank', { message: '\n\n' }, 'message', 'Message is required'],
    ['message too long', { message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    ['course id malformed', { course_id: 'course-1' }, 'course_id', 'Invalid course id'],
    [
      'reference too long',
      { reference: 'r'.repeat(201) },
      'reference',
      'Reference must be at most 200 characters',
    ],
    ['reference not text', { reference: ['declined'] }, 'reference', 'Reference must be text'],
  ])('refuses %s with its message and sends nothing', async (_case, change, path, message) => {
    const sent = await mailDuring(async () => {
      const res = await send(t, { ...validMessage(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: message,
        code: 'VALIDATION_ERROR',
        details: [{ path, message }],
      });
    });
    expect(sent).toEqual([]);
  });

  it('lists every missing field of an empty form', async () => {
    const res = await send(t, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'subject', message: 'Subject is required' },
      { path: 'message', message: 'Message is required' },
    ]);
  });

  it.each(['{bad', 'null', '42', '"text"', '[]', 'true', ''])(
    'answers a 4xx in the error shape for the raw body %j',
    async (raw) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: raw,
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual(
        expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
      );
    },
  );

  it(`answers 429 past ${CONTACT_RATE_LIMIT_PER_MINUTE} messages a minute from one address`, async () => {
    const address = nextAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await send(t, validMessage(), { address })).statusCode).toBe(202);
    }
    const sent = await mailDuring(async () => {
      const res = await send(t, validMessage(), { address });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({
        error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
        code: 'TOO_MANY_REQUESTS',
      });
    });
    expect(sent).toEqual([]);
    // Other addresses are not held back.
    expect((await send(t, validMessage())).statusCode).toBe(202);
  });
});

describe('POST /api/contact without an administrator', () => {
  let lonely: TestApp;
  beforeAll(async () => {
    lonely = await createTestApp();
    await createUser(lonely);
    await createAdmin(lonely, { is_active: false });
  });
  afterAll(async () => lonely.close());

  it("answers 503 'Admin user not found.' and sends nothing", async () => {
    const res = await send(lonely, validMessage());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Admin user not found.', code: 'ADMIN_NOT_FOUND' });
    expect(lonely.mail).toEqual([]);
  });
});

describe('POST /api/contact while the mail server is down', () => {
  let down: TestApp;
  let admins: string[];
  beforeAll(async () => {
    down = await createTestApp({}, { runJobsBeforeReply: false, mailFailures: 2 });
    admins = [
      (await createAdmin(down, { email: 'sifu-chen@example.org' })).user.email,
      (await createAdmin(down, { email: 'sifu-zhao@example.org' })).user.email,
    ];
  });
  afterAll(async () => down.close());

  it('answers at once with the e-mails queued, and the worker delivers them once it is back', async () => {
    const subject = `Queued ${randomUUID().slice(0, 8)}`;
    const res = await send(down, { ...validMessage(), course_id: undefined, subject });
    expect(res.statusCode).toBe(202);
    expect(down.mail).toEqual([]);
    const outbox = async () =>
      (await down.database.db.select().from(mailOutbox)).filter((row) => row.subject.endsWith(subject));
    expect((await outbox()).map((row) => [row.to_address, row.status]).sort()).toEqual(
      admins.map((to) => [to, 'pending']).sort(),
    );

    // Both first attempts fail; each message waits for its retry instead of being lost.
    await down.app.jobs.drain();
    expect(down.mail).toEqual([]);
    expect((await outbox()).every((row) => row.status === 'pending' && row.error !== null)).toBe(true);
    down.clock.advance(backoffMs(1));
    await down.app.jobs.drain();
    expect(down.mail.map((mail) => mail.to).sort()).toEqual([...admins].sort());
    expect((await outbox()).every((row) => row.status === 'logged' && row.error === null)).toBe(true);
  });
});
