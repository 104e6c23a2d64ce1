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
import type { Platform } from '../../platform';
import { createTermsService } from './terms.service';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export function termsRoutes(platform: Platform): FastifyPluginAsyncZod {
  const terms = createTermsService(platform);
  return async (app) => {
    app.get(
      '/terms',
      {
        config: { access: 'public' },
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
        config: { access: 'user' },
        schema: {
          tags: ['terms'],
          summary: 'Whether the user still has to accept the current terms (self or admin)',
          security: [{ bearer: [] }],
          params: IdParams,
          response: { 200: TermsStatusResponse, ...errors },
        },
      },
      async (request) => terms.status(requireAuth(request), request.params.id),
    );

    app.post(
      '/user/:id/accept-terms',
      {
        config: { access: 'user' },
        schema: {
          tags: ['terms'],
          summary: 'Accept the current terms (only for yourself)',
          security: [{ bearer: [] }],
          params: IdParams,
          body: AcceptTermsInput,
          response: { 200: TermsStatusResponse, ...errors },
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
          security: [{ bearer: [] }],
          querystring: TermsListQuery,
          response: { 200: TermsRecordsResponse, ...errors },
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
          security: [{ bearer: [] }],
          querystring: TermsListQuery,
          response: { 200: UsersWithoutTermsResponse, ...errors },
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
          security: [{ bearer: [] }],
          querystring: TermsVersionQuery,
          response: { 200: TermsStatsResponse, ...errors },
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
          security: [{ bearer: [] }],
          params: IdParams,
          body: RevokeTermsInput,
          response: { 200: TermsRecordResponse, ...errors, 409: ApiError },
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
          security: [{ bearer: [] }],
          params: IdParams,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await terms.remove(request.params.id);
        return { success: true as const };
      },
    );
  };
}
