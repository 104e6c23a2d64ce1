import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_INVALID_MESSAGE, EMAIL_CHANGE_TTL_HOURS } from '../../../common/users';
import { emailChanges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { itConcurrently } from '../../test/concurrency';

const SITE = 'https://school.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: `${SITE}/`, AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

type Made = Awaited<ReturnType<typeof createUser>>;

const changeEmail = (me: Made, email: string, headers: Record<string, string> = {}) =>
  t.call(
    'PUT',
    `/api/user/${me.user.id}`,
    { name: me.user.name, username: me.user.username, email, current_password: me.password },
    { ...me.auth, ...headers },
  );
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token } });
const profile = (me: Made) =>
  t.app.inject({ method: 'GET', url: `/api/user/${me.user.id}/profile`, headers: me.auth });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/authenticate', payload: { username, password } });

/** The token of the newest confirmation link sent to an address. */
function linkTo(address: string): { url: string; token: string } {
  const mail = t.mail.filter((m) => m.to === address).at(-1);
  const url = /(\S+\/confirm-email\?token=\S+)/.exec(mail?.text ?? '')?.[1];
  if (!url) throw new Error(`no confirmation link sent to ${address}`);
  return { url, token: new URL(url).searchParams.get('token')! };
}

const pendingRows = (userId: string) =>
  t.database.db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.confirmed_at)));

describe('changing the e-mail address', () => {
  it('keeps the old address until the link sent to the new one is opened, and tells the old one', async () => {
    const me = await createUser(t);
    const oldEmail = me.user.email;
    const res = await changeEmail(me, 'New.Address@Example.org', { host: 'attacker.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: oldEmail, pending_email: 'new.address@example.org' });
    expect((await profile(me)).json()).toMatchObject({
      email: oldEmail,
      pending_email: 'new.address@example.org',
    });

    const { url, token } = linkTo('new.address@example.org');
    expect(url.startsWith(`${SITE}/confirm-email?token=`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.mail.some((m) => m.text.includes('attacker.example'))).toBe(false);
    const notice = t.mail.filter((m) => m.to === oldEmail).at(-1)!;
    expect(notice.text).toContain('n*********s@example.org');
    expect(notice.text).not.toContain('new.address@example.org');
    expect(notice.text).toMatch(/If this was not you/);

    const [row] = await pendingRows(me.user.id);
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.expires_at.getTime() - t.clock.now().getTime()).toBe(EMAIL_CHANGE_TTL_HOURS * 3_600_000);

    // Until confirmed, the old address signs in and the new one does not.
    expect((await signIn('new.address@example.org', me.password)).statusCode).toBe(401);
    expect((await signIn(oldEmail, me.password)).statusCode).toBe(200);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, email: 'new.address@example.org' });
    expect((await profile(me)).json()).toMatchObject({
      email: 'new.address@example.org',
      pending_email: null,
    });
    expect((await signIn('new.address@example.org', me.password)).statusCode).toBe(200);
    expect((await signIn(oldEmail, me.password)).statusCode).toBe(401);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: EMAIL_CHANGE_INVALID_MESSAGE, code: 'INVALID_EMAIL_TOKEN' });
  });

  it('refuses unknown, blank and expired links with one message', async () => {
    for (const token of ['not-a-token', '', 42]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(EMAIL_CHANGE_INVALID_MESSAGE);
    }
    const me = await createUser(t);
    await changeEmail(me, 'late@example.org');
    const { token } = linkTo('late@example.org');
    t.clock.advance(EMAIL_CHANGE_TTL_HOURS * 3_600_000);
    expect((await profile(me)).json().pending_email).toBeNull();
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(EMAIL_CHANGE_INVALID_MESSAGE);
    expect((await profile(me)).json().email).toBe(me.user.email);
  });

  it('answers 409 when another account took the address before the link was opened', async () => {
    const me = await createUser(t);
    await changeEmail(me, 'contested@example.org');
    const { token } = linkTo('contested@example.org');
    await createUser(t, { email: 'contested@example.org' });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'An account with this email already exists' });
    expect((await profile(me)).json().email).toBe(me.user.email);
  });

  it('refuses an address another account uses when asked, without sending anything', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const before = t.mail.length;
    const res = await changeEmail(me, other.user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('An account with this email already exists');
    expect(t.mail.length).toBe(before);
  });

  it('keeps one pending change: a new request, resend or cancel voids the earlier link', async () => {
    const me = await createUser(t);
    await changeEmail(me, 'first@example.org');
    const first = linkTo('first@example.org').token;
    await changeEmail(me, 'second@example.org');
    expect(await pendingRows(me.user.id)).toHaveLength(1);
    expect((await confirm(first)).statusCode).toBe(400);

    const second = linkTo('second@example.org').token;
    const resend = await t.call('POST', `/api/user/${me.user.id}/email-change/resend`, undefined, me.auth);
    expect(resend.statusCode).toBe(200);
    const third = linkTo('second@example.org').token;
    expect(third).not.toBe(second);
    expect((await confirm(second)).statusCode).toBe(400);

    const cancel = await t.call('DELETE', `/api/user/${me.user.id}/email-change`, undefined, me.auth);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().user).toMatchObject({ email: me.user.email, pending_email: null });
    expect((await confirm(third)).statusCode).toBe(400);
    const none = await t.call('DELETE', `/api/user/${me.user.id}/email-change`, undefined, me.auth);
    expect(none.statusCode).toBe(404);
  });

  it("answers 403 for another student's pending change and 401 without a token", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    await changeEmail(me, 'mine@example.org');
    const resend = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/user/${me.user.id}/email-change/resend`, headers });
    expect((await resend(other.auth)).statusCode).toBe(403);
    expect((await resend({})).statusCode).toBe(401);
    const cancel = await t.call('DELETE', `/api/user/${me.user.id}/email-change`, undefined, other.auth);
    expect(cancel.statusCode).toBe(403);
  });

  itConcurrently(
    'leaves one pending change when requests race, and lets one of two racing confirmations apply it',
    async () => {
      const me = await createUser(t);
      const results = await Promise.all(
        ['race-a@example.org', 'race-b@example.org', 'race-c@example.org'].map((email) =>
          changeEmail(me, email),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const rows = await pendingRows(me.user.id);
      expect(rows).toHaveLength(1);

      const { token } = linkTo(rows[0]!.new_email);
      const confirmations = await Promise.all([confirm(token), confirm(token)]);
      expect(confirmations.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect((await profile(me)).json().email).toBe(rows[0]!.new_email);
    },
  );

  it("lets an admin set another user's address directly and tells both addresses", async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    await changeEmail(student, 'pending@example.org');
    const stale = linkTo('pending@example.org').token;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${student.user.id}`,
      headers: admin.auth,
      payload: {
        name: student.user.name,
        username: student.user.username,
        email: 'set.by.admin@example.org',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'set.by.admin@example.org', pending_email: null });
    expect(t.mail.filter((m) => m.to === student.user.email).at(-1)!.text).toContain(
      's**********n@example.org',
    );
    expect(t.mail.filter((m) => m.to === 'set.by.admin@example.org').at(-1)!.subject).toBe(
      'Your e-mail address was changed',
    );
    expect((await confirm(stale)).statusCode).toBe(400);
  });
});
