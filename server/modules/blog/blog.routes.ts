import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminBlogListQuery,
  BLOG_POST_NOT_FOUND,
  BlogListQuery,
  BlogPageQuery,
  BlogPostInput,
  BlogPostResponse,
  BlogPostsResponse,
  BlogRecentQuery,
  BlogRecentResponse,
  BlogRedirect,
  BlogSearchQuery,
  BlogStats,
  BlogTagsResponse,
  CheckSlugInput,
  CheckSlugResponse,
  SlugParams,
  TagParams,
} from '../../../common/blog';
import { bearerSecurity, errorResponses, notFound } from '../../platform/errors';
import type { BlogService } from './blog.service';

const tags = ['blog'];
const adminTags = ['blog', 'admin'];

export function blogRoutes(services: { blog: BlogService }): FastifyPluginAsyncZod {
  const { blog } = services;
  return async (app) => {
    app.get(
      '/blog/posts',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Published posts, newest first; with `q` the best matches first, with `tags` only posts having all of them',
          querystring: BlogListQuery,
          response: { 200: BlogPostsResponse, ...errorResponses(400) },
        },
      },
      async (request) => blog.listPublished(request.query),
    );

    app.get(
      '/blog/post/:slug',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'A published post by its slug; an old slug answers 301 with the current address in Location',
          params: SlugParams,
          response: { 200: BlogPostResponse, 301: BlogRedirect, ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const found = await blog.findPublishedBySlug(request.params.slug);
        if (!found) throw notFound(BLOG_POST_NOT_FOUND, 'BLOG_POST_NOT_FOUND');
        if ('redirectTo' in found) {
          return reply
            .status(301)
            .header('location', `/api/blog/post/${encodeURIComponent(found.redirectTo)}`)
            .send({ slug: found.redirectTo });
        }
        return found;
      },
    );

    app.get(
      '/blog/tags',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Every tag of the published posts with its number of posts, the most used first',
          response: { 200: BlogTagsResponse },
        },
      },
      async () => ({ tags: await blog.tagCounts() }),
    );

    app.get(
      '/blog/tag/:tag',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Published posts with one tag, newest first',
          params: TagParams,
          querystring: BlogPageQuery,
          response: { 200: BlogPostsResponse, ...errorResponses(400) },
        },
      },
      async (request) => blog.listPublished({ ...request.query, tags: [request.params.tag] }),
    );

    app.get(
      '/blog/search',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Full-text search of the published posts (web search syntax), best match first',
          querystring: BlogSearchQuery,
          response: { 200: BlogPostsResponse, ...errorResponses(400) },
        },
      },
      async (request) => blog.listPublished(request.query),
    );

    app.get(
      '/blog/recent',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The newest published posts',
          querystring: BlogRecentQuery,
          response: { 200: BlogRecentResponse, ...errorResponses(400) },
        },
      },
      async (request) => ({ posts: await blog.recent(request.query.limit) }),
    );

    app.get(
      '/admin/blog/posts',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every post, drafts included, filtered by status, tags (all of them) and search',
          security: bearerSecurity,
          querystring: AdminBlogListQuery,
          response: { 200: BlogPostsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { limit, offset, ...filter } = request.query;
        return blog.adminList(filter, { limit, offset });
      },
    );

    app.get(
      '/admin/blog/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Total posts, published, drafts and categories (distinct tags)',
          security: bearerSecurity,
          response: { 200: BlogStats, ...errorResponses(401, 403) },
        },
      },
      async () => blog.stats(),
    );

    app.get(
      '/admin/blog/post/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'One post, draft or published',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: BlogPostResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ post: await blog.get(request.params.id) }),
    );

    app.post(
      '/admin/blog/post',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Create a post (its HTML is sanitised; without a slug one is made from the title)',
          security: bearerSecurity,
          body: BlogPostInput,
          response: { 201: BlogPostResponse, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const post = await blog.create(request.body);
        return reply.status(201).header('location', `/api/admin/blog/post/${post.id}`).send({ post });
      },
    );

    app.put(
      '/admin/blog/post/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Save a whole post; a published post keeps its slug unless another is given',
          security: bearerSecurity,
          params: IdParams,
          body: BlogPostInput,
          response: { 200: BlogPostResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ post: await blog.update(request.params.id, request.body) }),
    );

    app.delete(
      '/admin/blog/post/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a post and the uploaded files only it shows',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await blog.remove(request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/admin/blog/check-slug',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'The free slug a title would get (tai-chi-basics, then tai-chi-basics-2 …)',
          security: bearerSecurity,
          body: CheckSlugInput,
          response: { 200: CheckSlugResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        slug: await blog.checkSlug(request.body.title, request.body.excludeId ?? null),
      }),
    );
  };
}
