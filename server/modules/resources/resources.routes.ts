import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminResourceListQuery,
  RESOURCE_DELETED,
  ResourceAuthorParams,
  ResourceAuthorsResponse,
  ResourceCourseParams,
  ResourceInput,
  ResourceListQuery,
  ResourceListResponse,
  ResourcePageQuery,
  ResourceResponse,
  ResourceSearchQuery,
  ResourceStatsResponse,
  ResourceTypeParams,
} from '../../../common/resources';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { ResourcesService } from './resources.service';

const tags = ['resources'];
const adminTags = [...tags, 'admin'];

/**
 * Learning resources are for the members' area: every read needs a signed-in member and lists
 * only published resources (an administrator also reads a draft by its id); every write, the
 * admin list need an administrator. The form's file uploads are the uploads module's routes.
 */
export function resourcesRoutes(services: { resources: ResourcesService }): FastifyPluginAsyncZod {
  const { resources } = services;
  return async (app) => {
    app.get(
      '/resources',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Published resources, of a type or all, newest first',
          security: bearerSecurity,
          querystring: ResourceListQuery,
          response: { 200: ResourceListResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { type, ...page } = request.query;
        return resources.list({ type }, page);
      },
    );

    app.get(
      '/resources/search',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Full-text search of the published resources (web search syntax), best match first',
          security: bearerSecurity,
          querystring: ResourceSearchQuery,
          response: { 200: ResourceListResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { q, type, ...page } = request.query;
        return resources.search(q, type, page);
      },
    );

    app.get(
      '/resources/authors',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Every author of published resources with their number of resources, the most first',
          security: bearerSecurity,
          response: { 200: ResourceAuthorsResponse, ...errorResponses(401) },
        },
      },
      async () => ({ authors: await resources.authors() }),
    );

    // Each path parameter is the list's filter of the same name.
    const filteredLists = [
      ['/resources/type/:type', ResourceTypeParams, 'Published resources of a type, newest first'],
      [
        '/resources/author/:author',
        ResourceAuthorParams,
        'Published resources by an author (as written), newest first',
      ],
      [
        '/resources/course/:courseId',
        ResourceCourseParams,
        'Published resources related to a course, newest first',
      ],
    ] as const;
    for (const [path, params, summary] of filteredLists) {
      app.get(
        path,
        {
          config: { access: 'user' },
          schema: {
            tags,
            summary,
            security: bearerSecurity,
            params,
            querystring: ResourcePageQuery,
            response: { 200: ResourceListResponse, ...errorResponses(400, 401) },
          },
        },
        async (request) => resources.list(request.params, request.query),
      );
    }

    app.get(
      '/resources/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One resource, counted as a view; a draft is found only by an administrator',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: ResourceResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ resource: await resources.read(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/admin/resources',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every resource of a type and status (or all), matching `q` if given, newest first',
          security: bearerSecurity,
          querystring: AdminResourceListQuery,
          response: { 200: ResourceListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { type, status, q, ...page } = request.query;
        return resources.adminList({ type, status, q }, page);
      },
    );

    app.get(
      '/admin/resources/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'How many resources there are, published, drafts and of each type, and their views',
          security: bearerSecurity,
          response: { 200: ResourceStatsResponse, ...errorResponses(401, 403) },
        },
      },
      async () => resources.stats(),
    );

    app.post(
      '/admin/resources',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Add a resource; its related courses must exist',
          security: bearerSecurity,
          body: ResourceInput,
          response: { 201: ResourceResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const resource = await resources.create(request.body);
        return reply.status(201).header('location', `/api/resources/${resource.id}`).send({ resource });
      },
    );

    app.put(
      '/admin/resources/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Save a whole resource; its views stay, and an uploaded file it no longer shows goes',
          security: bearerSecurity,
          params: IdParams,
          body: ResourceInput,
          response: { 200: ResourceResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ resource: await resources.update(request.params.id, request.body) }),
    );

    app.delete(
      '/admin/resources/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a resource, and its uploaded files unless another resource shows them',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await resources.remove(request.params.id);
        return { success: true as const, message: RESOURCE_DELETED };
      },
    );
  };
}
