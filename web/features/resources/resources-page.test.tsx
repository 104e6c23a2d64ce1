import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../common/resources';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch, Where } from '../../test/render';
import { ResourcesPage } from './resources-page';
import { FULL_TEXT_END, makeResource, makeResources } from './test-data';

const member = makeUser();
const admin = makeUser({ id: '0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a99', is_admin: true, role: 'admin' });
type Routes = Parameters<typeof stubFetch>[0];

/** The members' list as the server pages and filters it. */
function server(resources: Resource[], extra: Routes = {}, user = member) {
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    'GET /api/resources': ({ query }) => {
      const type = query.get('type');
      const matching = resources.filter((r) => !type || r.type === type);
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: { resources: matching.slice(offset, offset + limit), total: matching.length } };
    },
    ...extra,
  });
}

function renderPage(path = '/app/resources', user = member) {
  signInAs(user);
  return renderRoutes(
    [
      {
        path: '/app/resources',
        element: (
          <>
            <ResourcesPage />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    path,
  );
}

const cards = () => screen.getAllByRole('article');
const card = (title: string) => screen.getByRole('article', { name: title });
const listCalls = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/resources');

describe('ResourcesPage', { timeout: 20_000 }, () => {
  it('shows each card with its type, author, date, description, duration and related courses', async () => {
    const course = { id: '3c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e61', title: 'Foundations of Zhan Zhuang' };
    const video = makeResource({
      id: '5e0b6c1a-2d3f-4a5b-8c6d-0000000000a1',
      type: 'video',
      title: 'Circle walking, step by step',
      content: '',
      video_url: '/media/resource-videos/walk.mp4',
      thumbnail: '/media/resource-thumbnails/walk.webp',
      duration: '12:30',
      related_courses: [course.id],
      courses: [course],
    });
    const audio = makeResource({
      id: '5e0b6c1a-2d3f-4a5b-8c6d-0000000000a2',
      type: 'audio',
      title: 'Guided standing',
      content: '',
      audio_url: '/media/resource-audio/standing.mp3',
      duration: '20 min',
    });
    server([video, audio]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Learning Resources' })).toBeTruthy();
    const videoCard = await screen.findByRole('article', { name: video.title });
    expect(within(videoCard).getByText('Video')).toBeTruthy();
    expect(within(videoCard).getByText('By Sifu Lin Wei')).toBeTruthy();
    expect(within(videoCard).getByText('November 20, 2026')).toBeTruthy();
    expect(within(videoCard).getByText(video.description)).toBeTruthy();
    expect(within(videoCard).getByText('12:30')).toBeTruthy();
    const player = within(videoCard).getByLabelText(`Video: ${video.title}`);
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(video.video_url);
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('preload')).toBe('metadata');
    expect(player.getAttribute('poster')).toBe(video.thumbnail);
    expect(within(videoCard).getByRole('link', { name: course.title }).getAttribute('href')).toBe(
      `/app/course/${course.id}`,
    );

    const audioPlayer = within(card(audio.title)).getByLabelText(`Audio: ${audio.title}`);
    expect(audioPlayer.tagName).toBe('AUDIO');
    expect(audioPlayer.getAttribute('src')).toBe(audio.audio_url);
    expect(audioPlayer.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByRole('link', { name: 'Manage Resources' })).toBeNull();
  });

  it('previews a blog in 200 characters and reads the whole in place, counting one view', async () => {
    const blog = makeResource();
    const { calls } = server([blog], {
      [`GET /api/resources/${blog.id}`]: () => ({ body: { resource: blog } }),
    });
    const { user } = renderPage();
    const article = await screen.findByRole('article', { name: blog.title });
    expect(within(article).queryByText(new RegExp(FULL_TEXT_END))).toBeNull();
    const preview = within(article).getByText(/^Zhan zhuang, standing like a post/);
    expect(preview.textContent.endsWith('…')).toBe(true);
    expect(preview.textContent.length).toBeLessThanOrEqual(201);

    const more = within(article).getByRole('button', { name: 'Read More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(within(article).getByText(FULL_TEXT_END, { exact: false })).toBeTruthy();
    const less = within(article).getByRole('button', { name: 'Show Less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(calls.filter((c) => c.path === `/api/resources/${blog.id}`)).toHaveLength(1));

    await user.click(less);
    await user.click(within(article).getByRole('button', { name: 'Read More' }));
    expect(within(article).getByText(FULL_TEXT_END, { exact: false })).toBeTruthy();
    expect(calls.filter((c) => c.path === `/api/resources/${blog.id}`)).toHaveLength(1);
  });

  it('shows a short blog whole, without Read More', async () => {
    server([makeResource({ content: 'Stand, breathe, relax.' })]);
    renderPage();
    const article = await screen.findByRole('article', { name: 'Standing like a post' });
    expect(within(article).getByText('Stand, breathe, relax.')).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Read More' })).toBeNull();
  });

  it('filters by type through the address, and says when a type has nothing', async () => {
    const { calls } = server(makeResources(4));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Resource 1' });
    expect(cards()).toHaveLength(4);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'All' }).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Audio' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(card('Resource 3')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/app/resources');
    expect(listCalls(calls).at(-1)?.query.get('type')).toBe('audio');
    expect(listCalls(calls).at(-1)?.query.get('limit')).toBe('5');

    server([]);
    await user.click(screen.getByRole('radio', { name: 'Video' }));
    expect(await screen.findByText('No video resources yet')).toBeTruthy();
  });

  it("says 'No resources yet' when there are none", async () => {
    server([]);
    renderPage();
    expect(await screen.findByText('No resources yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Resource pages' })).toBeNull();
  });

  it('pages five at a time, the page in the address', async () => {
    const { calls } = server(makeResources(12));
    const rendered = renderPage('/app/resources?type=&page=2');
    await screen.findByRole('article', { name: 'Resource 6' });
    expect(cards()).toHaveLength(5);
    expect(listCalls(calls)[0]?.query.get('offset')).toBe('5');
    const pages = screen.getByRole('navigation', { name: 'Resource pages' });
    expect(within(pages).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await rendered.user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('article', { name: 'Resource 11' });
    expect(cards()).toHaveLength(2);
    expect(rendered.router.state.location.search).toBe('?page=3');
    expect(listCalls(calls).at(-1)?.query.get('offset')).toBe('10');

    await rendered.user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('article', { name: 'Resource 6' });
    expect(rendered.router.state.location.search).toBe('?page=2');

    // A new type starts again at its first page.
    await rendered.user.click(screen.getByRole('radio', { name: 'Blog' }));
    await waitFor(() => expect(rendered.router.state.location.search).toBe('?type=blog'));
  });

  it('scrolls to and highlights the card of #id after half a second', async () => {
    const resources = makeResources(3);
    server(resources);
    const target = resources[1]!;
    renderPage(`/app/resources#${target.id}`);
    const article = await screen.findByRole('article', { name: target.title });
    expect(article.hasAttribute('data-highlighted')).toBe(false);
    await waitFor(() => expect(article.hasAttribute('data-highlighted')).toBe(true), { timeout: 2000 });
    expect(card(resources[0]!.title).hasAttribute('data-highlighted')).toBe(false);
  });

  it('pins a #id card from another page on top, highlighted', async () => {
    const resources = makeResources(7);
    const target = resources[6]!;
    const { calls } = server(resources, {
      [`GET /api/resources/${target.id}`]: () => ({ body: { resource: target } }),
    });
    renderPage(`/app/resources#${target.id}`);
    const pinned = await screen.findByRole('article', { name: target.title });
    expect(cards()[0]).toBe(pinned);
    expect(cards()).toHaveLength(6);
    await waitFor(() => expect(pinned.hasAttribute('data-highlighted')).toBe(true), { timeout: 2000 });
    expect(calls.filter((c) => c.path === `/api/resources/${target.id}`)).toHaveLength(1);
  });

  it('shows the load failure with Retry, which loads again', async () => {
    let fail = true;
    const resources = makeResources(2);
    server([], {
      'GET /api/resources': () => (fail ? serverFailure : { body: { resources, total: resources.length } }),
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load resources. Please try again later.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Resource 1' })).toBeTruthy();
  });

  it('shows loading placeholders while the list loads', async () => {
    const resources = makeResources(1);
    stubFetch({
      [`POST /api/verify/user/${member.id}`]: () => ({ body: { valid: true, user: member } }),
      'GET /api/resources': () => ({ body: { resources, total: 1 } }),
    });
    renderPage();
    expect(screen.getByText('Loading resources').getAttribute('role')).toBe('status');
    expect(await screen.findByRole('article', { name: 'Resource 1' })).toBeTruthy();
    expect(screen.queryByText('Loading resources')).toBeNull();
  });

  it('offers administrators Manage Resources', async () => {
    server(makeResources(1), {}, admin);
    const { user } = renderPage('/app/resources', admin);
    await user.click(await screen.findByRole('link', { name: 'Manage Resources' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/app/admin/resources');
  });
});
