import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseSummary } from '../../../common/courses';
import { makeCourse } from '../../test/courses';
import type { News } from '../../../common/news';
import { makeNews, makeNewsList, makeQuote } from '../../test/news';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { AdminPanels, DashboardPage } from './dashboard-page';

const panels = (
  <AdminPanels
    actions={<button type="button">Testimonials</button>}
    news={<p>News panel</p>}
    reviews={<p>Reviews panel</p>}
    enrollments={<p>Enrollments panel</p>}
    courses={<p>Courses panel</p>}
    requests={<p>Requests panel</p>}
    aiSifu={<p>AI analytics panel</p>}
  />
);

type Routes = Parameters<typeof stubFetch>[0];

/** A course whose prerequisites and objectives are blank. */
const course = (overrides: Partial<CourseSummary>) =>
  makeCourse({ prerequisites: '', learning_objectives: '', ...overrides });

const enrolled = course({
  id: '11111111-1111-4111-8111-111111111112',
  title: 'Santi Shi Basics',
  enrollment: { progress: 40, start_date: '2026-10-01T00:00:00.000Z', completed_date: null },
});
const notTaken = course({ title: 'Circle Walking' });

/** The member's home answers: a quote, their courses, and the news as pages of `news`. */
function memberServer(
  user = makeUser(),
  {
    news = makeNewsList(2),
    courses = [enrolled, notTaken],
    extra = {},
  }: { news?: News[]; courses?: CourseSummary[]; extra?: Routes } = {},
) {
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    'GET /api/quotes/random': () => ({ body: { quote: makeQuote() } }),
    'GET /api/courses': () => ({ body: { courses, total: courses.length } }),
    'GET /api/news': ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: { news: news.slice(offset, offset + limit), total: news.length } };
    },
    ...extra,
  });
}

function renderDashboard(isAdmin: boolean) {
  const user = makeUser(isAdmin ? { is_admin: true, role: 'admin' } : {});
  if (isAdmin) stubFetch({ [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }) });
  else memberServer(user);
  signInAs(user);
  return renderRoutes([{ path: '/app', element: <DashboardPage adminPanels={panels} /> }], '/app');
}

function renderHome() {
  const user = makeUser();
  signInAs(user);
  return renderRoutes([{ path: '/app', element: <DashboardPage adminPanels={panels} /> }], '/app');
}

describe('DashboardPage', () => {
  it('shows the management panels to an admin, with the Quotes link among the buttons', async () => {
    renderDashboard(true);
    expect(await screen.findByText('Courses panel')).toBeTruthy();
    expect(screen.getByText('News panel')).toBeTruthy();
    expect(screen.getByText('Reviews panel')).toBeTruthy();
    expect(screen.getByText('Enrollments panel')).toBeTruthy();
    expect(screen.getByText('Requests panel')).toBeTruthy();
    expect(screen.getByText('AI analytics panel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Testimonials' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quotes' }).getAttribute('href')).toBe('/app/admin/quotes');
    expect(screen.queryByRole('heading', { name: 'Current Course(s)' })).toBeNull();
  });

  it('keeps the member view free of them', async () => {
    renderDashboard(false);
    expect(await screen.findByRole('navigation', { name: 'Quick links' })).toBeTruthy();
    expect(screen.queryByText('Courses panel')).toBeNull();
    expect(screen.queryByText('AI analytics panel')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Testimonials' })).toBeNull();
  });
});

describe('the member home', () => {
  it('welcomes the member with the time they signed in', async () => {
    memberServer();
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei Chen' })).toBeTruthy();
    const time = screen.getByText(/^Signed in at/).querySelector('time');
    expect(Date.parse(time?.getAttribute('datetime') ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows the quote with its Chinese text, author and source', async () => {
    memberServer();
    renderHome();
    const quote = await screen.findByRole('figure', { name: 'Quote of the day' });
    expect(within(quote).getByText('千里之行，始於足下').getAttribute('lang')).toBe('zh');
    expect(within(quote).getByText(/A journey of a thousand miles/)).toBeTruthy();
    expect(within(quote).getByText(/Laozi/)).toBeTruthy();
    expect(within(quote).getByText(/Tao Te Ching/)).toBeTruthy();
  });

  it('lists the courses the member is enrolled in with their progress', async () => {
    memberServer();
    renderHome();
    const list = await screen.findByRole('list', { name: 'Your courses' });
    expect(within(list).getByRole('link', { name: 'Santi Shi Basics' }).getAttribute('href')).toBe(
      `/app/course/${enrolled.id}`,
    );
    expect(
      within(list)
        .getByRole('progressbar', { name: 'Santi Shi Basics progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(list).queryByText('Circle Walking')).toBeNull();
  });

  it("says 'Currently Not Enrolled' with the way to the courses", async () => {
    memberServer(makeUser(), { courses: [notTaken] });
    renderHome();
    expect(await screen.findByText('Currently Not Enrolled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Courses' }).getAttribute('href')).toBe('/app/courses');
  });

  it('pages the news three at a time', async () => {
    const { calls } = memberServer(makeUser(), { news: makeNewsList(5) });
    const { user } = renderHome();
    const news = await screen.findByRole('list', { name: 'News' });
    expect(within(news).getAllByRole('listitem')).toHaveLength(3);
    const section = screen.getByRole('region', { name: 'News & Updates' });
    expect(within(section).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('News item 4')).toBeTruthy();
    expect(within(section).getByText('News item 5')).toBeTruthy();
    expect(within(section).queryByText('News item 1')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    const asked = calls.filter((c) => c.path === '/api/news').map((c) => c.query.toString());
    expect(asked).toEqual(['limit=3&offset=0', 'limit=3&offset=3']);
  });

  it('marks important items and opens one in full, with the link to its page', async () => {
    const important: News = makeNews({ is_important: true, title: 'Hall closed on Monday' });
    memberServer(makeUser(), { news: [important] });
    const { user } = renderHome();
    const news = await screen.findByRole('list', { name: 'News' });
    expect(within(news).getByText('Important')).toBeTruthy();
    await user.click(within(news).getByRole('button', { name: /Hall closed on Monday/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hall closed on Monday' });
    expect(within(dialog).getByText('The seminar runs Friday to Sunday.')).toBeTruthy();
    expect(within(dialog).getByText('Bring loose clothing and water.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Read full article' }).getAttribute('href')).toBe(
      `/app/news/${important.id}`,
    );
  });

  it('shows the body as text, never as markup', async () => {
    memberServer(makeUser(), { news: [makeNews({ body: '<img src=x onerror=alert(1)>Hello' })] });
    const { user } = renderHome();
    const news = await screen.findByRole('list', { name: 'News' });
    await user.click(within(news).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('<img src=x onerror=alert(1)>Hello')).toBeTruthy();
    expect(dialog.querySelector('img[src="x"]')).toBeNull();
  });

  it('says when there is no news', async () => {
    memberServer(makeUser(), { news: [] });
    renderHome();
    expect(await screen.findByText('No news yet')).toBeTruthy();
  });

  it('shows the red banner when the loads fail, and keeps what loaded', async () => {
    memberServer(makeUser(), {
      extra: { 'GET /api/news': () => serverFailure, 'GET /api/quotes/random': () => serverFailure },
    });
    renderHome();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load data. Please try again later.',
    );
    expect(screen.getByRole('list', { name: 'Your courses' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('figure', { name: 'Quote of the day' })).toBeNull());
  });
});
