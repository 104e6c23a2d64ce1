import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BLOG_POST_NOT_FOUND } from '../../../../common/blog';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch, Where } from '../../../test/render';
import { BlogManagementPage } from './blog-management-page';
import { makeSummary, OTHER_POST_ID, POST_ID, STATS, TAGS } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Admin' });
const routes = [
  { path: '/app/admin/blog', element: <BlogManagementPage /> },
  { path: '*', element: <Where /> },
];
type Routes = Parameters<typeof stubFetch>[0];

const published = makeSummary();
const draft = makeSummary({
  id: OTHER_POST_ID,
  slug: 'silk-reeling',
  title: 'Silk Reeling Notes',
  excerpt: 'Chansi jin, slowly.',
  status: 'draft',
  published_at: null,
  tags: ['chen'],
});

function server(extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/blog/posts': () => ({ body: { posts: [published, draft], total: 2 } }),
    'GET /api/admin/blog/stats': () => ({ body: STATS }),
    'GET /api/blog/tags': () => ({ body: { tags: TAGS } }),
    ...extra,
  });
}

function renderPage() {
  signInAs(admin);
  return renderRoutes(routes, '/app/admin/blog');
}

const rowOf = async (title: string) =>
  (await screen.findByText(title, { selector: 'p' })).closest('[role="row"]') as HTMLElement;

describe('BlogManagementPage', () => {
  it('shows the figures and each post with its status, author, date, two tags and its actions', async () => {
    server();
    renderPage();
    const figures = await screen.findByText('Total Posts');
    await waitFor(() => expect(within(figures.closest('div')!).getByText('12')).toBeTruthy());
    for (const [label, value] of [
      ['Published', '9'],
      ['Drafts', '3'],
      ['Categories', '7'],
    ] as const) {
      const term = screen.getAllByText(label).find((element) => element.tagName === 'DT')!;
      expect(within(term.closest('div')!).getByText(value)).toBeTruthy();
    }

    const row = await rowOf('Standing Like a Tree');
    expect(within(row).getByText('Why Zhan Zhuang comes before every form.')).toBeTruthy();
    expect(within(row).getByText('Published')).toBeTruthy();
    expect(within(row).getByText('Sifu Lin')).toBeTruthy();
    expect(within(row).getByText('February 3, 2026')).toBeTruthy();
    expect(within(row).getByText('zhan zhuang')).toBeTruthy();
    expect(within(row).getByText('basics')).toBeTruthy();
    expect(within(row).queryByText('qigong')).toBeNull();
    expect(within(row).getByLabelText('1 more tags').textContent).toBe('+1');
    const view = within(row).getByRole('link', { name: 'View Standing Like a Tree' });
    expect(view.getAttribute('href')).toBe('/blog/standing-like-a-tree');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(within(row).getByRole('link', { name: 'Edit Standing Like a Tree' }).getAttribute('href')).toBe(
      `/app/admin/blog/${POST_ID}/edit`,
    );

    const draftRow = await rowOf('Silk Reeling Notes');
    expect(within(draftRow).getByText('Draft')).toBeTruthy();
    expect(within(draftRow).getByText('February 1, 2026')).toBeTruthy();
    expect(within(draftRow).queryByRole('link', { name: /^View/ })).toBeNull();
  });

  it('asks the server again for each search, status and tag, from the first page', async () => {
    const { calls } = server();
    const { user } = renderPage();
    await rowOf('Standing Like a Tree');

    await user.type(screen.getByLabelText('Search posts'), 'tree');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/blog/posts' && c.query.get('search') === 'tree')).toBe(
        true,
      ),
    );
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await user.click(screen.getByLabelText('Tag', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'basics (4)' }));

    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/blog/posts').at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({
        limit: '10',
        offset: '0',
        status: 'draft',
        tags: 'basics',
        search: 'tree',
      });
    });
  });

  it('pages through the posts ten at a time', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeSummary({
        id: `7d1e2f30-4a5b-4c6d-8e7f-9a0b1c2d3e${String(i).padStart(2, '0')}`,
        title: `Post ${i + 1}`,
      }),
    );
    const { calls } = server({
      'GET /api/admin/blog/posts': ({ query }) => {
        const offset = Number(query.get('offset'));
        return { body: { posts: many.slice(offset, offset + 10), total: many.length } };
      },
    });
    const { user } = renderPage();
    await rowOf('Post 10');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await rowOf('Post 12');
    expect(
      calls
        .filter((c) => c.path === '/api/admin/blog/posts')
        .at(-1)
        ?.query.get('offset'),
    ).toBe('10');
  });

  it('says when no post matches', async () => {
    server({ 'GET /api/admin/blog/posts': () => ({ body: { posts: [], total: 0 } }) });
    renderPage();
    expect(await screen.findByText('No blog posts found')).toBeTruthy();
  });

  it('shows a load failure with Retry', async () => {
    let calls = 0;
    server({
      'GET /api/admin/blog/posts': () => {
        calls += 1;
        return calls <= 3 ? serverFailure : { body: { posts: [published], total: 1 } };
      },
    });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load data. Please try again later.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Standing Like a Tree')).toBeTruthy();
  });

  it('deletes a post only after the confirmation, and says so', async () => {
    let posts = [published, draft];
    const { calls } = server({
      'GET /api/admin/blog/posts': () => ({ body: { posts, total: posts.length } }),
      [`DELETE /api/admin/blog/post/${POST_ID}`]: () => {
        posts = [draft];
        return { body: { success: true } };
      },
    });
    const { user } = renderPage();
    const row = await rowOf('Standing Like a Tree');
    await user.click(within(row).getByRole('button', { name: 'Delete Standing Like a Tree' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Blog Post' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Standing Like a Tree"? This action cannot be undone and will also remove all associated images.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Delete Standing Like a Tree' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Blog Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Blog post deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Standing Like a Tree', { selector: 'p' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("says a delete failed, in the server's words when it gives them", async () => {
    let failure: { status: number; body: { error: string; code: string } } = serverFailure;
    server({ [`DELETE /api/admin/blog/post/${POST_ID}`]: () => failure });
    const { user } = renderPage();
    const row = await rowOf('Standing Like a Tree');
    const remove = async () => {
      await user.click(within(row).getByRole('button', { name: 'Delete Standing Like a Tree' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Blog Post' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };
    await remove();
    expect(await screen.findByText('Failed to delete blog post. Please try again.')).toBeTruthy();
    failure = { status: 404, body: { error: BLOG_POST_NOT_FOUND, code: 'NOT_FOUND' } };
    await remove();
    expect(await screen.findByText(BLOG_POST_NOT_FOUND)).toBeTruthy();
  });

  it('opens the editor for a new post', async () => {
    server();
    const { user } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'New Post' }));
    expect((await screen.findByLabelText('Location')).textContent).toBe('/app/admin/blog/new');
  });
});
