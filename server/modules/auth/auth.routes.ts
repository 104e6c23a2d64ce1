import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AuthResponse,
  PasswordStatusResponse,
  RECOVERY_LOCK_MINUTES,
  RequestResetCodeInput,
  RequestResetCodeResponse,
  RequestResetInput,
  RequestResetResponse,
  SecurityQuestionsByEmailInput,
  SecurityQuestionsResponse,
  RESET_CODE_REQUESTS_PER_EMAIL,
  SetNewPasswordInput,
  SignInInput,
  SignUpInput,
  TempSignInInput,
  VerifyResponse,
} from '../../../common/auth';
import type { Config } from '../../config';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses, tooManyRequests } from '../../platform/errors';
import { normaliseAnswer } from '../../platform/passwords';
import type { AuthService } from './auth.service';

const tags = ['auth'];

/**
 * Sign-in, sign-up and recovery routes allow AUTH_RATE_LIMIT_PER_MINUTE requests per client
 * address; recovery codes are also limited per e-mail address, so no one can flood a mailbox.
 */
export function authRoutes(
  services: { auth: AuthService },
  config: Pick<Config, 'AUTH_RATE_LIMIT_PER_MINUTE'>,
): FastifyPluginAsyncZod {
  const { auth } = services;
  const rateLimit = {
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
  };
  const limited = { access: 'public' as const, rateLimit };

  return async (app) => {
    const perEmail = app.createRateLimit({
      max: RESET_CODE_REQUESTS_PER_EMAIL,
      timeWindow: RECOVERY_LOCK_MINUTES * 60_000,
      keyGenerator: (request) =>
        `reset-code:${normaliseAnswer((request.body as RequestResetCodeInput).email)}`,
    });

    app.post(
      '/user/authenticate',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Sign in with username or e-mail and password',
          body: SignInInput,
          response: { 200: AuthResponse, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => auth.signIn(request.body),
    );

    app.post(
      '/create/user',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Create a student account and sign in',
          body: SignUpInput,
          response: { 201: AuthResponse, ...errorResponses(400, 409, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.signUp(request.body)),
    );

    app.post(
      '/user/auth-temp',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Sign in once with a temporary password; the session must then set a new password',
          body: TempSignInInput,
          response: { 200: AuthResponse, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => auth.signInWithTempPassword(request.body),
    );

    app.get(
      '/user/security-questions/:id',
      {
        config: limited,
        schema: {
          tags,
          summary: "The security questions of a user's account",
          params: IdParams,
          response: { 200: SecurityQuestionsResponse, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => auth.securityQuestionsFor(request.params.id),
    );

    app.post(
      '/user/security-questions',
      {
        config: limited,
        schema: {
          tags,
          summary: 'The security questions for an e-mail (the same answer whether or not an account exists)',
          body: SecurityQuestionsByEmailInput,
          response: { 200: SecurityQuestionsResponse, ...errorResponses(400, 429) },
        },
      },
      async () => auth.securityQuestionsByEmail(),
    );

    app.post(
      '/user/request-reset-code',
      {
        config: limited,
        // After validation, so the key is the normalised address the code would go to.
        preHandler: async (request) => {
          const limit = await perEmail(request);
          if (limit.isAllowed || !limit.isExceeded) return;
          throw tooManyRequests(
            `Too many attempts. Please try again in ${limit.ttlInSeconds} seconds.`,
            limit.ttlInSeconds,
          );
        },
        schema: {
          tags,
          summary:
            'E-mail a 6-digit code that proves the mailbox (the same answer whether or not an account exists)',
          body: RequestResetCodeInput,
          response: { 202: RequestResetCodeResponse, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => reply.status(202).send(await auth.requestResetCode(request.body.email)),
    );

    app.post(
      '/user/request-reset',
      {
        config: limited,
        schema: {
          tags,
          summary:
            'Give the e-mailed code and answer the security questions to receive a temporary password (locks after repeated failures)',
          body: RequestResetInput,
          response: { 200: RequestResetResponse, ...errorResponses(400, 429) },
        },
      },
      async (request) => auth.requestReset(request.body),
    );

    app.get(
      '/user/password-status',
      {
        config: { access: 'user', duringPasswordChange: true },
        schema: {
          tags,
          summary: "Whether the caller's session must set a new password",
          security: bearerSecurity,
          response: { 200: PasswordStatusResponse, ...errorResponses(401) },
        },
      },
      async (request) => auth.passwordStatus(requireAuth(request)),
    );

    app.put(
      '/user/set-new-password',
      {
        config: { access: 'user', duringPasswordChange: true },
        schema: {
          tags,
          summary: "Set the caller's password (no current password needed); ends the caller's other sessions",
          security: bearerSecurity,
          body: SetNewPasswordInput,
          response: { 200: OkResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => auth.setNewPassword(requireAuth(request), request.body.newPassword),
    );

    app.post(
      '/user/logout',
      {
        config: { access: 'user', duringPasswordChange: true },
        schema: {
          tags,
          summary: "End the caller's session",
          security: bearerSecurity,
          response: { 200: OkResponse, ...errorResponses(401) },
        },
      },
      async (request) => auth.logout(requireAuth(request)),
    );

    app.post(
      '/verify/user/:id',
      {
        // Open to a session that must change its password: the app checks its token on every load,
        // and the answer only reports on the caller.
        config: { access: 'user', duringPasswordChange: 'self' },
        schema: {
          tags,
          summary: 'Check that the token is valid and belongs to this user id',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: VerifyResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => auth.verify(requireAuth(request), request.params.id),
    );
  };
}
