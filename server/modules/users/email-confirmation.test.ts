import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../common/auth';
import type { BookingsResponse } from '../../../common/bookings';
import type { User } from '../../../common/users';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createBooking } from '../bookings/test/factories';
import { createClass } from '../classes/test/factories';

/*
 * What others keep by an e-mail address (a visitor's workshop bookings, her place on a class's
 * waitlist) belongs to an account only once that account has opened a link sent to the address.
 * Signing up with someone else's address gives the newcomer none of it; the links already e-mailed
 * to the address keep working.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const unique = () => randomUUID().slice(0, 8);

async function signUp(email: string): Promise<AuthResponse> {
  const suffix = unique();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create/user',
    payload: {
      name: 'Someone Else',
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Taijiquan',
      email,
      username: `someone_${suffix}`,
      password: `a long passphrase ${suffix}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AuthResponse>();
}

/** The token of the newest confirmation link e-mailed to `to`. */
function confirmationToken(to: string): string {
  const mail = t.mail.filter((m) => m.to === to && m.subject === 'Confirm your e-mail address').at(-1);
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `a confirmation link e-mailed to ${to}`).toBeTruthy();
  return token!;
}

const profileOf = async (auth: AuthResponse) =>
  (await t.call('GET', `/api/user/${auth.user.id}/profile`, undefined, bearer(auth.token))).json<User>();

describe('an address not yet confirmed', () => {
  it("owns none of the bookings made with it until the link sent to it is opened; the visitor's manage link keeps working", async () => {
    const grace = `grace-${unique()}@example.com`;
    const hers = await createBooking(t, {
      start_time: new Date('2026-03-20T19:00:00Z'),
      email: grace,
      full_name: 'Grace Whitfield',
    });

    const impostor = await signUp(grace.toUpperCase());
    expect(impostor.user.email_verified).toBe(false);
    const headers = bearer(impostor.token);
    const byEmail = await t.call(
      'GET',
      `/api/bookings/email/${encodeURIComponent(grace)}`,
      undefined,
      headers,
    );
    expect(byEmail.statusCode).toBe(403);
    expect(byEmail.json()).toMatchObject({ code: 'NOT_OWNER' });
    expect(byEmail.body).not.toContain('Grace Whitfield');
    expect((await t.call('GET', `/api/bookings/${hers.booking.id}`, undefined, headers)).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('PUT', `/api/bookings/${hers.booking.id}/cancel`, undefined, headers)).statusCode,
    ).toBe(404);
    const listed = await t.call('GET', `/api/users/${impostor.user.id}/bookings`, undefined, headers);
    expect(listed.json<BookingsResponse>().bookings).toEqual([]);
    // Nothing changed, and Grace's own link still manages her booking.
    const managed = await t.call('GET', `/api/bookings/manage/${hers.token}`);
    expect(managed.statusCode).toBe(200);
    expect(managed.json()).toMatchObject({ booking: { status: 'scheduled' } });

    // Opening the link sent at sign-up proves the address: the bookings made with it are the account's.
    const confirmed = await t.call('POST', '/api/user/confirm-email', {
      token: confirmationToken(grace.toLowerCase()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await profileOf(impostor)).email_verified).toBe(true);
    const mine = await t.call('GET', `/api/bookings/email/${encodeURIComponent(grace)}`, undefined, headers);
    expect(mine.json<BookingsResponse>().bookings.map((b) => b.id)).toEqual([hers.booking.id]);
  });

  it("takes no class waitlist offer made to the address: the visitor's offer stays hers", async () => {
    const cls = await createClass(t, { max_capacity: 1 });
    const seated = await createUser(t);
    expect((await t.call('POST', `/api/classes/${cls.id}/enroll`, undefined, seated.auth)).statusCode).toBe(
      201,
    );
    const grace = `grace-${unique()}@example.com`;
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/classes/${cls.id}/interest`,
      payload: { name: 'Grace Whitfield', email: grace },
      remoteAddress: '192.0.2.77',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ kind: 'waitlist' });
    expect((await t.call('DELETE', `/api/classes/${cls.id}/enroll`, undefined, seated.auth)).statusCode).toBe(
      200,
    );
    const offerMail = t.mail.filter((m) => m.to === grace && m.subject.startsWith('A seat is free')).at(-1);
    const token = /\/classes\/offers\/([\w-]+)/.exec(offerMail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const impostor = await signUp(grace);
    const enrol = await t.call('POST', `/api/classes/${cls.id}/enroll`, undefined, bearer(impostor.token));
    expect(enrol.statusCode).toBe(409);
    expect(enrol.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    const classes = await t.call(
      'GET',
      `/api/users/${impostor.user.id}/classes`,
      undefined,
      bearer(impostor.token),
    );
    expect(JSON.stringify(classes.json())).not.toContain('offered');

    // Grace still takes her seat with the link she was sent.
    const offer = await t.call('GET', `/api/classes/offers/${token}`);
    expect(offer.json()).toMatchObject({ offer: { status: 'offered', name: 'Grace Whitfield' } });
    const accepted = await t.call('POST', `/api/classes/offers/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const people = (
      await t.call('GET', `/api/admin/classes/${cls.id}/enrollments`, undefined, admin.auth)
    ).json<{
      enrollments: { status: string; user_id: string | null; user_email: string }[];
    }>();
    // Her seat is hers by name and address, not the unconfirmed account's.
    expect(people.enrollments.filter((e) => e.status === 'enrolled')).toMatchObject([
      { user_id: null, user_email: grace },
    ]);
  });
});

describe('confirming the address', () => {
  it('is offered at sign-up, again on request, and refused once done', async () => {
    const email = `mei-${unique()}@example.org`;
    const mei = await signUp(email);
    expect(t.mail.filter((m) => m.to === email && m.subject === 'Confirm your e-mail address')).toHaveLength(
      1,
    );
    // The sign-up's link is not a change of address.
    expect(await profileOf(mei)).toMatchObject({ email, email_verified: false, pending_email: null });

    const again = await t.call(
      'POST',
      `/api/user/${mei.user.id}/email-confirmation`,
      undefined,
      bearer(mei.token),
    );
    expect(again.statusCode, again.body).toBe(200);
    const token = confirmationToken(email);
    expect(t.mail.filter((m) => m.to === email && m.subject === 'Confirm your e-mail address')).toHaveLength(
      2,
    );
    // Only the newest link works.
    const stale = /token=([\w-]+)/.exec(
      t.mail.filter((m) => m.to === email && m.subject === 'Confirm your e-mail address')[0]!.text,
    )![1]!;
    const refused = await t.call('POST', '/api/user/confirm-email', { token: stale });
    expect(refused.statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, email });
    expect(await profileOf(mei)).toMatchObject({ email, email_verified: true, pending_email: null });

    const twice = await t.call(
      'POST',
      `/api/user/${mei.user.id}/email-confirmation`,
      undefined,
      bearer(mei.token),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'EMAIL_CONFIRMED' });
    // Someone else's account is not theirs to send links for.
    const other = await createUser(t, { email_verified_at: null });
    expect(
      (await t.call('POST', `/api/user/${other.user.id}/email-confirmation`, undefined, bearer(mei.token)))
        .statusCode,
    ).toBe(403);
    expect((await t.call('POST', `/api/user/${other.user.id}/email-confirmation`)).statusCode).toBe(401);
  });

  it('is lost when an administrator sets a new address, and won back by its link', async () => {
    const student = await createUser(t);
    const moved = `moved-${unique()}@example.org`;
    const res = await t.call(
      'PUT',
      `/api/user/${student.user.id}`,
      { name: student.user.name, username: student.user.username, email: moved },
      admin.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ email: moved, email_verified: false });
    const sent = await t.call(
      'POST',
      `/api/user/${student.user.id}/email-confirmation`,
      undefined,
      student.auth,
    );
    expect(sent.statusCode).toBe(200);
    const done = await t.call('POST', '/api/user/confirm-email', { token: confirmationToken(moved) });
    expect(done.statusCode).toBe(200);
    const profile = await t.call('GET', `/api/user/${student.user.id}/profile`, undefined, student.auth);
    expect(profile.json<User>()).toMatchObject({ email: moved, email_verified: true });
  });

  it("waits while a change to another address is pending: that change's link confirms the new one", async () => {
    const student = await createUser(t, { email_verified_at: null });
    const next = `next-${unique()}@example.org`;
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${student.user.id}`,
      headers: student.auth,
      payload: {
        name: student.user.name,
        username: student.user.username,
        email: next,
        current_password: student.password,
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    const refused = await t.call(
      'POST',
      `/api/user/${student.user.id}/email-confirmation`,
      undefined,
      student.auth,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_CHANGE_PENDING' });
    const link = t.mail
      .filter((m) => m.to === next && m.subject === 'Confirm your new e-mail address')
      .at(-1);
    const token = /token=([\w-]+)/.exec(link!.text)![1]!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token } })).statusCode,
    ).toBe(200);
    const profile = await t.call('GET', `/api/user/${student.user.id}/profile`, undefined, student.auth);
    expect(profile.json<User>()).toMatchObject({ email: next, email_verified: true, pending_email: null });
  });
});
