import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminQuotesQuery,
  QuoteInput,
  QuoteResponse,
  QuotesResponse,
  RandomQuoteQuery,
  RandomQuoteResponse,
} from '../../../common/quotes';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { QuotesService } from './quotes.service';

const tags = ['quotes'];
const adminTags = [...tags, 'admin'];

export function quotesRoutes(services: { quotes: QuotesService }): FastifyPluginAsyncZod {
  const { quotes } = services;
  return async (app) => {
    app.get(
      '/quotes/random',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One quote at random for the student home, of a category when one is named',
          security: bearerSecurity,
          querystring: RandomQuoteQuery,
          response: { 200: RandomQuoteResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ quote: await quotes.random(request.query.category) }),
    );

    app.get(
      '/admin/quotes',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every quote of a category (or all), newest first',
          security: bearerSecurity,
          querystring: AdminQuotesQuery,
          response: { 200: QuotesResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { category, ...page } = request.query;
        return quotes.list(category, page);
      },
    );

    app.post(
      '/admin/quotes',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Add a quote',
          security: bearerSecurity,
          body: QuoteInput,
          response: { 201: QuoteResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => reply.status(201).send({ quote: await quotes.create(request.body) }),
    );

    app.put(
      '/admin/quotes/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Save a whole quote',
          security: bearerSecurity,
          params: IdParams,
          body: QuoteInput,
          response: { 200: QuoteResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ quote: await quotes.update(request.params.id, request.body) }),
    );

    app.delete(
      '/admin/quotes/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a quote',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await quotes.remove(request.params.id);
        return { success: true as const };
      },
    );
  };
}
