import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminNewsListQuery,
  NEWS_DELETED,
  NEWS_EMAIL_BATCH,
  NewsInput,
  NewsListQuery,
  NewsListResponse,
  NewsResponse,
  NewsSearchQuery,
  NewsStatusInput,
  NewsTagParams,
  NewsTagsResponse,
} from '../../../common/news';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { NewsService } from './news.service';

const tags = ['news'];
const adminTags = [...tags, 'admin'];

/** News is for the members' area: every read needs a signed-in member, every write an administrator. */
export function newsRoutes(services: { news: NewsService }): FastifyPluginAsyncZod {
  const { news } = services;
  return async (app) => {
    app.get(
      '/news',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Published news, newest first',
          security: bearerSecurity,
          querystring: NewsListQuery,
          response: { 200: NewsListResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => news.listPublished(request.query),
    );

    app.get(
      '/news/search',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Full-text search of the published news (web search syntax), best match first',
          security: bearerSecurity,
          querystring: NewsSearchQuery,
          response: { 200: NewsListResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { q, ...page } = request.query;
        return news.search(q, page);
      },
    );

    app.get(
      '/news/tags',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Every tag of the published news with its number of items, the most used first',
          security: bearerSecurity,
          response: { 200: NewsTagsResponse, ...errorResponses(401) },
        },
      },
      async () => ({ tags: await news.tagCounts() }),
    );

    app.get(
      '/news/tag/:tag',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Published news carrying a tag (whatever its case), newest first',
          security: bearerSecurity,
          params: NewsTagParams,
          querystring: NewsListQuery,
          response: { 200: NewsListResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => news.listByTag(request.params.tag, request.query),
    );

    app.get(
      '/news/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One news item, counted as a view; a draft is found only by an administrator',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: NewsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ news: await news.read(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/admin/news',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every news item of a status (or all), newest first',
          security: bearerSecurity,
          querystring: AdminNewsListQuery,
          response: { 200: NewsListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { status, ...page } = request.query;
        return news.adminList(status, page);
      },
    );

    const notifyNote =
      'With `notify_members` an important, published item is e-mailed to every active member whose ' +
      `e-mail notifications are on, ${NEWS_EMAIL_BATCH} per outbox batch, once per item however often it is saved.`;

    app.post(
      '/admin/news',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Add a news item',
          description: notifyNote,
          security: bearerSecurity,
          body: NewsInput,
          response: { 201: NewsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const item = await news.create(request.body);
        return reply.status(201).header('location', `/api/news/${item.id}`).send({ news: item });
      },
    );

    app.put(
      '/admin/news/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Save a whole news item; its views stay',
          description: notifyNote,
          security: bearerSecurity,
          params: IdParams,
          body: NewsInput,
          response: { 200: NewsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ news: await news.update(request.params.id, request.body) }),
    );

    app.put(
      '/admin/news/:id/status',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Publish a news item or take it back to draft',
          security: bearerSecurity,
          params: IdParams,
          body: NewsStatusInput,
          response: { 200: NewsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ news: await news.setStatus(request.params.id, request.body.status) }),
    );

    app.delete(
      '/admin/news/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a news item, and its uploaded thumbnail unless another item shows it',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await news.remove(request.params.id);
        return { success: true as const, message: NEWS_DELETED };
      },
    );
  };
}
