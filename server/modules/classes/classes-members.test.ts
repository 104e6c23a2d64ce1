import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_ENROLLED_MESSAGE,
  CLASS_FULL_MESSAGE,
  CLASS_MESSAGES,
  NOT_IN_CLASS_MESSAGE,
  OFFER_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_HOURS,
  type Class,
} from '../../../common/classes';
import { classEnrollments, classSignups } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { classBody, createClass } from './test/factories';
import { CLASS_ENROLL_RATE_LIMIT } from './classes.routes';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

type Member = Awaited<ReturnType<typeof createUser>>;
const enroll = (classId: string, who: Member) =>
  t.app.inject({ method: 'POST', url: `/api/classes/${classId}/enroll`, headers: who.auth });
const leave = (classId: string, who: Member) =>
  t.app.inject({ method: 'DELETE', url: `/api/classes/${classId}/enroll`, headers: who.auth });
const myClasses = (who: Member) =>
  t.app.inject({ method: 'GET', url: `/api/users/${who.user.id}/classes`, headers: who.auth });
const getClass = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/classes/${id}`, headers: admin.auth })).json<{
    class: Class;
  }>().class;
const interest = (classId: string, name: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/interest`,
    payload: { name, email },
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
  });
const mailTo = (to: string) => t.mail.filter((m) => m.to === to);
const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

/** The offer link's token from the newest offer e-mail to `to`. */
function offerToken(to: string): string {
  const offer = mailTo(to).filter((m) => m.subject.startsWith('A seat is free'));
  const match = /\/classes\/offers\/([\w-]+)/.exec(offer.at(-1)?.text ?? '');
  expect(match, `an offer e-mail to ${to}`).not.toBeNull();
  return match![1]!;
}

describe('POST /api/classes/{id}/enroll', () => {
  it('enrols a member while there is room, then 409 for a second try', async () => {
    const cls = await createClass(t, { max_capacity: 3 });
    const me = await createUser(t);
    const res = await enroll(cls.id, me);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      entry: { status: 'enrolled', class: { id: cls.id, current_enrollment: 1 }, waitlist_position: null },
      message: `You are enrolled in ${cls.class_name}`,
    });
    const again = await enroll(cls.id, me);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_ENROLLED_MESSAGE, code: 'ALREADY_ENROLLED' });
    expect((await getClass(cls.id)).current_enrollment).toBe(1);
  });

  it('puts a member on the waitlist of a full class, with their place; a repeat changes nothing', async () => {
    const cls = await createClass(t, { max_capacity: 1 });
    expect((await enroll(cls.id, await createUser(t))).statusCode).toBe(201);
    const me = await createUser(t);
    const res = await enroll(cls.id, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      entry: { status: 'waitlisted', waitlist_position: 1, enrolled_at: null },
      message: CLASS_MESSAGES.waitlistJoined,
    });
    expect(mailTo(me.user.email)).toHaveLength(1);
    const again = await enroll(cls.id, me);
    expect(again.statusCode).toBe(200);
    expect(again.json().entry.waitlist_position).toBe(1);
    expect(mailTo(me.user.email)).toHaveLength(1);
    expect(await getClass(cls.id)).toMatchObject({ waitlist_count: 1, current_enrollment: 1, is_full: true });
  });

  it('answers 409 when the class is full and has no waitlist', async () => {
    const cls = await createClass(t, { max_capacity: 1, waitlist_enabled: false });
    expect((await enroll(cls.id, await createUser(t))).statusCode).toBe(201);
    const res = await enroll(cls.id, await createUser(t));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: CLASS_FULL_MESSAGE, code: 'CLASS_FULL' });
  });

  it('answers 404 for a draft or unknown class and 401 without a token', async () => {
    const draft = await createClass(t, { is_published: false });
    expect((await enroll(draft.id, await createUser(t))).statusCode).toBe(404);
    expect((await enroll(randomUUID(), await createUser(t))).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/classes/${draft.id}/enroll` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/classes/{id}/enroll', () => {
  it('drops the member (the row stays, dropped) and 404 when not in the class', async () => {
    const cls = await createClass(t);
    const me = await createUser(t);
    await enroll(cls.id, me);
    const res = await leave(cls.id, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ entry: null });
    const [row] = await t.database.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.user_id, me.user.id));
    expect(row).toMatchObject({ status: 'dropped', dropped_at: expect.any(Date) });
    const again = await leave(cls.id, me);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: NOT_IN_CLASS_MESSAGE, code: 'NOT_IN_CLASS' });
    // Enrolling again after leaving is a fresh enrolment.
    expect((await enroll(cls.id, me)).statusCode).toBe(201);
  });

  it('takes a member off the waitlist', async () => {
    const cls = await createClass(t, { max_capacity: 1 });
    await enroll(cls.id, await createUser(t));
    const me = await createUser(t);
    await enroll(cls.id, me);
    expect((await leave(cls.id, me)).statusCode).toBe(200);
    expect((await getClass(cls.id)).waitlist_count).toBe(0);
    expect((await myClasses(me)).json().classes).toEqual([]);
  });
});

describe('GET /api/users/{userId}/classes', () => {
  it("lists a member's classes with their status and place; others get 403, admins anyone's", async () => {
    const open = await createClass(t);
    const full = await createClass(t, { max_capacity: 1 });
    await enroll(full.id, await createUser(t));
    const me = await createUser(t);
    await enroll(open.id, me);
    await enroll(full.id, me);
    const res = await myClasses(me);
    expect(res.statusCode).toBe(200);
    const entries = res.json().classes as {
      class: Class;
      status: string;
      waitlist_position: number | null;
    }[];
    expect(entries.map((e) => [e.class.id, e.status, e.waitlist_position])).toEqual([
      [open.id, 'enrolled', null],
      [full.id, 'waitlisted', 1],
    ]);
    const other = await createUser(t);
    const refused = await t.call('GET', `/api/users/${me.user.id}/classes`, undefined, other.auth);
    expect(refused.statusCode).toBe(403);
    const seen = await t.call('GET', `/api/users/${me.user.id}/classes`, undefined, admin.auth);
    expect(seen.json().classes).toHaveLength(2);
    const nobody = await t.call('GET', `/api/users/${randomUUID()}/classes`, undefined, admin.auth);
    expect(nobody.statusCode).toBe(404);
  });
});

describe('waitlist offers', () => {
  it('offers a freed seat to the first person waiting, who takes it by the link', async () => {
    const cls = await createClass(t, { max_capacity: 1 });
    const seated = await createUser(t);
    await enroll(cls.id, seated);
    const firstEmail = email('grace');
    const secondEmail = email('omar');
    await interest(cls.id, 'Grace Liu', firstEmail);
    await interest(cls.id, 'Omar Haddad', secondEmail);

    expect((await leave(cls.id, seated)).statusCode).toBe(200);
    const token = offerToken(firstEmail);
    expect(mailTo(secondEmail).filter((m) => m.subject.startsWith('A seat'))).toHaveLength(0);
    const offerMail = mailTo(firstEmail).at(-1)!;
    expect(offerMail.subject).toBe(`A seat is free for you in ${cls.class_name}`);
    expect(offerMail.text).toContain(`http://localhost:`);
    // The held seat counts: the class stays full for everyone else.
    expect(await getClass(cls.id)).toMatchObject({ current_enrollment: 1, is_full: true, waitlist_count: 2 });
    const stranger = await createUser(t);
    expect((await enroll(cls.id, stranger)).json().entry.status).toBe('waitlisted');

    // The token is stored only as its hash.
    const [row] = await t.database.db.select().from(classSignups).where(eq(classSignups.email, firstEmail));
    expect(row!.status).toBe('offered');
    expect(row!.token_hash).not.toContain(token);
    expect(row!.offer_expires_at!.getTime()).toBe(t.clock.now().getTime() + WAITLIST_OFFER_HOURS * 3_600_000);

    const offer = await t.app.inject({ method: 'GET', url: `/api/classes/offers/${token}` });
    expect(offer.statusCode).toBe(200);
    expect(offer.json().offer).toMatchObject({ name: 'Grace Liu', status: 'offered', class: { id: cls.id } });

    const accepted = await t.app.inject({ method: 'POST', url: `/api/classes/offers/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().entry).toMatchObject({ status: 'enrolled', class: { current_enrollment: 1 } });
    const people = (
      await t.call('GET', `/api/admin/classes/${cls.id}/enrollments`, undefined, admin.auth)
    ).json();
    expect(people.enrollments.filter((e: { status: string }) => e.status === 'enrolled')).toMatchObject([
      { user_id: null, user_name: 'Grace Liu', user_email: firstEmail },
    ]);
    expect(people.waitlist.map((s: { email: string; position: number }) => [s.email, s.position])).toEqual([
      [secondEmail, 1],
      [stranger.user.email, 2],
    ]);
    // A used link is gone.
    const reused = await t.app.inject({ method: 'POST', url: `/api/classes/offers/${token}/accept` });
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toEqual({ error: OFFER_NOT_FOUND_MESSAGE, code: 'OFFER_NOT_FOUND' });
  });

  it('lets an offer expire through its job, then offers the seat to the next; the old link is 404', async () => {
    const cls = await createClass(t, { max_capacity: 1 });
    const seated = await createUser(t);
    await enroll(cls.id, seated);
    const first = await createUser(t);
    const second = await createUser(t);
    await enroll(cls.id, first);
    await enroll(cls.id, second);
    await t.call('DELETE', `/api/admin/classes/${cls.id}/enroll/${seated.user.id}`, undefined, admin.auth);
    const token = offerToken(first.user.email);
    expect((await myClasses(first)).json().classes[0]).toMatchObject({
      status: 'offered',
      offer_expires_at: expect.any(String),
    });

    // Not yet: the job waits for its time.
    t.clock.advance(WAITLIST_OFFER_HOURS * 3_600_000 - 60_000);
    await t.app.jobs.drain({ schedules: false });
    expect(mailTo(second.user.email).filter((m) => m.subject.startsWith('A seat'))).toHaveLength(0);

    t.clock.advance(60_000);
    await t.app.jobs.drain({ schedules: false });
    const next = offerToken(second.user.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/classes/offers/${token}` })).statusCode).toBe(404);
    expect((await myClasses(first)).json().classes).toEqual([]);
    // Running the jobs again changes nothing more.
    await t.app.jobs.drain({ schedules: false });
    expect(mailTo(second.user.email).filter((m) => m.subject.startsWith('A seat'))).toHaveLength(1);

    // The second person, a member, takes the seat by enrolling: the offer is theirs.
    const res = await enroll(cls.id, second);
    expect(res.statusCode).toBe(201);
    expect((await myClasses(second)).json().classes[0]).toMatchObject({ status: 'enrolled' });
    expect((await t.app.inject({ method: 'GET', url: `/api/classes/offers/${next}` })).statusCode).toBe(404);
  });

  it('lets a member decline an offer by leaving, which offers the seat on', async () => {
    const cls = await createClass(t, { max_capacity: 1 });
    const seated = await createUser(t);
    await enroll(cls.id, seated);
    const first = await createUser(t);
    const second = await createUser(t);
    await enroll(cls.id, first);
    await enroll(cls.id, second);
    await leave(cls.id, seated);
    offerToken(first.user.email);
    expect((await leave(cls.id, first)).statusCode).toBe(200);
    const token = offerToken(second.user.email);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/classes/offers/${token}/accept` });
    expect(accepted.statusCode).toBe(200);
    // The offer's e-mail belongs to an account, so the enrolment is that member's.
    expect((await myClasses(second)).json().classes[0]).toMatchObject({ status: 'enrolled' });
  });

  it('offers the new seats when an administrator raises the capacity, and frees nobody when lowering it', async () => {
    const body = classBody({ max_capacity: 2 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/classes',
      headers: admin.auth,
      payload: body,
    });
    const cls = created.json<{ class: Class }>().class;
    const members = [await createUser(t), await createUser(t)];
    for (const m of members) await enroll(cls.id, m);
    const waiting = [email('w1'), email('w2'), email('w3')];
    for (const w of waiting) await interest(cls.id, 'Waiting person', w);

    const lowered = await t.call(
      'PUT',
      `/api/admin/classes/${cls.id}`,
      { ...body, max_capacity: 1 },
      admin.auth,
    );
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().class).toMatchObject({ max_capacity: 1, current_enrollment: 2, is_full: true });
    expect((await myClasses(members[1]!)).json().classes[0].status).toBe('enrolled');

    const raised = await t.call(
      'PUT',
      `/api/admin/classes/${cls.id}`,
      { ...body, max_capacity: 4 },
      admin.auth,
    );
    expect(raised.json().class).toMatchObject({ current_enrollment: 4, is_full: true, waitlist_count: 3 });
    offerToken(waiting[0]!);
    offerToken(waiting[1]!);
    expect(mailTo(waiting[2]!).filter((m) => m.subject.startsWith('A seat'))).toHaveLength(0);
  });

  it('answers 404 for an unknown token and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/classes/offers/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: OFFER_NOT_FOUND_MESSAGE, code: 'OFFER_NOT_FOUND' });
    expect((await t.call('GET', '/api/classes/offers/short')).statusCode).toBe(400);
  });
});

describe('joining and leaving, again and again', () => {
  it(`stops a member after ${CLASS_ENROLL_RATE_LIMIT.max} joins and leaves in ${CLASS_ENROLL_RATE_LIMIT.windowMinutes} minutes`, async () => {
    const cls = await createClass(t);
    const me = await createUser(t);
    // Each of the two calls has its own count.
    for (let i = 0; i < 2 * CLASS_ENROLL_RATE_LIMIT.max; i++) {
      const res = i % 2 === 0 ? await enroll(cls.id, me) : await leave(cls.id, me);
      expect(res.statusCode).toBeLessThan(300);
    }
    const limited = await enroll(cls.id, me);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another member is not held back.
    expect((await enroll(cls.id, await createUser(t))).statusCode).toBe(201);
  });
});
