import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BLOG_POST_NOT_FOUND, DEFAULT_BLOG_AUTHOR, SLUG_TAKEN_MESSAGE } from '../../../../common/blog';
import {
  field,
  makeUser,
  renderRoutes,
  serverFailure,
  signInAs,
  stubFetch,
  Where,
} from '../../../test/render';
import { stubUploads, uploaded } from '../../../test/uploads';
import { BlogEditorPage } from './blog-editor-page';
import { makePost, POST_ID } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Admin' });
const routes = [
  { path: '/app/admin/blog/new', element: <BlogEditorPage /> },
  { path: '/app/admin/blog/:postId/edit', element: <BlogEditorPage /> },
  { path: '*', element: <Where /> },
];
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'POST /api/admin/blog/check-slug': () => ({ body: { slug: 'standing-like-a-tree' } }),
    [`GET /api/admin/blog/post/${POST_ID}`]: () => ({ body: { post: makePost() } }),
    ...extra,
  });
}

async function openEditor(path = '/app/admin/blog/new') {
  signInAs(admin);
  // The picker's `accept` is a suggestion: "All files" in the picker, or a drop, passes it by.
  const rendered = renderRoutes(routes, path, { applyAccept: false });
  const form = await screen.findByRole('form', {
    name: path.endsWith('new') ? 'New blog post' : 'Edit blog post',
  });
  return { ...rendered, form };
}

type User = Awaited<ReturnType<typeof openEditor>>['user'];

/** Types HTML into the content's source mode and returns to the rich-text editor. */
async function writeContent(user: User, html: string) {
  await user.click(screen.getByRole('button', { name: 'HTML source' }));
  const source = screen.getByLabelText('Content (HTML source)');
  await user.clear(source);
  await user.click(source);
  await user.paste(html);
  await user.click(screen.getByRole('button', { name: 'HTML source' }));
}

/** Puts `text` in the field labelled `label` at once, as a paste does: typing it key by key adds nothing here. */
async function fill(user: User, label: string, text: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(text);
}

async function fillRequired(user: User) {
  await fill(user, 'Title', 'Standing Like a Tree');
  await fill(user, 'Excerpt', 'Why Zhan Zhuang comes first.');
  await writeContent(user, '<p>Stand and <strong>breathe</strong>.</p>');
}

const posted = (calls: ReturnType<typeof server>['calls']) =>
  calls.filter((c) => c.path.startsWith('/api/admin/blog/post') && c.method !== 'GET');

describe('BlogEditorPage', () => {
  it("refuses an empty post with the schema's messages and sends nothing", async () => {
    const { calls } = server();
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Excerpt is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Content/ }).getAttribute('aria-invalid')).toBe('true');
    expect(posted(calls)).toEqual([]);
  });

  it('counts the excerpt against 500 and the meta description against 160, and says when the excerpt is too long', async () => {
    server();
    const { user } = await openEditor();
    expect(screen.getByText('0/500')).toBeTruthy();
    expect(screen.getByText('0/160')).toBeTruthy();
    await fill(user, 'Excerpt', 'x'.repeat(501));
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(await screen.findByText('Excerpt must be less than 500 characters')).toBeTruthy();
    await fill(user, 'Meta description', 'm'.repeat(12));
    expect(screen.getByText('12/160')).toBeTruthy();
  });

  it('adds tags on Enter or Add, trimmed, lower-cased and once each, and removes them', async () => {
    const { calls } = server({
      'POST /api/admin/blog/post': () => ({ status: 201, body: { post: makePost() } }),
    });
    const { user } = await openEditor();
    const tags = field('Tags');
    await user.type(tags, '  Qigong {Enter}');
    await user.type(tags, 'QIGONG{Enter}');
    await user.type(tags, 'Basics, neigong');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['qigong', 'basics', 'neigong']);
    await user.click(screen.getByRole('button', { name: 'Remove tag basics' }));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect((posted(calls)[0]!.body as { tags: string[] }).tags).toEqual(['qigong', 'neigong']);
  });

  it('checks the banner and gallery files before uploading them, and uploads with a progress bar', async () => {
    server();
    const uploads = stubUploads(({ fields }) => ({
      body: uploaded(fields.folder as string, (fields.file as File).name),
    }));
    const { user } = await openEditor();
    const banner = screen.getByLabelText('Banner image file');
    await user.upload(banner, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Banner must be an image file')).toBeTruthy();
    const bigImage = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(bigImage, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(banner, bigImage);
    expect(await screen.findByText('Banner image must be less than 5MB')).toBeTruthy();

    const media = screen.getByLabelText('Media file');
    await user.upload(media, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please select an image or video file')).toBeTruthy();
    await user.upload(media, bigImage);
    expect(await screen.findByText('File must be less than 5MB')).toBeTruthy();
    const bigVideo = new File(['x'], 'form.mp4', { type: 'video/mp4' });
    Object.defineProperty(bigVideo, 'size', { value: 51 * 1024 * 1024 });
    await user.upload(media, bigVideo);
    expect(await screen.findByText('File must be less than 50MB')).toBeTruthy();
    expect(uploads.calls).toEqual([]);

    await user.upload(banner, new File(['png'], 'banner.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Banner preview' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Banner preview' }).getAttribute('src')).toBe(
      '/media/blog-banners/banner.png',
    );
    await user.upload(media, new File(['mp4'], 'walk.mp4', { type: 'video/mp4' }));
    expect(await screen.findByLabelText('Gallery video 1')).toBeTruthy();
    expect(uploads.calls.map((c) => [c.path, c.fields.folder])).toEqual([
      ['/api/uploads', 'blog-banners'],
      ['/api/uploads', 'blog-content'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove banner' }));
    expect(screen.queryByRole('img', { name: 'Banner preview' })).toBeNull();
  });

  it('shows the upload failures in the editor’s own words', async () => {
    server();
    stubUploads(() => serverFailure);
    const { user } = await openEditor();
    await user.upload(
      screen.getByLabelText('Banner image file'),
      new File(['png'], 'b.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Failed to upload banner image. Please try again.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Media file'), new File(['png'], 'g.png', { type: 'image/png' }));
    expect(await screen.findByText('Failed to upload media. Please try again.')).toBeTruthy();
  });

  it('saves a new post as a draft with the default author, then says so and returns to the list', async () => {
    const { calls } = server({
      'POST /api/admin/blog/post': () => ({ status: 201, body: { post: makePost({ status: 'draft' }) } }),
    });
    const { user } = await openEditor();
    expect(field('Author').value).toBe(DEFAULT_BLOG_AUTHOR);
    await fillRequired(user);
    expect(await screen.findByText('Address: /blog/standing-like-a-tree')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Blog post created and saved as draft successfully!')).toBeTruthy();
    expect((await screen.findByLabelText('Location')).textContent).toBe('/app/admin/blog');
    const [save] = posted(calls);
    expect(save!.method).toBe('POST');
    expect(save!.body).toEqual({
      title: 'Standing Like a Tree',
      excerpt: 'Why Zhan Zhuang comes first.',
      author: DEFAULT_BLOG_AUTHOR,
      meta_description: '',
      banner_image: '',
      content: '<p>Stand and <strong>breathe</strong>.</p>',
      tags: [],
      media: [],
      status: 'draft',
    });
    expect(calls.find((c) => c.path === '/api/admin/blog/check-slug')?.body).toEqual({
      title: 'Standing Like a Tree',
      excludeId: null,
    });
  });

  it('publishes an existing post with its slug, then says it was updated and published', async () => {
    const { calls } = server({
      [`PUT /api/admin/blog/post/${POST_ID}`]: () => ({ body: { post: makePost() } }),
    });
    const { user } = await openEditor(`/app/admin/blog/${POST_ID}/edit`);
    expect(field('Title').value).toBe('Standing Like a Tree');
    expect(field('Slug').value).toBe('standing-like-a-tree');
    await fill(user, 'Excerpt', 'Stand first.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Blog post updated and published successfully!')).toBeTruthy();
    const [save] = posted(calls);
    expect(save!.method).toBe('PUT');
    expect(save!.body).toMatchObject({
      excerpt: 'Stand first.',
      slug: 'standing-like-a-tree',
      status: 'published',
      tags: ['zhan zhuang', 'basics', 'qigong'],
    });
  });

  it("shows a refused save inline and in a toast: the server's reason, else the editor's text", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        error: SLUG_TAKEN_MESSAGE,
        code: 'CONFLICT',
        details: [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }],
      },
    };
    server({ [`PUT /api/admin/blog/post/${POST_ID}`]: () => answer });
    const { user } = await openEditor(`/app/admin/blog/${POST_ID}/edit`);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(screen.getAllByText(SLUG_TAKEN_MESSAGE).length).toBeGreaterThanOrEqual(3));
    const form = screen.getByRole('form', { name: 'Edit blog post' });
    expect(
      within(form)
        .getAllByRole('alert')
        .some((alert) => alert.textContent === SLUG_TAKEN_MESSAGE),
    ).toBe(true);
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true');

    answer = serverFailure;
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() =>
      expect(screen.getAllByText('Failed to save blog post. Please try again.')).toHaveLength(2),
    );
  });

  it('asks before leaving with unsaved changes, and leaves at once without any', async () => {
    server();
    const { user } = await openEditor();
    await user.type(field('Title'), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Title').value).toBe('Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect((await screen.findByLabelText('Location')).textContent).toBe('/app/admin/blog');
  });

  it('keeps the HTML typed in source mode through the editor and back', async () => {
    server();
    const { user } = await openEditor();
    await writeContent(user, '<h2>Roots</h2><ul><li>Sink</li></ul>');
    const editor = screen.getByRole('textbox', { name: /^Content/ });
    expect(within(editor).getByRole('heading', { name: 'Roots' })).toBeTruthy();
    expect(within(editor).getByText('Sink')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Content (HTML source)').value).toBe(
      '<h2>Roots</h2><ul><li>Sink</li></ul>',
    );
  });

  it('previews the post as its page will show it, gallery included', async () => {
    server();
    const { user } = await openEditor(`/app/admin/blog/${POST_ID}/edit`);
    await fill(user, 'Video link', 'https://youtu.be/dQw4w9WgXcQ');
    await user.keyboard('{Enter}');
    await fill(user, 'Caption of item 1', 'Standing demo');
    await user.click(screen.getByRole('radio', { name: 'Preview' }));
    const preview = await screen.findByRole('article', { name: 'Post preview' });
    expect(within(preview).getByRole('heading', { name: 'Standing Like a Tree' })).toBeTruthy();
    expect(within(preview).getByText('Why Zhan Zhuang comes before every form.')).toBeTruthy();
    expect(within(preview).getByText('relax').tagName).toBe('STRONG');
    expect(within(preview).getByTitle('Standing demo').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(within(preview).getByText('qigong')).toBeTruthy();
  });

  it('says when the post to edit does not exist', async () => {
    server({
      [`GET /api/admin/blog/post/${POST_ID}`]: () => ({
        status: 404,
        body: { error: BLOG_POST_NOT_FOUND, code: 'BLOG_POST_NOT_FOUND' },
      }),
    });
    signInAs(admin);
    renderRoutes(routes, `/app/admin/blog/${POST_ID}/edit`);
    expect(await screen.findByText(BLOG_POST_NOT_FOUND)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the upload progress until the file is stored', async () => {
    server();
    let store = () => {};
    stubUploads(
      ({ fields }) =>
        new Promise((resolve) => {
          store = () => resolve({ body: uploaded(fields.folder as string, (fields.file as File).name) });
        }),
    );
    const { user } = await openEditor();
    await user.upload(
      screen.getByLabelText('Banner image file'),
      new File(['png'], 'b.png', { type: 'image/png' }),
    );
    const progress = await screen.findByRole('progressbar', { name: 'Banner upload progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('100'));
    expect(screen.getByText('Uploading… 100%')).toBeTruthy();
    store();
    expect(await screen.findByRole('img', { name: 'Banner preview' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
