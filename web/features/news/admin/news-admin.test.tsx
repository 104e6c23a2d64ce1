import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { News } from '../../../../common/news';
import { makeNews, makeNewsList } from '../../../test/news';
import {
  field,
  makeUser,
  renderRoutes,
  serverFailure,
  signInAs,
  stubFetch,
  type,
} from '../../../test/render';
import { stubUploads, uploaded } from '../../../test/uploads';
import { AddNewsButton, NewsAdminPanel } from './news-admin';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Lin Wei' });
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, news: News[] = makeNewsList(2)) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/news': ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: { news: news.slice(offset, offset + limit), total: news.length } };
    },
    ...extra,
  });
}

function renderAdmin() {
  signInAs(admin);
  // The picker's `accept` is a suggestion: "All files" in the picker, or a drop, passes it by.
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <AddNewsButton />
            <NewsAdminPanel />
          </>
        ),
      },
    ],
    '/',
    { applyAccept: false },
  );
}

async function openAddNews() {
  const rendered = renderAdmin();
  await rendered.user.click(screen.getByRole('button', { name: 'Add News' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add News' });
  return { ...rendered, dialog };
}

async function fillRequired(user: Parameters<typeof type>[0], dialog: HTMLElement) {
  await type(user, 'Title', 'Hall closed on Monday', dialog);
  await type(user, 'Summary', 'No classes on Monday.', dialog);
  await type(user, 'Body', 'The hall is closed.\nClasses resume Tuesday.', dialog);
}

const posted = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/news');

describe('NewsAdminPanel', { timeout: 20_000 }, () => {
  it("says 'No news found' when there is none", async () => {
    server({}, []);
    renderAdmin();
    expect(await screen.findByText('No news found')).toBeTruthy();
  });

  it('shows the load failure', async () => {
    server({ 'GET /api/admin/news': () => serverFailure });
    renderAdmin();
    expect(await screen.findByText('Failed to load data. Please try again later.')).toBeTruthy();
  });

  it('pages the items three at a time, drafts and important ones marked', async () => {
    const items = makeNewsList(4);
    items[0] = { ...items[0]!, is_important: true };
    items[1] = { ...items[1]!, status: 'draft' };
    const { calls } = server({}, items);
    const { user } = renderAdmin();
    const first = await screen.findByRole('article', { name: 'News: News item 1' });
    expect(within(first).getByText('Important')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'News: News item 2' })).getByText('Draft'),
    ).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'News: News item 4' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/admin/news').map((c) => c.query.get('offset'))).toEqual([
      '0',
      '3',
    ]);
  });

  it('confirms a delete, says News Deleted and reports a failure in a dialog', async () => {
    let fail = false;
    const { calls } = server({
      [`DELETE /api/admin/news/${makeNewsList(1)[0]!.id}`]: () =>
        fail ? serverFailure : { body: { success: true } },
    });
    const { user } = renderAdmin();
    const card = await screen.findByRole('article', { name: 'News: News item 1' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete News' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete News' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('News Deleted')).toBeTruthy();

    fail = true;
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete News' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const failed = await screen.findByRole('dialog', { name: 'Delete Failed' });
    expect(within(failed).getByText('Failed to delete news. Please try again.')).toBeTruthy();
  });

  it('edits an item and sends the whole of it', async () => {
    const item = makeNews({ tags: ['seminar'] });
    const { calls } = server(
      {
        [`PUT /api/admin/news/${item.id}`]: () => ({ body: { news: { ...item, title: 'Spring seminar' } } }),
      },
      [item],
    );
    const { user } = renderAdmin();
    const card = await screen.findByRole('article', { name: `News: ${item.title}` });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit News' });
    expect(field('Tags', dialog).value).toBe('seminar');
    await type(user, 'Title', 'Spring seminar', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save News' }));
    expect(await screen.findByText('News Saved')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: 'Spring seminar',
        description: item.description,
        body: item.body,
        author_name: item.author_name,
        tags: ['seminar'],
        is_important: false,
        status: 'published',
        thumbnail_url: null,
        notify_members: false,
      }),
    );
  });
});

// A whole form typed key by key takes a few seconds on a busy machine.
describe('the Add News form', { timeout: 20_000 }, () => {
  it('names every missing required field and sends nothing', async () => {
    const { calls } = server();
    const { user, dialog } = await openAddNews();
    expect(field('Author', dialog).value).toBe('Sifu Lin Wei');
    await type(user, 'Author', '', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save News' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Summary is required')).toBeTruthy();
    expect(within(dialog).getByText('Body is required')).toBeTruthy();
    expect(within(dialog).getByText('Author is required')).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
  });

  it('offers the e-mail to members only for important, published news, and posts it', async () => {
    const { calls } = server({
      'POST /api/admin/news': () => ({ status: 201, body: { news: makeNews({ is_important: true }) } }),
    });
    const { user, dialog } = await openAddNews();
    const notify = 'E-mail this to members who opted in';
    expect(within(dialog).queryByRole('checkbox', { name: notify })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Important' }));
    expect(within(dialog).getByRole('checkbox', { name: notify })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Draft' }));
    expect(within(dialog).queryByRole('checkbox', { name: notify })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Published' }));
    await user.click(within(dialog).getByRole('checkbox', { name: notify }));

    await fillRequired(user, dialog);
    await type(user, 'Tags', ' closure, , schedule ,closure', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save News' }));
    expect(await screen.findByText('News Saved')).toBeTruthy();
    expect(posted(calls)[0]?.body).toEqual({
      title: 'Hall closed on Monday',
      description: 'No classes on Monday.',
      body: 'The hall is closed.\nClasses resume Tuesday.',
      author_name: 'Sifu Lin Wei',
      tags: ['closure', 'schedule'],
      is_important: true,
      status: 'published',
      thumbnail_url: null,
      notify_members: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add News' })).toBeNull());
  });

  it("says 'Failed to save news. Please try again.' when the save fails", async () => {
    server({ 'POST /api/admin/news': () => serverFailure });
    const { user, dialog } = await openAddNews();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save News' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to save news. Please try again.',
    );
  });

  it('checks the thumbnail before sending it, uploads it with a progress bar and says Image Uploaded', async () => {
    const { calls } = server({
      'POST /api/admin/news': () => ({ status: 201, body: { news: makeNews() } }),
    });
    let release = () => {};
    const uploads = stubUploads(
      ({ fields }) =>
        new Promise((resolve) => {
          release = () => resolve({ body: uploaded(fields.folder as string, (fields.file as File).name) });
        }),
    );
    const { user, dialog } = await openAddNews();
    const input = within(dialog).getByLabelText('Thumbnail file');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Please choose an image file')).toBeTruthy();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await within(dialog).findByText('Please choose an image smaller than 5MB')).toBeTruthy();
    expect(uploads.calls).toEqual([]);

    await user.upload(input, new File(['png'], 'hall.png', { type: 'image/png' }));
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Thumbnail upload progress' }),
    ).toBeTruthy();
    release();
    expect(await screen.findByText('Image Uploaded')).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar', { name: 'Thumbnail upload progress' })).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'Thumbnail preview' }).getAttribute('src')).toBe(
      '/media/news-thumbnails/hall.png',
    );
    expect(uploads.calls.map((c) => c.fields.folder)).toEqual(['news-thumbnails']);

    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save News' }));
    await waitFor(() =>
      expect((posted(calls)[0]?.body as { thumbnail_url: string }).thumbnail_url).toBe(
        '/media/news-thumbnails/hall.png',
      ),
    );
  });

  it("says 'Failed to upload image. Please try again.' when the upload fails", async () => {
    server();
    stubUploads(() => serverFailure);
    const { user, dialog } = await openAddNews();
    await user.upload(
      within(dialog).getByLabelText('Thumbnail file'),
      new File(['png'], 'hall.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('Failed to upload image. Please try again.')).toBeTruthy();
  });
});
