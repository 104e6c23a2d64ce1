import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PublicProfile } from '../../../../common/users';
import { emailChanges, jobs, mediaFiles, orders, termsAcceptances, users } from '../../../db/schema';
import { issueTempPassword } from '../../auth/auth.service';
import { multipart } from '../../uploads/multipart-body';
import { ownAccountOnly, rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createAdmin, createUser, DEFAULT_PASSWORD } from '../../../test/factories';
import { createCourse } from '../../courses/test/factories';
import { acceptTerms } from '../../terms/test/factories';
import { createDeadJob } from '../../jobs/test/factories';
import { createMediaFile } from '../../uploads/test/factories';
import { emailedResetCode } from '../../auth/test/factories';
import { requestEmailChange } from './factories';

/* Matrix entries for accounts, sign-in and recovery, terms, payments, uploads and the site's own routes. */

const self = (w: World) => ({ params: { id: w.a.user.id } });
const userRow = (t: TestApp, w: World) => rowsWhere(t, users, users.id, w.a.user.id);
/** A student A of this case alone, for rows that change or end the account. */
const freshA = async (t: TestApp) => ({ a: await createUser(t) });
/** A student A of this case alone whose deletion was requested, the first of the two steps. */
const freshLeavingA = async (t: TestApp) => ({ a: await createUser(t, { deletion_requested: true }) });
/** A student A of this case alone, waiting for the link that confirms a new e-mail address. */
const freshPendingA = async (t: TestApp) => {
  const a = await createUser(t);
  await requestEmailChange(t, a);
  return { a };
};
const pendingChange = (t: TestApp, w: World) => rowsWhere(t, emailChanges, emailChanges.user_id, w.a.user.id);
/** A student A of this case alone whose address is not confirmed yet. */
const freshUnconfirmedA = async (t: TestApp) => ({ a: await createUser(t, { email_verified_at: null }) });

/** A 1×1 PNG: the smallest avatar the upload re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const accounts: MatrixEntry[] = [
  { route: 'POST /api/verify/users' },
  {
    route: 'GET /api/user/:id/profile',
    call: self,
    expect: { studentB: 'allowed' },
    check: (res, actor) => {
      // Another student gets the public profile only: no e-mail, settings or account state.
      if (actor === 'studentB')
        expect(PublicProfile.strict().safeParse(res.json()).success, res.body).toBe(true);
      else if (res.statusCode === 200) expect(res.json()).toHaveProperty('email');
    },
  },
  {
    route: 'PUT /api/user/:id',
    fresh: freshA,
    call: (w) => ({
      params: { id: w.a.user.id },
      body: {
        name: 'Renamed Student',
        email: w.a.user.email,
        username: w.a.user.username,
        current_password: DEFAULT_PASSWORD,
      },
    }),
    unchanged: userRow,
  },
  {
    route: 'PUT /api/user/:id/email-notifications',
    fresh: freshA,
    call: (w) => ({ ...self(w), body: { enabled: false } }),
    unchanged: userRow,
  },
  { route: 'DELETE /api/user/:id', fresh: freshLeavingA, call: self, unchanged: userRow },
  { route: 'GET /api/user/:id/courses', call: self },
  {
    route: 'POST /api/user/:id/deactivate',
    fresh: freshA,
    call: (w) => ({ ...self(w), body: { isDeletionRequest: false, password: w.a.password } }),
    unchanged: userRow,
  },
  {
    route: 'POST /api/user/confirm-email',
    // The token mailed to A's new address is the proof; whoever opens the link applies it.
    fresh: async (t) => {
      const a = await createUser(t);
      return { a: { ...a, password: await requestEmailChange(t, a) } };
    },
    call: (w) => ({ body: { token: w.a.password } }),
  },
  {
    route: 'POST /api/user/:id/email-change/resend',
    fresh: freshPendingA,
    call: self,
    unchanged: pendingChange,
  },
  {
    route: 'POST /api/user/:id/email-confirmation',
    fresh: freshUnconfirmedA,
    call: self,
    unchanged: pendingChange,
  },
  {
    route: 'DELETE /api/user/:id/email-change',
    fresh: freshPendingA,
    call: self,
    unchanged: pendingChange,
  },
  { route: 'POST /api/admin/user/:id/reactivate', fresh: freshA, call: self, unchanged: userRow },
  {
    route: 'POST /api/admin/users',
    status: 201,
    call: () => {
      const suffix = randomUUID().slice(0, 8);
      return {
        body: {
          name: 'Made By Sifu',
          email: `made-${suffix}@example.org`,
          username: `made_${suffix}`,
          password: 'lotus-stance-1987',
        },
      };
    },
  },
  { route: 'GET /api/admin/users/emails' },
  {
    route: 'PUT /api/admin/user/:id/deletion-request',
    fresh: freshA,
    call: (w) => ({ ...self(w), body: { requested: true } }),
    unchanged: userRow,
  },
];

const auth: MatrixEntry[] = [
  {
    route: 'POST /api/user/authenticate',
    fresh: freshA,
    call: (w) => ({ body: { username: w.a.user.username, password: w.a.password } }),
  },
  {
    route: 'POST /api/create/user',
    status: 201,
    call: () => {
      const suffix = randomUUID().slice(0, 8);
      return {
        body: {
          name: 'New Student',
          city: 'Oakland',
          country: 'United States',
          martial_art: 'Baguazhang',
          email: `new-${suffix}@example.org`,
          username: `new_${suffix}`,
          password: 'Circle-Walking-Palms-8',
        },
      };
    },
  },
  {
    route: 'POST /api/user/auth-temp',
    // A answers the security questions first; the temporary password stands in for A's password.
    fresh: async (t) => {
      const a = await createUser(t);
      const { tempPassword } = await issueTempPassword(t.database.db, a.user.id, t.clock.now());
      return { a: { ...a, password: tempPassword } };
    },
    call: (w) => ({ body: { username: w.a.user.username, tempPassword: w.a.password } }),
  },
  { route: 'GET /api/user/security-questions/:id', call: self },
  { route: 'POST /api/user/security-questions', call: (w) => ({ body: { email: w.a.user.email } }) },
  {
    route: 'POST /api/user/request-reset',
    // The code e-mailed to A stands in for A's password.
    fresh: async (t) => {
      const a = await createUser(t);
      return { a: { ...a, password: await emailedResetCode(t, a.user.email) } };
    },
    call: (w) => ({
      body: {
        email: w.a.user.email,
        code: w.a.password,
        securityAnswers: [w.a.user.username, w.a.user.city, w.a.user.country],
      },
    }),
  },
  {
    route: 'POST /api/user/request-reset-code',
    status: 202,
    call: (w) => ({ body: { email: w.a.user.email } }),
  },
  { route: 'GET /api/user/password-status', expect: ownAccountOnly },
  {
    route: 'PUT /api/user/set-new-password',
    // Only a session opened with a temporary password may set a password without the current one.
    fresh: async (t) => ({
      a: await createUser(t, { requiresPasswordChange: true }),
      b: await createUser(t, { requiresPasswordChange: true }),
      admin: await createAdmin(t, { requiresPasswordChange: true }),
    }),
    call: () => ({ body: { newPassword: 'Lotus-Stance-Quiet-River-81' } }),
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/user/logout',
    fresh: async (t) => ({ a: await createUser(t), b: await createUser(t), admin: await createAdmin(t) }),
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/verify/user/:id',
    call: self,
    // A token check vouches only for the token's own user, whoever holds it.
    expect: { admin: { status: 403, code: 'TOKEN_MISMATCH' } },
  },
];

const termsOfA = (t: TestApp, w: World) =>
  rowsWhere(t, termsAcceptances, termsAcceptances.user_id, w.a.user.id);
const freshAcceptance = async (t: TestApp) => {
  const a = await createUser(t);
  return { a, termsRecordId: (await acceptTerms(t, a.user.id)).id };
};

const terms: MatrixEntry[] = [
  { route: 'GET /api/terms' },
  { route: 'GET /api/user/:id/terms-status', call: self },
  {
    route: 'POST /api/user/:id/accept-terms',
    fresh: freshA,
    call: (w) => ({ ...self(w), body: { version: w.termsVersion } }),
    // Accepting is the user's own act: nobody, not even an admin, accepts on their behalf.
    expect: { admin: { status: 403, code: 'NOT_OWNER' } },
    unchanged: termsOfA,
  },
  { route: 'GET /api/admin/terms-of-service' },
  { route: 'GET /api/admin/users-without-terms' },
  { route: 'GET /api/admin/terms-stats' },
  {
    route: 'POST /api/admin/revoke-terms/:id',
    fresh: freshAcceptance,
    call: (w) => ({ params: { id: w.termsRecordId }, body: { reason: 'Accepted by mistake' } }),
    unchanged: termsOfA,
  },
  {
    route: 'DELETE /api/admin/terms/:id',
    fresh: freshAcceptance,
    call: (w) => ({ params: { id: w.termsRecordId } }),
    unchanged: termsOfA,
  },
];

const checkoutOfA = (w: World) => ({ params: { sessionId: w.checkout.session_id } });

const payments: MatrixEntry[] = [
  {
    route: 'POST /api/stripe/create-checkout',
    fresh: async (t) => ({
      paidCourse: await createCourse(t, { price: 29, modules: 1, lessonsPerModule: 1 }),
    }),
    call: (w) => ({ body: { course_id: w.paidCourse.id } }),
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/stripe/verify-payment',
    call: (w) => ({ body: { session_id: w.checkout.session_id, course_id: w.paidCourse.id } }),
    // Verifying is the buyer's own step after paying; nobody else's checkout is found.
    expect: { admin: { status: 404, code: 'CHECKOUT_NOT_FOUND' } },
    unchanged: (t, w) => rowsWhere(t, orders, orders.id, w.checkout.order_id),
  },
  { route: 'GET /api/stripe/orders/:userId', call: (w) => ({ params: { userId: w.a.user.id } }) },
  { route: 'GET /api/stripe/subscription/:userId', call: (w) => ({ params: { userId: w.a.user.id } }) },
  // The test checkout stands in for Stripe's hosted page: its unguessable session id is the key.
  { route: 'GET /api/payment/local-checkout/:sessionId', call: checkoutOfA },
  {
    route: 'POST /api/payment/local-checkout/:sessionId',
    call: (w) => ({ ...checkoutOfA(w), body: { outcome: 'cancel' } }),
  },
  {
    route: 'POST /api/stripe/webhook',
    // Unsigned, so refused by the signature check whoever sends it; access is never asked.
    status: 400,
    call: () => ({ raw: { payload: '{}', headers: { 'content-type': 'application/json' } } }),
  },
];

const site: MatrixEntry[] = [
  {
    route: 'POST /api/uploads',
    call: () => ({
      raw: multipart([
        { name: 'folder', value: 'avatars' },
        { name: 'file', filename: 'me.png', type: 'image/png', data: PNG },
      ]),
    }),
    expect: ownAccountOnly,
  },
  {
    route: 'DELETE /api/admin/cloudinary/delete',
    fresh: async (t, w) => ({ mediaPublicId: (await createMediaFile(t, w.a.user.id)).public_id }),
    call: (w) => ({ body: { publicId: w.mediaPublicId } }),
    unchanged: (t, w) => rowsWhere(t, mediaFiles, mediaFiles.public_id, w.mediaPublicId),
  },
  { route: 'GET /api/admin/outbox' },
  { route: 'GET /api/admin/outbox/:id', call: (w) => ({ params: { id: w.outboxMessageId } }) },
  { route: 'GET /api/admin/jobs', call: () => ({ query: { status: 'dead' } }) },
  {
    route: 'POST /api/admin/jobs/:id/retry',
    fresh: async (t) => ({ deadJobId: (await createDeadJob(t)).id }),
    call: (w) => ({ params: { id: w.deadJobId } }),
    unchanged: (t, w) => rowsWhere(t, jobs, jobs.id, w.deadJobId),
  },
  {
    route: 'POST /api/contact',
    status: 202,
    call: () => ({
      body: { name: 'Mei Chen', email: 'mei@example.org', subject: 'Class times', message: 'When?' },
    }),
  },
  { route: 'GET /api/health' },
  // Each person's own stream: B's call opens B's, which tells B nothing of A.
  {
    route: 'GET /api/events',
    stream: true,
    expect: ownAccountOnly,
    check: (res, actor) => {
      if (res.statusCode === 200) {
        expect(res.headers['content-type'], actor).toMatch(/^text\/event-stream/);
        expect(res.body, actor).toMatch(/^id: \d+\nevent: ready\ndata: null\n\n$/);
      }
    },
  },
];

export const ACCOUNT_ENTRIES: MatrixEntry[] = [...accounts, ...auth, ...terms, ...payments, ...site];
