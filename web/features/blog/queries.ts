import { queryOptions } from '@tanstack/react-query';
import {
  BlogPostResponse,
  BlogPostsResponse,
  BlogStats,
  BlogTagsResponse,
  CheckSlugResponse,
  type BlogPostStatus,
} from '../../../common/blog';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;

export interface AdminBlogListParams extends PageParams {
  /** One status, or every post when left out. */
  status?: BlogPostStatus;
  /** Posts carrying this tag. */
  tag?: string;
  search?: string;
}

export const blogQueries = {
  all: ['blog'] as const,
  /** Everything the admin screens read: a post's save or delete refreshes all of it. */
  admin: ['blog', 'admin'] as const,

  /** One page of every post, drafts included, newest first, narrowed by status, tag and search. */
  adminList: ({ status, tag, search, ...page }: AdminBlogListParams) =>
    queryOptions({
      queryKey: ['blog', 'admin', 'list', { status, tag, search, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (status) query.set('status', status);
        if (tag) query.set('tags', tag);
        if (search?.trim()) query.set('search', search.trim());
        return apiRequest(`/admin/blog/posts?${query}`, { schema: BlogPostsResponse, signal });
      },
    }),

  /** Total Posts, Published, Drafts and Categories (the number of tags). */
  stats: () =>
    queryOptions({
      queryKey: ['blog', 'admin', 'stats'] as const,
      queryFn: ({ signal }) => apiRequest('/admin/blog/stats', { schema: BlogStats, signal }),
    }),

  /** One post as the editor opens it, draft or published. */
  adminPost: (postId: string) =>
    queryOptions({
      queryKey: ['blog', 'admin', 'post', { postId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/admin/blog/post/${enc(postId)}`, { schema: BlogPostResponse, signal }).then(
          (response) => response.post,
        ),
    }),

  /**
   * The slug a post of this title would get now, numbered past the ones taken; `excludeId` leaves
   * the post being edited out of the count. A read, though the call is a POST.
   */
  slugFor: (title: string, excludeId: string | null) =>
    queryOptions({
      queryKey: ['blog', 'admin', 'slug', { title, excludeId }] as const,
      queryFn: ({ signal }) =>
        apiRequest('/admin/blog/check-slug', {
          method: 'POST',
          body: { title, excludeId },
          schema: CheckSlugResponse,
          signal,
        }).then((response) => response.slug),
    }),

  /** The tags of published posts with their counts. */
  tags: () =>
    queryOptions({
      queryKey: ['blog', 'tags'] as const,
      queryFn: ({ signal }) => apiRequest('/blog/tags', { schema: BlogTagsResponse, signal }),
    }),
};
