import { randomBytes } from 'node:crypto';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { OkResponse } from '../../../common/api';
import { ACCOUNT_LOCK_MINUTES, ACCOUNT_MAX_FAILURES, type SignUpInput } from '../../../common/auth';
import {
  AVATAR_URL,
  DEACTIVATE_PASSWORD_REQUIRED_MESSAGE,
  PROFILE_PASSWORD_REQUIRED_MESSAGE,
  type ConfirmEmailResponse,
  type CreateUserInput,
  ProfileResponse,
  type StudentEmailsResponse,
  type UpdateUserInput,
  type User,
  type UserCoursesResponse,
  type UserListResponse,
} from '../../../common/users';
import { assertSelfOrAdmin, type AuthContext } from '../../platform/auth';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  registerConstraintAnswers,
  tooManyRequests,
} from '../../platform/errors';
import { assertPasswordAllowed } from '../../platform/password-policy';
import { createReadCache, readerKey } from '../../platform/read-cache';
import { compileSerializer } from '../../platform/serializer';
import { hashSecret, verifySecret } from '../../platform/passwords';
import type { Platform } from '../../platform';
import type { MediaRegistry } from '../uploads/uploads.service';
import { createEmailChanges } from './email-change';
import { toPublicProfile, toUser, type EnrolledCourse, type Viewer } from './user-view';
import { createUsersRepo, type NewUserRow, type UserChanges, type UserRow } from './users.repo';

export type { UserRow } from './users.repo';
export { toPublicProfile, toUser, type EnrolledCourse, type Viewer } from './user-view';
type SignUp = z.output<typeof SignUpInput>;
type UpdateUser = z.output<typeof UpdateUserInput>;
type CreateUser = z.output<typeof CreateUserInput>;

/** One page of a list: `limit` rows after the first `offset`. */
interface Page {
  limit: number;
  offset: number;
}

/**
 * What the users domain needs from enrolments (passed in by server/modules/index.ts, so users
 * does not depend on the enrolments module): every enrolment of some users, or one page of one
 * user's, most recent first.
 */
export interface CourseLister {
  listForUsers(userIds: string[]): Promise<EnrolledCourse[]>;
  /** The enrolments of the user `userId` names, as a column of a statement that reads users. */
  coursesColumn(userId: SQLWrapper): SQL<EnrolledCourse[]>;
  pageForUser(userId: string, page: Page): Promise<{ courses: EnrolledCourse[]; total: number }>;
}

/**
 * Records that must outlive the account (paid orders) are another domain's: it says whether the
 * user has any (passed in by server/modules/index.ts).
 */
export interface KeptRecords {
  hasOrders(userId: string): Promise<boolean>;
}

const EMAIL_TAKEN = 'An account with this email already exists';
const USERNAME_TAKEN = 'This username is already taken';

// Two sign-ups racing for one address can both pass assertUnique; the database refuses the
// second, and it hears the same answer.
registerConstraintAnswers({
  users_email_lower_key: { message: EMAIL_TAKEN, field: 'email' },
  users_username_lower_key: { message: USERNAME_TAKEN, field: 'username' },
});
const USER_NOT_FOUND = 'User not found';
const DELETION_NOT_REQUESTED =
  'Request the deletion of this account first (PUT /api/admin/user/{id}/deletion-request): ' +
  'an account is deleted only once a deletion request stands';

/** Own profiles kept at once (the users signed in at a busy hour). */
const PROFILES_KEPT = 2000;

export function createUsersService(
  platform: Platform,
  deps: { courseLister?: CourseLister; avatarFiles?: MediaRegistry; keptRecords?: KeptRecords } = {},
) {
  const repo = createUsersRepo(platform.db);
  const emailChanges = createEmailChanges(platform);
  const now = () => platform.clock.now();
  // Each user's own profile, read on every signed-in page: kept as sent, and forgotten when they
  // or an admin write anything (forgetOnWrites in server/platform/read-cache.ts).
  const writeProfile = compileSerializer(
    { schema: ProfileResponse, method: 'GET', url: '/api/user/:id/profile' },
    { verify: platform.config.NODE_ENV !== 'production' },
  );
  const ownProfiles = createReadCache<Buffer>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
    maxEntries: PROFILES_KEPT,
  });

  /** The users' enrolments in one query, by user id. */
  async function coursesOf(userIds: string[]): Promise<Map<string, EnrolledCourse[]>> {
    const byUser = new Map<string, EnrolledCourse[]>();
    if (!deps.courseLister || userIds.length === 0) return byUser;
    for (const course of await deps.courseLister.listForUsers(userIds)) {
      const list = byUser.get(course.userId) ?? [];
      list.push(course);
      byUser.set(course.userId, list);
    }
    return byUser;
  }

  /** toUser with the user's courses and pending e-mail change filled in. */
  async function present(row: UserRow, viewer?: Viewer | null): Promise<User> {
    const [courses, pending] = await Promise.all([coursesOf([row.id]), emailChanges.pendingOf([row.id])]);
    return toUser(row, viewer, courses.get(row.id), pending.get(row.id) ?? null);
  }

  /** A media file is gone: no profile shows it. */
  async function forgetAvatar(publicId: string): Promise<void> {
    await repo.clearAvatar(publicId);
    ownProfiles.clear();
  }

  // Avatars are the users' files (`deps.avatarFiles` is uploads): a replaced one does not linger
  // in the public store, and one an administrator removes leaves every profile.
  const avatars = deps.avatarFiles?.register({
    folders: ['avatars'],
    uses: (publicId) => repo.avatarUses(publicId),
    forget: forgetAvatar,
  });

  /** Drops an avatar file once no profile shows it. */
  async function discardAvatar(publicId: string | null | undefined) {
    if (publicId) await avatars?.release(publicId);
  }

  async function assertUnique(email: string, username: string, exceptId?: string) {
    // Named by field, so a form shows the message under the field it is about.
    if (await repo.emailTaken(email, exceptId))
      throw conflict(EMAIL_TAKEN, 'ALREADY_EXISTS', [{ path: 'email', message: EMAIL_TAKEN }]);
    if (await repo.usernameTaken(username, exceptId))
      throw conflict(USERNAME_TAKEN, 'ALREADY_EXISTS', [{ path: 'username', message: USERNAME_TAKEN }]);
  }

  /** A new account, under sign-up's password and uniqueness rules, with the rest of its columns. */
  async function insertAccount(
    input: { name: string; email: string; username: string; password: string },
    columns: Omit<NewUserRow, 'name' | 'email' | 'username' | 'password_hash' | 'created_at' | 'updated_at'>,
  ): Promise<UserRow> {
    assertPasswordAllowed(input.password, [input.username, input.email], 'password');
    await assertUnique(input.email, input.username);
    const at = now();
    return repo.insert({
      name: input.name,
      email: input.email,
      username: input.username,
      ...columns,
      password_hash: await hashSecret(input.password),
      created_at: at,
      updated_at: at,
    });
  }

  async function findOrThrow(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
    return row;
  }

  /** Admins keep their own access: they cannot demote, deactivate or delete themselves. */
  function assertNotSelfLockout(auth: AuthContext, id: string, action: 'demote' | 'deactivate' | 'delete') {
    if (!auth.user.is_admin || auth.user.id !== id) return;
    const messages = {
      demote: 'You cannot remove your own administrator access',
      deactivate: 'You cannot deactivate your own administrator account',
      delete: 'You cannot delete your own account',
    };
    throw badRequest(messages[action], 'CANNOT_CHANGE_SELF');
  }

  /**
   * Every check of an account's secret (password, temporary password, current password) goes
   * through here: the attempt is counted for the account before the check runs, so past
   * ACCOUNT_MAX_FAILURES in ACCOUNT_LOCK_MINUTES the account answers 429 from any address, and the
   * owner is told once. The right secret clears the count.
   */
  async function guardSecretCheck(row: UserRow, check: () => Promise<boolean>): Promise<boolean> {
    const key = `account:${row.id}`;
    const hit = await platform.throttle.hit(key, {
      limit: ACCOUNT_MAX_FAILURES,
      windowMs: ACCOUNT_LOCK_MINUTES * 60_000,
    });
    if (!hit.allowed) {
      if (hit.justLocked) {
        await platform.mailer.send({
          to: row.email,
          subject: 'Sign-in to your account was paused',
          text:
            `Hello ${row.name},\n\n` +
            `There were ${ACCOUNT_MAX_FAILURES} failed attempts to use the password of your Kwoon account ` +
            `(username ${row.username}), so it will refuse further attempts for ${ACCOUNT_LOCK_MINUTES} minutes. ` +
            'If this was not you, someone may be guessing your password: choose a strong one in Settings ' +
            'once you can sign in again.\n',
        });
      }
      throw tooManyRequests(
        `Too many failed attempts. Please try again in ${ACCOUNT_LOCK_MINUTES} minutes.`,
        hit.retryAfterSeconds,
        'ACCOUNT_LOCKED',
      );
    }
    const ok = await check();
    if (ok) await platform.throttle.reset(key);
    return ok;
  }

  /** After a password change every other session ends and none still asks for a change. */
  async function afterPasswordChange(userId: string, keepSessionId?: string) {
    await platform.sessions.revokeAllForUser(userId, keepSessionId ? { except: keepSessionId } : {});
    await platform.sessions.clearPasswordChange(userId);
  }

  /** Sets a new password (PUT /user/set-new-password); it must pass the password policy. */
  async function changePassword(userId: string, newPassword: string, keepSessionId?: string) {
    const user = await findOrThrow(userId);
    assertPasswordAllowed(newPassword, [user.username, user.email], 'newPassword');
    const row = await repo.update(userId, {
      password_hash: await hashSecret(newPassword),
      updated_at: now(),
    });
    if (!row) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
    await afterPasswordChange(userId, keepSessionId);
  }

  /** A user's profile as the caller may see it: in full for its owner and admins. */
  async function readProfile(auth: AuthContext, id: string): Promise<ProfileResponse> {
    // One statement: the user, their courses and their pending e-mail change.
    const lister = deps.courseLister;
    const found = await repo.findWithCourses(
      id,
      now(),
      lister && ((userId: SQLWrapper) => lister.coursesColumn(userId)),
    );
    if (!found || (!found.row.is_active && !auth.user.is_admin))
      throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
    const { row, courses, pendingEmail } = found;
    if (auth.user.id === id || auth.user.is_admin) return toUser(row, auth, courses, pendingEmail);
    const showsCourses =
      row.privacy.profile === 'public' &&
      (row.privacy.courses === 'public' || row.privacy.progress === 'public');
    return toPublicProfile(row, showsCourses ? courses : []);
  }

  return {
    toUser,
    present,
    changePassword,
    guardSecretCheck,
    findById: (id: string) => repo.findById(id),
    findByEmail: (email: string) => repo.findByEmail(email),
    activeAdmins: () => repo.activeAdmins(),
    /** Active students with e-mail notifications on, `limit` at a time in id order after `after`. */
    notifiableMembers: (after: string | null, limit: number) => repo.notifiableMembers(after, limit),
    /** By username or e-mail, case-insensitively. */
    findByLogin: (login: string) => repo.findByLogin(login),

    /**
     * An account an administrator makes: same uniqueness and password rules as sign-up, but no
     * city or country, so no recovery answers until the person fills them in.
     */
    async create(input: CreateUser): Promise<{ user: User }> {
      const row = await insertAccount(input, {
        avatar: input.avatar ?? null,
        avatar_public_id: AVATAR_URL.exec(input.avatar ?? '')?.[1] ?? null,
        city: input.city ?? '',
        country: input.country ?? '',
        martial_art: input.martial_art ?? '',
        experience: input.experience ?? 0,
        belt: input.belt ?? null,
        is_admin: input.is_admin,
      });
      return { user: await present(row) };
    },

    /**
     * The first step of an administrator's two-step deletion, or its withdrawal: the mark alone,
     * the account's state is left as it is.
     */
    async setDeletionRequest(auth: AuthContext, id: string, requested: boolean): Promise<{ user: User }> {
      if (requested) assertNotSelfLockout(auth, id, 'delete');
      const row = await repo.update(id, { deletion_requested: requested, updated_at: now() });
      if (!row) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
      return { user: await present(row) };
    },

    async studentEmails(): Promise<StudentEmailsResponse> {
      return { emails: await repo.studentEmails() };
    },

    async register(input: SignUp): Promise<UserRow> {
      const row = await insertAccount(input, {
        city: input.city,
        country: input.country,
        martial_art: input.martial_art,
      });
      // The address is the newcomer's word until they open the link sent to it.
      await emailChanges.confirmCurrent(row);
      return row;
    },

    async list(
      auth: AuthContext,
      query: Page & { q?: string; role?: 'admin' | 'student' },
    ): Promise<UserListResponse> {
      const { limit, offset, ...filter } = query;
      const { rows, total } = await repo.list({ limit, offset }, filter);
      const ids = rows.map((row) => row.id);
      const [courses, pending] = await Promise.all([coursesOf(ids), emailChanges.pendingOf(ids)]);
      return {
        users: rows.map((row) => toUser(row, auth, courses.get(row.id), pending.get(row.id) ?? null)),
        total,
      };
    },

    /**
     * The profile as sent (UTF-8 JSON): the owner and admins see the full user; others see what
     * the user's privacy allows.
     */
    async profileAnswer(auth: AuthContext, id: string): Promise<Buffer> {
      const written = async () => Buffer.from(writeProfile(await readProfile(auth, id)));
      if (auth.user.id !== id) return written();
      return ownProfiles.get(readerKey(id, String(auth.requiresPasswordChange)), written);
    },

    /** Forgets the profiles kept for one user, or for everyone. */
    forgetProfileOf: (userId?: string) =>
      userId ? ownProfiles.forget(readerKey(userId)) : ownProfiles.clear(),

    async update(auth: AuthContext, id: string, input: UpdateUser): Promise<{ user: User }> {
      assertSelfOrAdmin(auth, id);
      const target = await findOrThrow(id);
      const isSelf = auth.user.id === id;
      if (isSelf) {
        if (!input.current_password) throw badRequest(PROFILE_PASSWORD_REQUIRED_MESSAGE, 'PASSWORD_REQUIRED');
        const password = input.current_password;
        if (!(await guardSecretCheck(target, () => verifySecret(target.password_hash, password)))) {
          // 403, not 401: the web app ends the session on any 401.
          throw forbidden('Current password is incorrect', 'INVALID_PASSWORD');
        }
      }
      if (input.is_admin === false) assertNotSelfLockout(auth, id, 'demote');
      if (input.is_active === false) assertNotSelfLockout(auth, id, 'deactivate');
      await assertUnique(input.email, input.username, id);
      if (input.new_password) {
        const identities = [input.username, input.email, target.username, target.email];
        assertPasswordAllowed(input.new_password, identities, 'new_password');
      }

      // The owner's new address waits for the link sent to it; an administrator editing someone
      // else's account sets it directly, and both addresses are told (notifyAdminChange below).
      const emailChanged = input.email !== target.email.toLowerCase();
      const confirmFirst = isSelf && emailChanged;
      if (confirmFirst && (await emailChanges.pendingOf([id])).get(id) !== input.email) {
        await emailChanges.request(target, input.email);
      }
      const avatarPublicId =
        input.avatar === undefined ? undefined : (AVATAR_URL.exec(input.avatar ?? '')?.[1] ?? null);

      const changes: UserChanges = {
        name: input.name,
        email: confirmFirst ? undefined : input.email,
        // An address set without its owner opening a link is not theirs to prove: it waits for one.
        ...(emailChanged && !confirmFirst ? { email_verified_at: null } : {}),
        username: input.username,
        avatar: input.avatar,
        avatar_public_id: avatarPublicId,
        city: input.city,
        country: input.country,
        martial_art: input.martial_art,
        experience: input.experience,
        privacy: input.privacy,
        allow_messages: input.allow_messages,
        email_notifications: input.email_notifications,
        updated_at: now(),
      };
      // Only admins may change role, status and belt; for students these fields are ignored.
      const deactivating = auth.user.is_admin && input.is_active === false && target.is_active;
      if (auth.user.is_admin) {
        changes.belt = input.belt;
        changes.is_admin = input.is_admin;
        if (deactivating) Object.assign(changes, { is_active: false, deactivated_at: now() });
        if (input.is_active === true && !target.is_active) {
          Object.assign(changes, { is_active: true, deactivated_at: null, deletion_requested: false });
        }
      }
      if (input.new_password) changes.password_hash = await hashSecret(input.new_password);
      const updated = await repo.update(id, changes);
      if (!updated) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
      // Their sessions carry these two: cached ones are read again.
      if ('is_admin' in changes || 'is_active' in changes) await platform.sessions.forgetUser(id);

      let viewer: Viewer | null = isSelf ? auth : null;
      if (input.new_password) {
        await afterPasswordChange(id, isSelf ? auth.sessionId : undefined);
        if (isSelf) viewer = { user: auth.user, requiresPasswordChange: false };
      }
      if (deactivating) await platform.sessions.revokeAllForUser(id);
      if (emailChanged && !confirmFirst) {
        await emailChanges.discard(id);
        await emailChanges.notifyAdminChange(updated, target.email);
      }
      if (avatarPublicId !== undefined && target.avatar_public_id !== avatarPublicId) {
        await discardAvatar(target.avatar_public_id);
      }
      return { user: await present(updated, viewer) };
    },

    /**
     * Deletes an account whose deletion was requested (409 DELETION_NOT_REQUESTED otherwise). One
     * with payment records is anonymised instead: nothing identifies the person any more and nobody
     * can sign in to it, while their orders stay for the school's books.
     */
    async remove(auth: AuthContext, id: string): Promise<OkResponse> {
      assertNotSelfLockout(auth, id, 'delete');
      const row = await findOrThrow(id);
      // The second step of a deletion needs the first: the mark set by an administrator or by the
      // owner's own request (deactivate with isDeletionRequest). The repo checks it again as it
      // writes, so a request withdrawn meanwhile keeps the account.
      const refusal = async () =>
        (await repo.findById(id))
          ? conflict(DELETION_NOT_REQUESTED, 'DELETION_NOT_REQUESTED')
          : notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
      if (!row.deletion_requested) throw await refusal();
      if (await deps.keptRecords?.hasOrders(id)) {
        const unusable = await hashSecret(randomBytes(32).toString('base64url'));
        await platform.tx(async () => {
          if (!(await repo.anonymise(id, unusable, now()))) throw await refusal();
          await emailChanges.discard(id);
        });
      } else {
        // Sessions, temporary passwords and terms acceptances go with the user (ON DELETE CASCADE).
        if (!(await repo.delete(id))) throw await refusal();
      }
      // Announced as ended before the answer, so every stream closes ahead of any later event.
      await platform.sessions.revokeAllForUser(id);
      await discardAvatar(row.avatar_public_id);
      return { success: true };
    },

    async listCourses(auth: AuthContext, id: string, page: Page): Promise<UserCoursesResponse> {
      assertSelfOrAdmin(auth, id);
      await findOrThrow(id);
      const { courses, total } = deps.courseLister
        ? await deps.courseLister.pageForUser(id, page)
        : { courses: [], total: 0 };
      return {
        courses: courses.map(({ courseId, courseName, progress, startDate }) => ({
          courseId,
          courseName,
          progress,
          startDate,
        })),
        total,
      };
    },

    /**
     * Turns e-mail notifications on or off without the password: it changes nothing an attacker
     * could use (no address, password or visibility), unlike a profile save or deactivation.
     */
    async setEmailNotifications(auth: AuthContext, id: string, enabled: boolean): Promise<{ user: User }> {
      assertSelfOrAdmin(auth, id);
      const row = await repo.update(id, { email_notifications: enabled, updated_at: now() });
      if (!row) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
      return { user: await present(row, auth.user.id === id ? auth : null) };
    },

    /** Owners confirm with their password (as on profile save); admins deactivating others need not. */
    async deactivate(
      auth: AuthContext,
      id: string,
      input: { isDeletionRequest: boolean; password?: string },
    ): Promise<OkResponse> {
      const { isDeletionRequest } = input;
      assertSelfOrAdmin(auth, id);
      assertNotSelfLockout(auth, id, 'deactivate');
      if (auth.user.id === id) {
        const target = await findOrThrow(id);
        const password = input.password;
        if (!password) {
          throw badRequest(DEACTIVATE_PASSWORD_REQUIRED_MESSAGE, 'PASSWORD_REQUIRED', [
            { path: 'password', message: DEACTIVATE_PASSWORD_REQUIRED_MESSAGE },
          ]);
        }
        if (!(await guardSecretCheck(target, () => verifySecret(target.password_hash, password)))) {
          // 403, not 401: the web app ends the session on any 401.
          throw forbidden('Current password is incorrect', 'INVALID_PASSWORD');
        }
      }
      const at = now();
      const row = await repo.update(id, {
        is_active: false,
        deactivated_at: at,
        deletion_requested: isDeletionRequest,
        updated_at: at,
      });
      if (!row) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
      await platform.sessions.revokeAllForUser(id);
      if (!isDeletionRequest) return { success: true, message: 'Account deactivated successfully' };
      await platform.mailer.send({
        to: row.email,
        subject: 'Your account deletion request',
        text:
          `Hello ${row.name},\n\n` +
          'We received a request to delete your Kwoon account. The account has been deactivated and ' +
          'can no longer be used to sign in.\n\n' +
          'Account deletion is handled by our support team and is processed within 3-5 business days. ' +
          'If you did not ask for this, or have changed your mind, please contact support.\n',
      });
      return {
        success: true,
        message:
          'Your account has been deactivated and your deletion request has been received. ' +
          'Our support team will process it within 3-5 business days.',
      };
    },

    /** Applies the e-mail change a confirmation link names (public: the link is the credential). */
    async confirmEmail(token: string): Promise<ConfirmEmailResponse> {
      const { email } = await emailChanges.confirm(token);
      return { success: true, email };
    },

    /** Sends a link that confirms the account's own address (owner or admin). */
    async sendEmailConfirmation(auth: AuthContext, id: string): Promise<OkResponse> {
      assertSelfOrAdmin(auth, id);
      const row = await findOrThrow(id);
      await emailChanges.confirmCurrent(row);
      return { success: true, message: `We sent a confirmation link to ${row.email}.` };
    },

    /**
     * The account's address once its owner has confirmed it, lower-cased; null before. What others
     * keep by e-mail (bookings, waitlist places) belongs to the account only through this.
     */
    confirmedEmail: (userId: string): Promise<string | null> => repo.confirmedEmail(userId),

    async resendEmailChange(auth: AuthContext, id: string): Promise<OkResponse> {
      assertSelfOrAdmin(auth, id);
      await emailChanges.resend(await findOrThrow(id));
      return { success: true, message: 'We sent a new confirmation link.' };
    },

    async cancelEmailChange(auth: AuthContext, id: string): Promise<{ user: User }> {
      assertSelfOrAdmin(auth, id);
      const row = await findOrThrow(id);
      await emailChanges.cancel(id);
      return { user: await present(row, auth.user.id === id ? auth : null) };
    },

    async reactivate(id: string): Promise<{ user: User }> {
      const row = await repo.update(id, {
        is_active: true,
        deactivated_at: null,
        deletion_requested: false,
        updated_at: now(),
      });
      if (!row) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
      return { user: await present(row) };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
