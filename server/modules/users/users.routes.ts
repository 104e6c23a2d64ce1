import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  ConfirmEmailInput,
  ConfirmEmailResponse,
  CreateUserInput,
  DeactivateInput,
  DeletionRequestInput,
  EmailNotificationsInput,
  ProfileResponse,
  StudentEmailsResponse,
  UpdateUserInput,
  UserCoursesQuery,
  UserCoursesResponse,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from '../../../common/users';
import type { Config } from '../../config';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import { perUserRateLimit, type RateRule } from '../../platform/rate-limit';
import type { UsersService } from './users.service';

const tags = ['users'];

/**
 * Profile saves per user: each answers whether an e-mail or username is taken, so without a
 * limit one account could test thousands of addresses a minute. Nobody edits their profile this often.
 */
export const PROFILE_SAVE_RATE_LIMIT: RateRule = { max: 30, windowMinutes: 15 };

/** Switching e-mail notifications needs no password, so its repeats are bounded per user instead. */
export const EMAIL_NOTIFICATIONS_RATE_LIMIT: RateRule = { max: 30, windowMinutes: 15 };

/**
 * Accounts an administrator makes, per administrator: a school adds a class's worth at a time,
 * while a stolen admin session cannot mint accounts (and argon2 hashes) without end.
 */
export const ADMIN_CREATE_USER_RATE_LIMIT: RateRule = { max: 60, windowMinutes: 60 };

export function usersRoutes(
  services: { users: UsersService },
  config: Pick<Config, 'AUTH_RATE_LIMIT_PER_MINUTE'>,
): FastifyPluginAsyncZod {
  const { users } = services;

  return async (app) => {
    app.post(
      '/verify/users',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'List the users, a page at a time (admin): deletion requests first, then oldest account first; ' +
            'q searches name, username and e-mail, role keeps admins or students',
          security: bearerSecurity,
          querystring: UserListQuery,
          response: { 200: UserListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => users.list(requireAuth(request), request.query),
    );

    app.post(
      '/admin/users',
      {
        config: {
          access: 'admin',
          rateLimit: perUserRateLimit(ADMIN_CREATE_USER_RATE_LIMIT, { includeAdmins: true }),
        },
        schema: {
          tags,
          summary:
            'Create an account (admin). A taken username or e-mail answers 409 as at sign-up; the account has ' +
            `no recovery answers until its owner adds a city and country; ${ADMIN_CREATE_USER_RATE_LIMIT.max} ` +
            `per ${ADMIN_CREATE_USER_RATE_LIMIT.windowMinutes} minutes per administrator`,
          security: bearerSecurity,
          body: CreateUserInput,
          response: { 201: UserResponse, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => reply.code(201).send(await users.create(request.body)),
    );

    app.get(
      '/admin/users/emails',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Every student's e-mail address, trimmed, empties skipped, for copying (admin)",
          security: bearerSecurity,
          response: { 200: StudentEmailsResponse, ...errorResponses(401, 403) },
        },
      },
      async () => users.studentEmails(),
    );

    app.put(
      '/admin/user/:id/deletion-request',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            "Mark an account for deletion, the first of an administrator's two steps, or withdraw the mark (admin)",
          security: bearerSecurity,
          params: IdParams,
          body: DeletionRequestInput,
          response: { 200: UserResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        users.setDeletionRequest(requireAuth(request), request.params.id, request.body.requested),
    );

    app.get(
      '/user/:id/profile',
      {
        config: { access: 'user', duringPasswordChange: 'self' },
        schema: {
          tags,
          summary:
            "A user's profile: in full for the owner and admins, else as that user's privacy settings allow",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: ProfileResponse, ...errorResponses(400, 401, 404) },
        },
      },
      // Written by the service with the schema's serializer, and kept for the owner.
      async (request, reply) => {
        const body = await users.profileAnswer(requireAuth(request), request.params.id);
        return reply.type('application/json; charset=utf-8').send(body as unknown as ProfileResponse);
      },
    );

    app.put(
      '/user/:id',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(PROFILE_SAVE_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'Update a user (owner or admin). The owner must send current_password. ' +
            'is_admin, is_active and belt are ignored unless the caller is an admin. A new email from the ' +
            'owner waits for the link sent to it (pending_email); an admin changing another user sets it.',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateUserInput,
          response: { 200: UserResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => users.update(requireAuth(request), request.params.id, request.body),
    );

    app.put(
      '/user/:id/email-notifications',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(EMAIL_NOTIFICATIONS_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'Turn e-mail notifications on or off (owner or admin). Needs no password, unlike PUT /user/{id}; ' +
            `${EMAIL_NOTIFICATIONS_RATE_LIMIT.max} changes per ${EMAIL_NOTIFICATIONS_RATE_LIMIT.windowMinutes} minutes per user.`,
          security: bearerSecurity,
          params: IdParams,
          body: EmailNotificationsInput,
          response: { 200: UserResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        users.setEmailNotifications(requireAuth(request), request.params.id, request.body.enabled),
    );

    app.delete(
      '/user/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Delete a user permanently, the second step after a deletion request (admin; not yourself; ' +
            '409 DELETION_NOT_REQUESTED without the request)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => users.remove(requireAuth(request), request.params.id),
    );

    app.get(
      '/user/:id/courses',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The courses a user is enrolled in, most recently started first (owner or admin)',
          security: bearerSecurity,
          params: IdParams,
          querystring: UserCoursesQuery,
          response: { 200: UserCoursesResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => users.listCourses(requireAuth(request), request.params.id, request.query),
    );

    app.post(
      '/user/:id/deactivate',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Deactivate an account (owner or admin), optionally as a deletion request; ends its sessions. ' +
            'The owner must send password (403 when wrong).',
          security: bearerSecurity,
          params: IdParams,
          body: DeactivateInput,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => users.deactivate(requireAuth(request), request.params.id, request.body),
    );

    app.post(
      '/user/confirm-email',
      {
        // A token is checked here, so guessing is limited per address like the sign-in routes.
        config: {
          access: 'public',
          rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary:
            'Apply a requested e-mail change with the token from the link sent to the new address ' +
            '(400 when unknown, used or expired; 409 when another account took the address meanwhile; ' +
            'AUTH_RATE_LIMIT_PER_MINUTE per client address)',
          body: ConfirmEmailInput,
          response: { 200: ConfirmEmailResponse, ...errorResponses(400, 409, 429) },
        },
      },
      async (request) => users.confirmEmail(request.body.token),
    );

    app.post(
      '/user/:id/email-confirmation',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Send a link that confirms the account's own e-mail address (owner or admin); until it is " +
            'opened, bookings and waitlist places made with that address stay out of the account ' +
            '(409 when already confirmed or while a change of address waits; 5 links an hour)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => users.sendEmailConfirmation(requireAuth(request), request.params.id),
    );

    app.post(
      '/user/:id/email-change/resend',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Send a new confirmation link for the pending e-mail change (owner or admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => users.resendEmailChange(requireAuth(request), request.params.id),
    );

    app.delete(
      '/user/:id/email-change',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Withdraw the pending e-mail change (owner or admin); the current address stays',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: UserResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => users.cancelEmailChange(requireAuth(request), request.params.id),
    );

    app.post(
      '/admin/user/:id/reactivate',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Reactivate an account and withdraw its deletion request (admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: UserResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => users.reactivate(request.params.id),
    );
  };
}
