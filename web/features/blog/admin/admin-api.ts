import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../../common/api';
import { BlogPostResponse, type BlogPostInput } from '../../../../common/blog';
import type { UploadFolder } from '../../../../common/uploads';
import { apiRequest } from '../../../lib/api-client';
import { pageOf } from '../../../lib/queries/paging';
import { blogQueries } from '../queries';

/** The admin list shows this many posts a page. */
export const ADMIN_BLOG_PAGE_SIZE = 10;

const id = encodeURIComponent;

export interface AdminBlogFilters {
  status: 'all' | 'published' | 'draft';
  tag: string | null;
  search: string;
}

/** One page of the admin list; the last page stays on screen while the next one loads. */
export function useAdminBlogPosts({ status, tag, search }: AdminBlogFilters, page: number) {
  return useQuery({
    ...blogQueries.adminList({
      status: status === 'all' ? undefined : status,
      tag: tag ?? undefined,
      search: search.trim() || undefined,
      ...pageOf(page, ADMIN_BLOG_PAGE_SIZE),
    }),
    placeholderData: keepPreviousData,
  });
}

export function useBlogStats() {
  return useQuery(blogQueries.stats());
}

export function useBlogTags() {
  return useQuery(blogQueries.tags());
}

export function useAdminBlogPost(postId: string) {
  return useQuery({ ...blogQueries.adminPost(postId), enabled: postId !== '' });
}

/** The slug a new post's title would get; asked only once there is a title. */
export function useSlugFor(title: string, excludeId: string | null) {
  return useQuery({ ...blogQueries.slugFor(title, excludeId), enabled: title.trim() !== '' });
}

/** A save or a delete changes the lists, the figures, the tags and the post: all of the blog refreshes. */
function useInvalidateBlog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blogQueries.all });
}

export function useSaveBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ postId, input }: { postId?: string; input: BlogPostInput }) =>
      apiRequest(postId ? `/admin/blog/post/${id(postId)}` : '/admin/blog/post', {
        method: postId ? 'PUT' : 'POST',
        body: input,
        schema: BlogPostResponse,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest(`/admin/blog/post/${id(postId)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: invalidate,
  });
}

/** The blog's media folders (common/uploads.ts UploadFolder). */
export type BlogMediaFolder = Extract<UploadFolder, 'blog-banners' | 'blog-content'>;
