import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { OkResponse } from '../../../common/api';
import {
  maskHint,
  RECOVERY_LOCK_MINUTES,
  RECOVERY_MAX_FAILURES,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MINUTES,
  SECURITY_QUESTIONS,
  TEMP_PASSWORD_TTL_MINUTES,
  type AuthResponse,
  type PasswordStatusResponse,
  type RequestResetCodeResponse,
  type RequestResetInput,
  type RequestResetResponse,
  type SecurityQuestionsResponse,
  type SignInInput,
  type SignUpInput,
  type TempSignInInput,
  type VerifyResponse,
} from '../../../common/auth';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/auth';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../platform/errors';
import {
  constantTimeEqual,
  dummySecretHash,
  generateTempPassword,
  hashSecret,
  normaliseAnswer,
  verifySecret,
} from '../../platform/passwords';
import type { Platform } from '../../platform';
import { createTransactions } from '../../platform/tx';
import type { UserRow, UsersService } from '../users/users.service';
import { createAuthRepo } from './auth.repo';

const MINUTE = 60_000;
const DEACTIVATED_MESSAGE = 'This account has been deactivated. Please contact support to reactivate it.';
const invalidCredentials = () => unauthorized('Invalid username or password', 'INVALID_CREDENTIALS');
const invalidTempPassword = () =>
  unauthorized('Invalid or expired temporary password', 'INVALID_TEMP_PASSWORD');
// One answer for an unknown e-mail, a wrong or spent code and wrong answers, so recovery reveals
// neither accounts nor which part was wrong.
const verificationFailed = () => badRequest('Security verification failed', 'SECURITY_VERIFICATION_FAILED');

/** Codes are short-lived and tied to one user; a fast hash keeps known and unknown e-mails alike in time. */
const hashResetCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

const generateResetCode = () =>
  String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');

export const RESET_CODE_JOB = 'auth.reset-code';
/** A code lives RESET_CODE_TTL_MINUTES; the job's retries fit well inside that. */
const RESET_CODE_JOB_ATTEMPTS = 3;
/** The address as typed (normalised by the schema) and when it was asked for. */
const ResetCodeJob = z.object({ email: z.string(), requestedAt: z.iso.datetime() });
const resetCodeExpiry = (requestedAt: Date) =>
  new Date(requestedAt.getTime() + RESET_CODE_TTL_MINUTES * MINUTE);

/**
 * Issues a temporary password (TEMP_PASSWORD_TTL_MINUTES, single use) and spends any older one:
 * the end of recovery, and what an operator hands out with `npm run cli -- reset-password`.
 */
export async function issueTempPassword(db: Db, userId: string, at: Date) {
  const tempPassword = generateTempPassword();
  const passwordHash = await hashSecret(tempPassword);
  const expiresAt = new Date(at.getTime() + TEMP_PASSWORD_TTL_MINUTES * MINUTE);
  const repo = createAuthRepo(db);
  await createTransactions(db).tx(async () => {
    await repo.invalidateTempPasswords(userId, at);
    await repo.insertTempPassword({
      user_id: userId,
      password_hash: passwordHash,
      expires_at: expiresAt,
      created_at: at,
    });
  });
  return { tempPassword, expiresAt };
}

export function createAuthService(platform: Platform, deps: { users: UsersService }) {
  const { users } = deps;
  const repo = createAuthRepo(platform.db);
  const now = () => platform.clock.now();

  async function openSession(row: UserRow, requiresPasswordChange = false): Promise<AuthResponse> {
    const token = await platform.sessions.create(row.id, { requiresPasswordChange });
    return { token, user: await users.present(row, { user: row, requiresPasswordChange }) };
  }

  /** Checked after the secret, so only someone who knows it learns the account is deactivated. */
  function assertActive(row: UserRow) {
    if (!row.is_active) throw forbidden(DEACTIVATED_MESSAGE, 'ACCOUNT_DEACTIVATED');
  }

  /**
   * Counts a recovery attempt for the e-mail before it is evaluated: past RECOVERY_MAX_FAILURES
   * in the window every attempt is refused, right answers included, and concurrent guesses cannot
   * slip past the count (see platform/throttle.ts).
   */
  async function countRecoveryAttempt(emailKey: string) {
    const hit = await platform.throttle.hit(`recovery:${emailKey}`, {
      limit: RECOVERY_MAX_FAILURES,
      windowMs: RECOVERY_LOCK_MINUTES * MINUTE,
    });
    if (hit.allowed) return;
    throw tooManyRequests(
      `Too many failed attempts. Please try again in ${RECOVERY_LOCK_MINUTES} minutes.`,
      hit.retryAfterSeconds,
      'RECOVERY_LOCKED',
    );
  }

  /** Compares every answer, without stopping at the first mismatch. */
  function answersMatch(row: UserRow | undefined, answers: readonly string[]): boolean {
    const expected = row ? [row.username, row.city, row.country] : ['', '', ''];
    let allMatch = row !== undefined;
    expected.forEach((value, i) => {
      const same = constantTimeEqual(normaliseAnswer(value), normaliseAnswer(answers[i] ?? ''));
      allMatch = same && allMatch;
    });
    return allMatch;
  }

  /** Mails a code for a known address; expires when the answer to the request said it would. */
  const resetCodeJob = platform.jobs.define(RESET_CODE_JOB, ResetCodeJob, async ({ email, requestedAt }) => {
    const at = new Date(requestedAt);
    const expiresAt = resetCodeExpiry(at);
    // A code that could no longer be used when it arrived is not worth sending.
    if (now() >= expiresAt) return;
    const row = await users.findByEmail(email);
    if (!row) return;
    const code = generateResetCode();
    await platform.tx(async () => {
      await repo.replaceResetCode({
        user_id: row.id,
        code_hash: hashResetCode(row.id, code),
        expires_at: expiresAt,
        created_at: at,
      });
      await platform.mailer.send({
        to: row.email,
        subject: `Your Kwoon password reset code: ${code}`,
        text:
          `Hello ${row.name},\n\n` +
          `Your code to reset the password of your Kwoon account is ${code}.\n\n` +
          `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once. ` +
          'If you did not ask for it, ignore this e-mail: nothing changes without the code.\n',
      });
    });
  });

  return {
    async signIn(input: SignInInput): Promise<AuthResponse> {
      const row = await users.findByLogin(input.username);
      const valid = row
        ? await users.guardSecretCheck(row, () => verifySecret(row.password_hash, input.password))
        : await verifySecret(await dummySecretHash(), input.password);
      if (!row || !valid) throw invalidCredentials();
      assertActive(row);
      return openSession(row);
    },

    async signUp(input: z.output<typeof SignUpInput>): Promise<AuthResponse> {
      return openSession(await users.register(input));
    },

    /** Opens a session that must set a new password; the temporary password is spent. */
    async signInWithTempPassword(input: TempSignInInput): Promise<AuthResponse> {
      const at = now();
      const row = await users.findByLogin(input.username);
      let matchId: string | undefined;
      const findMatch = async () => {
        const candidates = row ? await repo.activeTempPasswords(row.id, at) : [];
        if (candidates.length === 0) await verifySecret(await dummySecretHash(), input.tempPassword);
        for (const candidate of candidates) {
          if (await verifySecret(candidate.password_hash, input.tempPassword)) {
            matchId = candidate.id;
            return true;
          }
        }
        return false;
      };
      // A known account's temporary password counts against it like any password it has.
      if (row) await users.guardSecretCheck(row, findMatch);
      else await findMatch();
      if (!row || !matchId) throw invalidTempPassword();
      assertActive(row);
      if (!(await repo.claimTempPassword(matchId, at))) throw invalidTempPassword();
      return openSession(row, true);
    },

    async securityQuestionsFor(userId: string): Promise<SecurityQuestionsResponse> {
      if (!(await users.findById(userId))) throw notFound('User not found', 'USER_NOT_FOUND');
      return { questions: SECURITY_QUESTIONS };
    },

    /** The same questions for every e-mail, known or not, so the answer reveals no account. */
    securityQuestionsByEmail(): SecurityQuestionsResponse {
      return { questions: SECURITY_QUESTIONS };
    },

    /**
     * Proves the mailbox before any question is asked: e-mails a code to the account's address.
     * The request only queues the work, the same one write whether or not the address has an
     * account; the look-up, the code and the e-mail come after the answer, so neither its words
     * nor its time tell whether the address is known.
     */
    async requestResetCode(email: string): Promise<RequestResetCodeResponse> {
      const at = now();
      await resetCodeJob.enqueue(
        { email, requestedAt: at.toISOString() },
        { maxAttempts: RESET_CODE_JOB_ATTEMPTS },
      );
      return { sent: true, expiresAt: resetCodeExpiry(at).toISOString() };
    },

    async requestReset(input: z.output<typeof RequestResetInput>): Promise<RequestResetResponse> {
      const at = now();
      const emailKey = normaliseAnswer(input.email);
      await countRecoveryAttempt(emailKey);
      const row = await users.findByEmail(input.email);
      const live = row ? await repo.tryResetCode(row.id, at) : undefined;
      const codeHash = row ? hashResetCode(row.id, input.code) : '';
      const codeMatches = constantTimeEqual(live?.code_hash ?? '', codeHash) && live !== undefined;
      const answersRight = answersMatch(row, input.securityAnswers);
      if (!row || !live || !codeMatches || !answersRight) throw verificationFailed();
      if (!(await repo.spendResetCode(live.id, codeHash, at))) throw verificationFailed();

      const { tempPassword, expiresAt } = await issueTempPassword(platform.db, row.id, at);
      await platform.throttle.reset(`recovery:${emailKey}`);
      await platform.mailer.send({
        to: row.email,
        subject: 'A temporary password was issued for your account',
        text:
          `Hello ${row.name},\n\n` +
          'Someone entered the code e-mailed to you and answered the security questions of your Kwoon ' +
          `account, and was given a temporary password at ${at.toISOString()}. It can be used once, ` +
          `within ${TEMP_PASSWORD_TTL_MINUTES} minutes, ` +
          'and you will be asked to choose a new password after signing in with it.\n\n' +
          'If this was not you, please contact support straight away.\n',
      });
      return {
        hints: { username: maskHint(row.username), city: maskHint(row.city), country: maskHint(row.country) },
        tempPassword,
        expiresAt: expiresAt.toISOString(),
        user: { username: row.username },
      };
    },

    passwordStatus(auth: AuthContext): PasswordStatusResponse {
      return { requiresPasswordChange: auth.requiresPasswordChange };
    },

    /**
     * Ends the forced change after a temporary-password sign-in. Only such a session may set a
     * password without the current one, so a stolen everyday token cannot take the account over.
     * Keeps this session, ends the others and spends any temporary password still open.
     */
    async setNewPassword(auth: AuthContext, newPassword: string): Promise<OkResponse> {
      if (!auth.requiresPasswordChange) {
        throw forbidden(
          'No password change is pending. Change your password in Settings with your current password.',
          'PASSWORD_CHANGE_NOT_PENDING',
        );
      }
      await users.changePassword(auth.user.id, newPassword, auth.sessionId);
      await repo.invalidateTempPasswords(auth.user.id, now());
      return { success: true, message: 'Password updated successfully' };
    },

    async logout(auth: AuthContext): Promise<OkResponse> {
      await platform.sessions.revoke(auth.sessionId);
      return { success: true };
    },

    /** A token check is about the caller: it never vouches for another user id, even for admins. */
    async verify(auth: AuthContext, userId: string): Promise<VerifyResponse> {
      if (auth.user.id !== userId) throw forbidden('Token does not belong to this user', 'TOKEN_MISMATCH');
      const row = await users.findById(auth.user.id);
      if (!row) throw unauthorized();
      return { valid: true, user: await users.present(row, auth) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
