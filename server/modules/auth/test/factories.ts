import { expect, vi } from 'vitest';
import type { TestApp } from '../../../test/app';

/* Account recovery, as the owner of the mailbox goes through it. */

/**
 * Asks for a recovery code for `email` and reads it from the e-mail, as the mailbox's owner would
 * (the e-mail is sent after the 202, so this waits for it).
 */
export async function emailedResetCode(t: TestApp, email: string): Promise<string> {
  const before = t.mail.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/user/request-reset-code', payload: { email } });
  expect(res.statusCode, res.body).toBe(202);
  const mail = await vi.waitFor(() => {
    const found = t.mail
      .slice(before)
      .find((m) => m.to === email.toLowerCase() && /reset code/.test(m.subject));
    if (!found) throw new Error(`no code e-mailed to ${email}`);
    return found;
  });
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}
