import { EMAIL_CHANGE_INVALID_MESSAGE, EMAIL_CHANGE_TTL_HOURS, maskEmail } from '../../../common/users';
import { publicUrl } from '../../config';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors';
import type { Platform } from '../../platform';
import { hashToken, newToken } from '../../platform/tokens';
import { createEmailChangesRepo } from './email-changes.repo';
import type { UserRow } from './users.repo';

/** Confirmation links one account may have sent per hour: each one mails an address of its choosing. */
const EMAIL_CHANGE_MAX_PER_HOUR = 5;

/**
 * An owner's new e-mail address takes effect only once the link sent to it is opened, so a
 * borrowed session or a typo cannot move the account (and its password recovery) elsewhere; the
 * old address is told at once. The same link confirms the address an account signed up with: until
 * it is opened, the account owns nothing that others keep by that address.
 */
export function createEmailChanges(platform: Platform) {
  const repo = createEmailChangesRepo(platform.db);
  const now = () => platform.clock.now();
  const site = publicUrl(platform.config);

  const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  /**
   * Issues a fresh link for the address, replacing any earlier pending one, and mails it: a link
   * that confirms the account's own address, or one that moves the account to a new address.
   */
  async function issue(row: UserRow, email: string): Promise<void> {
    const hit = await platform.throttle.hit(`email-change:${row.id}`, {
      limit: EMAIL_CHANGE_MAX_PER_HOUR,
      windowMs: 60 * 60_000,
    });
    if (!hit.allowed) {
      throw tooManyRequests(
        'Too many confirmation e-mails were requested. Please try again later.',
        hit.retryAfterSeconds,
        'EMAIL_CHANGE_LIMIT',
      );
    }
    const token = newToken();
    const at = now();
    await repo.upsertPending({
      user_id: row.id,
      new_email: email,
      token_hash: hashToken(token),
      expires_at: new Date(at.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
      created_at: at,
    });
    const link = `${site}/confirm-email?token=${token}`;
    await platform.mailer.send(
      sameAddress(email, row.email)
        ? {
            to: email,
            subject: 'Confirm your e-mail address',
            text:
              `Hello ${row.name},\n\n` +
              `This address is the e-mail of the Kwoon account ${row.username}. ` +
              `To confirm that it is yours, open this link within ${EMAIL_CHANGE_TTL_HOURS} hours:\n\n` +
              `${link}\n\n` +
              'Once it is confirmed, the workshop bookings and class places made with this address ' +
              'appear in your account. If you did not sign up, ignore this message.\n',
          }
        : {
            to: email,
            subject: 'Confirm your new e-mail address',
            text:
              `Hello ${row.name},\n\n` +
              `This address was entered as the new e-mail of the Kwoon account ${row.username}. ` +
              `To confirm it, open this link within ${EMAIL_CHANGE_TTL_HOURS} hours:\n\n` +
              `${link}\n\n` +
              'Until then the account keeps its current address. If you did not ask for this, ignore this message.\n',
          },
    );
  }

  /** The pending change of a user, while its link is still valid. */
  async function livePending(userId: string) {
    const at = now().getTime();
    const [pending] = await repo.findPending([userId]);
    return pending && pending.expires_at.getTime() > at ? pending : undefined;
  }

  return {
    /** The owner asked for a new address: the link goes there, the old address hears of it. */
    async request(row: UserRow, newEmail: string): Promise<void> {
      await issue(row, newEmail);
      await platform.mailer.send({
        to: row.email,
        subject: 'A change of your e-mail address was requested',
        text:
          `Hello ${row.name},\n\n` +
          `Someone signed in to your Kwoon account (${row.username}) asked to change its e-mail address ` +
          `to ${maskEmail(newEmail)}. Nothing changes until the link sent to that address is opened; ` +
          'until then this address stays in use for signing in and account recovery.\n\n' +
          'If this was not you, sign in, cancel the change in Settings and choose a new password. ' +
          'If you cannot sign in, contact the school.\n',
      });
    },

    /**
     * A link that confirms the account's own address; refused once it is confirmed, and while a
     * change to another address waits (confirming that one confirms the new address).
     */
    async confirmCurrent(row: UserRow): Promise<void> {
      if (row.email_verified_at)
        throw conflict('Your e-mail address is already confirmed.', 'EMAIL_CONFIRMED');
      const pending = await livePending(row.id);
      if (pending && !sameAddress(pending.new_email, row.email)) {
        throw conflict(`Confirm or cancel the change to ${pending.new_email} first.`, 'EMAIL_CHANGE_PENDING');
      }
      await issue(row, row.email);
    },

    /** A new link for the pending address; the earlier one stops working. */
    async resend(row: UserRow): Promise<void> {
      const [pending] = await repo.findPending([row.id]);
      if (!pending || sameAddress(pending.new_email, row.email))
        throw notFound('No e-mail change is pending', 'NO_EMAIL_CHANGE');
      await issue(row, pending.new_email);
    },

    async cancel(userId: string): Promise<void> {
      if (!(await repo.deletePending(userId)))
        throw notFound('No e-mail change is pending', 'NO_EMAIL_CHANGE');
    },

    /** Drops a pending change that an administrator's direct edit has overtaken. */
    discard: (userId: string) => repo.deletePending(userId),

    /**
     * The address each user is waiting to confirm, while its link is still valid (their own
     * address, when the link confirms it; `pendingChange` tells the two apart).
     */
    async pendingOf(userIds: string[]): Promise<Map<string, string>> {
      const at = now().getTime();
      return new Map(
        (await repo.findPending(userIds))
          .filter((change) => change.expires_at.getTime() > at)
          .map((change) => [change.user_id, change.new_email]),
      );
    },

    /** Applies the change a link names, confirming the address; 400 for a link that is unknown, used or expired. */
    async confirm(token: string): Promise<{ userId: string; email: string }> {
      const applied = await platform.tx(() => repo.confirm(hashToken(token), now()));
      if (!applied) throw badRequest(EMAIL_CHANGE_INVALID_MESSAGE, 'INVALID_EMAIL_TOKEN');
      return applied;
    },

    /** An administrator set the address directly: both the old and the new one are told. */
    async notifyAdminChange(row: UserRow, oldEmail: string): Promise<void> {
      await platform.mailer.send({
        to: oldEmail,
        subject: 'Your e-mail address was changed',
        text:
          `Hello ${row.name},\n\n` +
          `An administrator changed the e-mail address of your Kwoon account (${row.username}) to ` +
          `${maskEmail(row.email)}. Messages and account recovery now use that address. ` +
          'If you did not expect this, contact the school.\n',
      });
      await platform.mailer.send({
        to: row.email,
        subject: 'Your e-mail address was changed',
        text:
          `Hello ${row.name},\n\n` +
          `An administrator set this address as the e-mail of your Kwoon account (${row.username}). ` +
          'If you did not expect this, contact the school.\n',
      });
    },
  };
}
export type EmailChanges = ReturnType<typeof createEmailChanges>;
