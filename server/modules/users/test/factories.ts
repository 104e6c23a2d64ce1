import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { Headers, TestApp } from '../../../test/app';

/* Changes of a user's account, as the user asks for them. */

/** Asks, as `me`, to move `me`'s account to a new address; returns the token of the link mailed to it. */
export async function requestEmailChange(
  t: TestApp,
  me: {
    user: { id: string; name: string; username: string };
    password: string;
    auth: Record<string, string>;
  },
): Promise<string> {
  const email = `moved-${randomUUID().slice(0, 8)}@example.org`;
  const res = await t.call(
    'PUT',
    `/api/user/${me.user.id}`,
    { name: me.user.name, username: me.user.username, email, current_password: me.password },
    me.auth,
  );
  expect(res.statusCode, res.body).toBe(200);
  const mail = await vi.waitFor(() => {
    const found = t.mail.find((m) => m.to === email);
    if (!found) throw new Error(`no confirmation link sent to ${email}`);
    return found;
  });
  return /confirm-email\?token=(\S+)/.exec(mail.text)![1]!;
}

/** PUT /api/user/{id} with `headers`: the user's name, e-mail and username as they are, `fields` changed. */
export const saveProfile = (
  t: TestApp,
  me: { user: { id: string; name: string; email: string; username: string } },
  headers: Headers,
  fields: Record<string, unknown> = {},
) =>
  t.call(
    'PUT',
    `/api/user/${me.user.id}`,
    { name: me.user.name, email: me.user.email, username: me.user.username, ...fields },
    headers,
  );
