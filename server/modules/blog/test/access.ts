import { blogPosts } from '../../../db/schema';
import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { blogPostBody, createBlogPost } from './factories';

/* Matrix entries for the blog: public reads of published posts, and its administration. */

const post = (w: World) => ({ params: { id: w.blogPost.id } });
/** A post of this case alone, for rows that change or delete it. */
const freshPost = async (t: TestApp) => ({ blogPost: await createBlogPost(t) });
const postRow = (t: TestApp, w: World) => rowsWhere(t, blogPosts, blogPosts.id, w.blogPost.id);

export const BLOG_ENTRIES: MatrixEntry[] = [
  { route: 'GET /api/blog/posts' },
  { route: 'GET /api/blog/post/:slug', call: (w) => ({ params: { slug: w.blogPost.slug } }) },
  { route: 'GET /api/blog/tags' },
  { route: 'GET /api/blog/tag/:tag', call: () => ({ params: { tag: 'practice' } }) },
  { route: 'GET /api/blog/search', call: () => ({ query: { q: 'standing' } }) },
  { route: 'GET /api/blog/recent' },
  { route: 'GET /api/admin/blog/posts' },
  { route: 'GET /api/admin/blog/stats' },
  { route: 'GET /api/admin/blog/post/:id', call: post },
  {
    route: 'POST /api/admin/blog/post',
    status: 201,
    call: () => ({ body: blogPostBody({ title: 'Matrix post' }) }),
  },
  {
    route: 'PUT /api/admin/blog/post/:id',
    fresh: freshPost,
    call: (w) => ({ ...post(w), body: blogPostBody({ title: 'Retitled' }) }),
    unchanged: postRow,
  },
  {
    route: 'DELETE /api/admin/blog/post/:id',
    fresh: freshPost,
    call: post,
    unchanged: postRow,
  },
  { route: 'POST /api/admin/blog/check-slug', call: () => ({ body: { title: 'Tai Chi Basics' } }) },
];
