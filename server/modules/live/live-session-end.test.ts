import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createSessionStore } from '../../platform/auth';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { runCli } from '../../test/cli';
import { openStream } from '../../test/event-stream';
import { createAdmin, createUser } from '../../test/factories';
import { userChannel } from './live.service';

/*
 * Every way a session ends closes its event streams at once, on every instance: `session-ended`,
 * then the end of the stream, and nothing published after the answer that ended it. The app keeps
 * the default heartbeat (25 s), so nothing here is ended by a heartbeat's check.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Far below the heartbeat: a stream still open then was not ended by the announcement. */
const ENDS_WITHIN_MS = 2000;
const ENDED = [{ type: 'session-ended', data: null }];
const note = (n: number) => ({ type: 'message.created', data: { n } });

type Stream = Awaited<ReturnType<typeof openStream>>;

/** A stream that has said `ready`. */
async function ready(on: TestApp, auth: Record<string, string>): Promise<Stream> {
  const stream = await openStream(on, auth);
  expect(await stream.next()).toMatchObject({ type: 'ready' });
  return stream;
}

/** Another session of the same user, as a sign-in on another device opens. */
async function signInAgain(on: TestApp, userId: string) {
  const token = await createSessionStore(on.database.db, on.clock).create(userId);
  return { authorization: `Bearer ${token}` };
}

/** After the answer that ended the session: an event, then only `session-ended` and the end. */
async function expectEnded(stream: Stream, userId: string, publishers: TestApp[] = [t]) {
  for (const on of publishers) await on.app.live.publish(userId, note(1));
  expect(await stream.rest(ENDS_WITHIN_MS)).toEqual(ENDED);
}

/** A stream whose session goes on hears the events published after the answer, and nothing else. */
async function expectKept(stream: Stream, userId: string) {
  await t.app.live.publish(userId, note(2));
  // note(1), when the test published it, comes first.
  const heard: unknown[] = [];
  while (!heard.includes(2)) {
    const [frame] = await stream.take(1);
    expect(frame?.type).toBe('message.created');
    heard.push((frame?.data as { n: number }).n);
  }
  stream.close();
}

/** The fields PUT /user/{id} takes, as the row has them. */
function editable(user: typeof users.$inferSelect) {
  return {
    name: user.name,
    email: user.email,
    username: user.username,
    city: user.city,
    country: user.country,
    martial_art: user.martial_art,
  };
}

describe('a stream whose session ends', () => {
  it('ends at once on sign-out, every stream of that session, and no other', async () => {
    const mei = await createUser(t);
    const first = await ready(t, mei.auth);
    const second = await ready(t, mei.auth);
    const phone = await ready(t, await signInAgain(t, mei.user.id));

    const logout = await t.call('POST', '/api/user/logout', undefined, mei.auth);
    expect(logout.statusCode).toBe(200);
    await expectEnded(first, mei.user.id);
    expect(await second.rest(ENDS_WITHIN_MS)).toEqual(ENDED);
    await expectKept(phone, mei.user.id);
  });

  it('ends the other sessions’ streams on a password change, keeping the one that made it', async () => {
    const mei = await createUser(t);
    const here = await ready(t, mei.auth);
    const elsewhere = await ready(t, await signInAgain(t, mei.user.id));

    const change = await t.call(
      'PUT',
      `/api/user/${mei.user.id}`,
      { ...editable(mei.user), current_password: mei.password, new_password: 'a-new-Password-7731' },
      mei.auth,
    );
    expect(change.statusCode).toBe(200);
    await expectEnded(elsewhere, mei.user.id);
    await expectKept(here, mei.user.id);
  });

  it('ends every stream of an account its owner deactivates', async () => {
    const mei = await createUser(t);
    const here = await ready(t, mei.auth);
    const elsewhere = await ready(t, await signInAgain(t, mei.user.id));

    const deactivate = await t.call(
      'POST',
      `/api/user/${mei.user.id}/deactivate`,
      { isDeletionRequest: false, password: mei.password },
      mei.auth,
    );
    expect(deactivate.statusCode).toBe(200);
    await expectEnded(here, mei.user.id);
    expect(await elsewhere.rest(ENDS_WITHIN_MS)).toEqual(ENDED);
  });

  it('ends every stream of an account an administrator deactivates or deletes', async () => {
    const admin = await createAdmin(t);
    const mei = await createUser(t);
    const wei = await createUser(t);
    const meiStream = await ready(t, mei.auth);
    const weiStream = await ready(t, wei.auth);

    const deactivate = await t.call(
      'PUT',
      `/api/user/${mei.user.id}`,
      { ...editable(mei.user), is_active: false },
      admin.auth,
    );
    expect(deactivate.statusCode).toBe(200);
    await expectEnded(meiStream, mei.user.id);

    // An account is deleted once its deletion has been asked for.
    await t.database.db.update(users).set({ deletion_requested: true }).where(eq(users.id, wei.user.id));
    const remove = await t.call('DELETE', `/api/user/${wei.user.id}`, undefined, admin.auth);
    expect(remove.statusCode).toBe(200);
    // Nothing can be logged for a deleted user; an event already on its way still arrives.
    await t.app.events.publish(userChannel(wei.user.id), { ...note(1), id: Number.MAX_SAFE_INTEGER });
    expect(await weiStream.rest(ENDS_WITHIN_MS)).toEqual(ENDED);
  });

  it('stays open when the session only changes (an administrator makes its user an admin)', async () => {
    const admin = await createAdmin(t);
    const mei = await createUser(t);
    const stream = await ready(t, mei.auth);
    const promote = await t.call(
      'PUT',
      `/api/user/${mei.user.id}`,
      { ...editable(mei.user), is_admin: true },
      admin.auth,
    );
    expect(promote.statusCode).toBe(200);
    await expectKept(stream, mei.user.id);
  });
});

/** A stream on B ends when the session is signed out on A; events published after, on either, never reach it. */
async function endsAcrossInstances(config?: { REDIS_URL: string; REDIS_KEY_PREFIX: string }) {
  const a = config ? await createSecondInstance(t, config) : t;
  const b = await createSecondInstance(t, config);
  try {
    expect(b.app.events.kind).toBe(config ? 'redis' : 'postgres');
    const mei = await createUser(a);
    const onB = await ready(b, mei.auth);
    const onA = await ready(a, mei.auth);
    const logout = await a.app.inject({ method: 'POST', url: '/api/user/logout', headers: mei.auth });
    expect(logout.statusCode).toBe(200);
    await expectEnded(onB, mei.user.id, [a, b]);
    expect(await onA.rest(ENDS_WITHIN_MS)).toEqual(ENDED);

    const wei = await createUser(a);
    const weiOnB = await ready(b, wei.auth);
    const admin = await createAdmin(a);
    const deactivate = await a.app.inject({
      method: 'POST',
      url: `/api/user/${wei.user.id}/deactivate`,
      headers: admin.auth,
      payload: { isDeletionRequest: false },
    });
    expect(deactivate.statusCode).toBe(200);
    await expectEnded(weiOnB, wei.user.id, [a, b]);
  } finally {
    await b.close();
    if (a !== t) await a.close();
  }
}

describe('across instances', () => {
  it('a sign-out or a deactivation on one instance ends the streams on the other at once', async () => {
    await endsAcrossInstances();
  });

  it("the operator's CLI signing a user out from another process ends their streams at once", async () => {
    const mei = await createUser(t);
    const stream = await ready(t, mei.auth);
    const reset = await runCli(t.mediaDir, ['reset-password', '--username', mei.user.username], {
      DATABASE_URL: t.databaseUrl,
    });
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    await expectEnded(stream, mei.user.id);
  });

  // eslint-disable-next-line no-restricted-syntax -- CI's PostgreSQL step sets REDIS_URL
  it.skipIf(!process.env.REDIS_URL)('the same through Redis (REDIS_URL)', async () => {
    await endsAcrossInstances({
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_KEY_PREFIX: `kwoon-test-${randomUUID()}:`,
    });
  });
});
