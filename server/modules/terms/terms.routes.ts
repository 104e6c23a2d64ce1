import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, IdParams, OkResponse } from '../../../common/api';
import {
  AcceptTermsInput,
  RevokeTermsInput,
  TermsDocument,
  TermsListQuery,
  TermsRecordResponse,
  TermsRecordsResponse,
  TermsStatsResponse,
  TermsStatusResponse,
  TermsVersionQuery,
  UsersWithoutTermsResponse,
} from '../../../common/terms';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { TermsService } from './terms.service';

export function termsRoutes(services: { terms: TermsService }): FastifyPluginAsyncZod {
  const { terms } = services;
  return async (app) => {
    app.get(
      '/terms',
      {
        config: { access: 'public', duringPasswordChange: true },
        schema: {
          tags: ['terms'],
          summary: 'The current terms of service',
          response: { 200: TermsDocument, 404: ApiError },
        },
      },
      async () => terms.currentDocument(),
    );

    app.get(
      '/user/:id/terms-status',
      {
        config: { access: 'user', duringPasswordChange: 'self' },
        schema: {
          tags: ['terms'],
          summary: 'Whether the user still has to accept the current terms (self or admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: TermsStatusResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => terms.status(requireAuth(request), request.params.id),
    );

    app.post(
      '/user/:id/accept-terms',
      {
        config: { access: 'user', duringPasswordChange: 'self' },
        schema: {
          tags: ['terms'],
          summary: 'Accept the current terms (only for yourself)',
          security: bearerSecurity,
          params: IdParams,
          body: AcceptTermsInput,
          response: { 200: TermsStatusResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => terms.accept(requireAuth(request), request.params.id, request.body.version),
    );

    app.get(
      '/admin/terms-of-service',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['terms', 'admin'],
          summary: 'All acceptance records, newest first',
          security: bearerSecurity,
          querystring: TermsListQuery,
          response: { 200: TermsRecordsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => terms.records(request.query),
    );

    app.get(
      '/admin/users-without-terms',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['terms', 'admin'],
          summary: 'Active users without an active acceptance of a version (default: current)',
          security: bearerSecurity,
          querystring: TermsListQuery,
          response: { 200: UsersWithoutTermsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => terms.usersWithoutTerms(request.query),
    );

    app.get(
      '/admin/terms-stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['terms', 'admin'],
          summary: 'Acceptance counts among active users for a version (default: current)',
          security: bearerSecurity,
          querystring: TermsVersionQuery,
          response: { 200: TermsStatsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => terms.stats(request.query),
    );

    app.post(
      '/admin/revoke-terms/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['terms', 'admin'],
          summary: 'Revoke an acceptance record; the user is asked to accept again',
          security: bearerSecurity,
          params: IdParams,
          body: RevokeTermsInput,
          response: { 200: TermsRecordResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ record: await terms.revoke(request.params.id, request.body.reason) }),
    );

    app.delete(
      '/admin/terms/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['terms', 'admin'],
          summary: 'Delete an acceptance record',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await terms.remove(request.params.id);
        return { success: true as const };
      },
    );
  };
}
