import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../../common/resources';
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
import { makeCourse } from '../../../test/courses';
import { makeResource, makeResources } from '../test-data';
import { ResourcesAdminPage } from './resources-admin-page';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Lin Wei' });
const course = makeCourse({ id: '3c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e61', title: 'Circle Walking' });
const stats = {
  total: 12,
  published: 9,
  drafts: 3,
  by_type: { blog: 5, video: 4, audio: 3 },
  total_views: 1234,
};
type Routes = Parameters<typeof stubFetch>[0];

function server(resources: Resource[] = makeResources(2), extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/resources': ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: { resources: resources.slice(offset, offset + limit), total: resources.length } };
    },
    'GET /api/admin/resources/stats': () => ({ body: stats }),
    'GET /api/courses': () => ({ body: { courses: [course], total: 1 } }),
    ...extra,
  });
}

function renderAdmin() {
  signInAs(admin);
  // The picker's `accept` is a suggestion: "All files" in the picker, or a drop, passes it by.
  return renderRoutes([{ path: '/', element: <ResourcesAdminPage /> }], '/', { applyAccept: false });
}

async function openAdd() {
  const rendered = renderAdmin();
  await rendered.user.click(await screen.findByRole('button', { name: 'Add Resource' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Resource' });
  return { ...rendered, dialog };
}

const adminListCalls = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/resources');
const posted = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/resources');

describe('ResourcesAdminPage', { timeout: 30_000 }, () => {
  it('shows the figures and the resources with Edit and Delete', async () => {
    server([makeResource({ is_published: false, view_count: 42 })]);
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources Management' })).toBeTruthy();
    const figures = await screen.findByLabelText('Resource figures');
    await waitFor(() => expect(within(figures).getByText('1,234')).toBeTruthy());
    const text = figures.textContent;
    for (const figure of [
      'Total12',
      'Published9',
      'Drafts3',
      'Blog5',
      'Video4',
      'Audio3',
      'Total Views1,234',
    ])
      expect(text).toContain(figure);
    const table = await screen.findByRole('table', { name: 'Resources' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Standing like a post')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Standing like a post' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete Standing like a post' })).toBeTruthy();
  });

  it("says 'No resources found' and shows a load failure with Retry", async () => {
    let fail = true;
    server([], {
      'GET /api/admin/resources': () => (fail ? serverFailure : { body: { resources: [], total: 0 } }),
    });
    const { user } = renderAdmin();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load resources. Please try again later.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });

  it('filters by type, status and search, and pages ten at a time', async () => {
    const { calls } = server(makeResources(12));
    const { user } = renderAdmin();
    await screen.findByRole('table', { name: 'Resources' });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Resource 11');
    expect(adminListCalls(calls).at(-1)?.query.get('offset')).toBe('10');

    await user.click(field('Type'));
    await user.click(await screen.findByRole('option', { name: 'Audio' }));
    await waitFor(() => expect(adminListCalls(calls).at(-1)?.query.get('type')).toBe('audio'));
    expect(adminListCalls(calls).at(-1)?.query.get('offset')).toBe('0');

    await user.click(field('Status'));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(adminListCalls(calls).at(-1)?.query.get('status')).toBe('draft'));

    await type(user, 'Search resources', 'standing');
    await waitFor(() => expect(adminListCalls(calls).at(-1)?.query.get('q')).toBe('standing'));
    const last = adminListCalls(calls).at(-1)!.query;
    expect([last.get('type'), last.get('status')]).toEqual(['audio', 'draft']);
  });

  it("confirms a delete, toasts 'Resource Deleted', and 'Delete Failed' when it fails", async () => {
    const resource = makeResource();
    let fail = false;
    const { calls } = server([resource], {
      [`DELETE /api/admin/resources/${resource.id}`]: () =>
        fail ? serverFailure : { body: { success: true } },
    });
    const { user } = renderAdmin();
    const remove = await screen.findByRole('button', { name: `Delete ${resource.title}` });
    await user.click(remove);
    let confirm = await screen.findByRole('dialog', { name: 'Delete Resource' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(remove);
    confirm = await screen.findByRole('dialog', { name: 'Delete Resource' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Resource Deleted')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    fail = true;
    await user.click(await screen.findByRole('button', { name: `Delete ${resource.title}` }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Resource' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Failed')).toBeTruthy();
  });

  it('edits a resource and sends the whole of it', async () => {
    const resource = makeResource({
      related_courses: [course.id],
      courses: [{ id: course.id, title: course.title }],
    });
    const { calls } = server([resource], {
      [`PUT /api/admin/resources/${resource.id}`]: () => ({ body: { resource } }),
    });
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Edit ${resource.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Resource' });
    expect(field('Title', dialog).value).toBe(resource.title);
    await type(user, 'Title', 'Standing, again', dialog);
    await user.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect(await screen.findByText('Resource Saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      type: 'blog',
      title: 'Standing, again',
      description: resource.description,
      author: resource.author,
      content: resource.content,
      video_url: null,
      audio_url: null,
      thumbnail: null,
      duration: '',
      related_courses: [course.id],
      is_published: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Resource' })).toBeNull());
  });
});

describe('the Add Resource form', { timeout: 30_000 }, () => {
  it('names the missing fields of a blog and sends nothing', async () => {
    const { calls } = server();
    const { user, dialog } = await openAdd();
    expect(field('Author', dialog).value).toBe('Sifu Lin Wei');
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Content is required for a blog resource')).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
  });

  it('adds a blog with a related course', async () => {
    const { calls } = server(makeResources(1), {
      'POST /api/admin/resources': () => ({ status: 201, body: { resource: makeResource() } }),
    });
    const { user, dialog } = await openAdd();
    await type(user, 'Title', 'Rooting', dialog);
    await type(user, 'Description', 'Where strength comes from.', dialog);
    await type(user, 'Content', 'Sink the weight.\n\nRelax the hips.', dialog);
    await type(user, 'Duration', '5 min read', dialog);
    await user.click(field('Related courses', dialog));
    await user.click(await within(dialog).findByRole('option', { name: 'Circle Walking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect(await screen.findByText('Resource Saved')).toBeTruthy();
    expect(posted(calls)[0]?.body).toEqual({
      type: 'blog',
      title: 'Rooting',
      description: 'Where strength comes from.',
      author: 'Sifu Lin Wei',
      content: 'Sink the weight.\n\nRelax the hips.',
      video_url: null,
      audio_url: null,
      thumbnail: null,
      duration: '5 min read',
      related_courses: [course.id],
      is_published: true,
    });
  });

  it('asks a video for its file or address, and an audio for its own', async () => {
    server();
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('radio', { name: 'Video' }));
    expect(within(dialog).queryByLabelText(/^Content/)).toBeNull();
    await type(user, 'Title', 'Circle walking', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect(
      await within(dialog).findByText('A video file or address is required for a video resource'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Audio' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect(
      await within(dialog).findByText('An audio file or address is required for an audio resource'),
    ).toBeTruthy();
  });

  it('checks an audio file, uploads it with a progress bar to the audio route, and saves it', async () => {
    const { calls } = server([], {
      'POST /api/admin/resources': () => ({ status: 201, body: { resource: makeResource() } }),
    });
    let release = () => {};
    const uploads = stubUploads(
      (call) =>
        new Promise((resolve) => {
          release = () => resolve({ body: uploaded('resource-audio', (call.fields.audio as File).name) });
        }),
    );
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('radio', { name: 'Audio' }));
    const input = within(dialog).getByLabelText('Audio file');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Please choose an audio file')).toBeTruthy();
    const big = new File(['x'], 'big.mp3', { type: 'audio/mpeg' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await within(dialog).findByText('Please choose an audio file smaller than 50MB')).toBeTruthy();
    expect(uploads.calls).toEqual([]);

    await user.upload(input, new File(['wav'], 'breath.wav', { type: 'audio/wav' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Audio upload progress' })).toBeTruthy();
    release();
    expect(await screen.findByText('Audio Uploaded')).toBeTruthy();
    expect(uploads.calls.map((c) => [c.path, Object.keys(c.fields)])).toEqual([
      ['/api/admin/resources/upload-audio', ['audio']],
    ]);
    expect(field('Audio address', dialog).value).toBe('/media/resource-audio/breath.wav');

    await type(user, 'Title', 'Breathing', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    await waitFor(() =>
      expect(posted(calls)[0]?.body).toMatchObject({
        type: 'audio',
        audio_url: '/media/resource-audio/breath.wav',
      }),
    );
  });

  it('checks a video file and says when its upload fails', async () => {
    server();
    const uploads = stubUploads(() => serverFailure);
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('radio', { name: 'Video' }));
    const input = within(dialog).getByLabelText('Video file');
    await user.upload(input, new File(['x'], 'song.mp3', { type: 'audio/mpeg' }));
    expect(await within(dialog).findByText('Please choose a video file')).toBeTruthy();
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 101 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await within(dialog).findByText('Please choose a video smaller than 100MB')).toBeTruthy();
    expect(uploads.calls).toEqual([]);
    await user.upload(input, new File(['mp4'], 'walk.mp4', { type: 'video/mp4' }));
    expect(await within(dialog).findByText('Failed to upload video. Please try again.')).toBeTruthy();
    expect(uploads.calls.map((c) => [c.path, Object.keys(c.fields)])).toEqual([
      ['/api/admin/resources/upload-video', ['video']],
    ]);
  });

  it('checks the thumbnail and says when its upload fails', async () => {
    server();
    const uploads = stubUploads(() => serverFailure);
    const { user, dialog } = await openAdd();
    const input = within(dialog).getByLabelText('Thumbnail file');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Please choose an image file')).toBeTruthy();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await within(dialog).findByText('Please choose an image smaller than 5MB')).toBeTruthy();
    await user.upload(input, new File(['png'], 'cover.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Failed to upload thumbnail. Please try again.')).toBeTruthy();
    expect(uploads.calls.map((c) => [c.path, Object.keys(c.fields)])).toEqual([
      ['/api/admin/resources/upload-image', ['image']],
    ]);
  });

  it("says 'Failed to save resource. Please try again.', with the server's reason for a 400", async () => {
    let answer: { status: number; body: unknown } = serverFailure;
    server([], { 'POST /api/admin/resources': () => answer });
    const { user, dialog } = await openAdd();
    await type(user, 'Title', 'Rooting', dialog);
    await type(user, 'Content', 'Sink the weight.', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to save resource. Please try again.',
    );

    answer = {
      status: 400,
      body: {
        error: 'Title must be at most 200 characters',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'title', message: 'Title must be at most 200 characters' }],
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    expect(await within(dialog).findByText('Title must be at most 200 characters')).toBeTruthy();
    expect(field('Title', dialog).getAttribute('aria-invalid')).toBe('true');

    answer = { status: 400, body: { error: 'A related course does not exist', code: 'VALIDATION_ERROR' } };
    await type(user, 'Title', 'Rooting again', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Resource' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to save resource. Please try again.');
    expect(alert.textContent).toContain('A related course does not exist');
  });
});
