import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COURSE_NOT_FOUND } from '../../common/courses';
import { CHECKOUT_NOT_FOUND_MESSAGE } from '../../common/payments';
import type { User } from '../../common/users';
import { endSession } from '../lib/api-client';
import {
  databaseTimeout,
  makeUser,
  noTermsNeeded,
  renderRoutes,
  sessionExpired,
  signInAs,
  stubFetch as stubEveryCall,
  type,
} from '../test/render';
import { createRoutes } from './routes';

/** The members these tests sign in as: makeUser's default and Daniel. */
const MEMBER_IDS = [makeUser().id, '4d1c3b2a-5e6f-4a7b-8c9d-0e1f2a3b4c5d'];

/**
 * Every stub also answers the member home's reads: no classes, no courses, no news and no quote
 * yet.
 */
const stubFetch: typeof stubEveryCall = (routes) =>
  stubEveryCall({
    ...Object.fromEntries(
      MEMBER_IDS.map((id) => [`GET /api/users/${id}/classes`, () => ({ body: { classes: [] } })]),
    ),
    'GET /api/quotes/random': () => ({ body: { quote: null } }),
    'GET /api/courses': () => ({ body: { courses: [], total: 0 } }),
    'GET /api/news': () => ({ body: { news: [], total: 0 } }),
    ...routes,
  });

function serverFor(user: User, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    [`GET /api/user/${user.id}/terms-status`]: () => ({ body: noTermsNeeded }),
    'POST /api/user/logout': () => ({ body: { success: true } }),
    ...extra,
  });
}

describe('routing and guards', () => {
  it('sends a signed-out visitor from /app to the login page', async () => {
    stubFetch({});
    const { router } = renderRoutes(createRoutes, '/app/settings');
    // The first lazy route pays for compiling its module graph.
    expect(await screen.findByRole('tab', { name: 'Sign In' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it('logs out when the token check answers 401', async () => {
    const user = makeUser();
    signInAs(user);
    // The shell shows the cached user, and starts its own calls, until the check answers.
    serverFor(user, {
      [`POST /api/verify/user/${user.id}`]: () => sessionExpired,
    });
    const { router } = renderRoutes(createRoutes, '/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('checks the token on entering /app, not on public pages, and shows the cached user meanwhile', async () => {
    const user = makeUser();
    signInAs(user);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = serverFor(user);
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if ((args[0] as string).includes('/verify/')) await answered;
      return stubbed(...args);
    });
    const verifyCalls = () => calls.filter((call) => call.path === `/api/verify/user/${user.id}`).length;
    const { router } = renderRoutes(createRoutes, '/contact');
    await screen.findByRole('link', { name: 'Open the app' });
    expect(verifyCalls()).toBe(0);

    await act(() => router.navigate('/app'));
    // The dashboard renders from the cached user while the check is still unanswered.
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei Chen' })).toBeTruthy();
    answer();
    await waitFor(() => expect(verifyCalls()).toBe(1));
  });

  it('offers Retry when the token check cannot reach the server and no user is cached', async () => {
    const mei = makeUser();
    localStorage.setItem('authToken', 'test-token');
    localStorage.setItem('userId', mei.id);
    let verifyAnswers = 0;
    serverFor(mei, {
      [`POST /api/verify/user/${mei.id}`]: () =>
        ++verifyAnswers === 1 ? databaseTimeout : { body: { valid: true, user: mei } },
    });
    const { user } = renderRoutes(createRoutes, '/app');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('heading', { name: 'Could not check your session' })).toBeTruthy();
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei Chen' })).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('test-token');
  });

  it('follows the other tabs: a sign-in there replaces the user here, a sign-out there signs out here', async () => {
    const mei = makeUser();
    const daniel = makeUser({
      id: '4d1c3b2a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      name: 'Daniel Park',
      username: 'daniel',
    });
    signInAs(mei);
    serverFor(mei, { [`GET /api/user/${daniel.id}/terms-status`]: () => ({ body: noTermsNeeded }) });
    const { router } = renderRoutes(createRoutes, '/app');
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei Chen' })).toBeTruthy();

    const otherTab = (key: string, value: string | null) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    };
    act(() => {
      otherTab('authToken', 'daniel-token');
      otherTab('userId', daniel.id);
      otherTab('userData', JSON.stringify(daniel));
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Daniel Park' })).toBeTruthy();

    act(() => otherTab('authToken', null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });

  it('names each page in the document title and moves focus to its heading after a navigation', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user, {
      'GET /api/courses': () => ({ body: { courses: [], total: 0 } }),
    });
    const { router } = renderRoutes(createRoutes, '/app');
    const welcome = await screen.findByRole('heading', { level: 1, name: 'Welcome, Mei Chen' });
    expect(document.title).toBe('Dashboard · Kwoon');
    // The first load leaves focus where the browser put it.
    expect(document.activeElement).not.toBe(welcome);

    await act(() => router.navigate('/app/courses'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Available Courses' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Courses · Kwoon');
  });

  it('offers a skip link to the main region on public and app pages', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user);
    const { router } = renderRoutes(createRoutes, '/contact');
    for (const path of ['/contact', '/app']) {
      await act(() => router.navigate(path));
      const skip = await screen.findByRole('link', { name: 'Skip to main content' });
      const target = document.getElementById(skip.getAttribute('href')!.slice(1));
      expect(target?.tagName).toBe('MAIN');
    }
  });

  it('returns to the page asked for after signing in', async () => {
    const mei = makeUser();
    serverFor(mei, {
      'POST /api/user/authenticate': () => ({ body: { token: 'fresh-token', user: mei } }),
    });
    const { router, user } = renderRoutes(createRoutes, '/app/settings?tab=orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    const form = await screen.findByRole('form', { name: 'Sign in' });
    await type(user, 'Username', 'mei', form);
    await type(user, 'Password', 'a-long-password', form);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings'));
    expect(router.state.location.search).toBe('?tab=orders');
  });

  it('keeps the cached session when the token check fails otherwise', async () => {
    const user = makeUser();
    signInAs(user);
    let checked = false;
    serverFor(user, {
      [`POST /api/verify/user/${user.id}`]: () => {
        checked = true;
        return databaseTimeout;
      },
    });
    renderRoutes(createRoutes, '/app');
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei Chen' })).toBeTruthy();
    // The check is made (and its call lands in this test, not the next one).
    await waitFor(() => expect(checked).toBe(true));
    expect(localStorage.getItem('authToken')).toBe('test-token');
  });

  it('shows the member dashboard and keeps students out of admin routes', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user);
    const { router } = renderRoutes(createRoutes, '/app/admin/blog');
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei Chen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app');
    expect(screen.queryByRole('link', { name: 'Blog' })).toBeNull();
  });

  it('lets admins in, with the Blog link active on its sub-paths', async () => {
    const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Li' });
    signInAs(admin);
    serverFor(admin, {
      'GET /api/admin/blog/posts': () => ({ body: { posts: [], total: 0 } }),
      'GET /api/admin/blog/stats': () => ({
        body: { total_posts: 0, published: 0, drafts: 0, categories: 0 },
      }),
      'GET /api/blog/tags': () => ({ body: { tags: [] } }),
    });
    renderRoutes(createRoutes, '/app/admin/blog');
    expect(await screen.findByRole('heading', { name: 'Blog Management' })).toBeTruthy();
    expect(await screen.findByText('No blog posts found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: /Sifu Li, Administrator/ })).toBeTruthy();
  });

  it('opens AI Sifu analytics and its knowledge for admins', async () => {
    const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Li' });
    signInAs(admin);
    serverFor(admin, {
      'GET /api/admin/ai-sifu/analytics': () => ({
        body: {
          overview: { total_questions: 0, active_users: 0, cached_responses: 0, total_cost_cents: 0 },
          popular_questions: [],
          cache_stats: { total_cached: 0, total_cache_hits: 0, avg_usage_per_question: 0 },
          daily_costs: [],
        },
      }),
      'GET /api/admin/ai-sifu/popular-questions': () => ({ body: { popular_questions: [] } }),
      'GET /api/admin/ai-sifu/knowledge': () => ({
        body: { entries: [], total: 0, counts: { term: 0, manual: 0, classic: 0 } },
      }),
    });
    const { user } = renderRoutes(createRoutes, '/app/admin/ai-sifu');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Sifu Analytics' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Knowledge' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Sifu Knowledge' })).toBeTruthy();
    expect(await screen.findByText('No entries found')).toBeTruthy();
  });

  it('marks Courses active on a course page and shows the belt, or Student', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user, {
      'GET /api/courses/6c1c1d4e-0000-4000-8000-000000000001': () => ({
        status: 404,
        body: { error: COURSE_NOT_FOUND, code: 'COURSE_NOT_FOUND' },
      }),
      'GET /api/courses': () => ({ body: { courses: [], total: 0 } }),
    });
    renderRoutes(createRoutes, '/app/course/6c1c1d4e-0000-4000-8000-000000000001');
    expect(await screen.findByText('Course not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: /Mei Chen, Student/ })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('disabled', false);
  });

  it('serves the payment result pages and the test checkout in the public layout', async () => {
    stubFetch({
      'GET /api/payment/local-checkout/cs_test_1': () => ({
        status: 404,
        body: { error: CHECKOUT_NOT_FOUND_MESSAGE, code: 'CHECKOUT_NOT_FOUND' },
      }),
    });
    const { router } = renderRoutes(createRoutes, '/payment/failed?reason=declined');
    expect(await screen.findByRole('heading', { name: 'Card Declined' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Session' })).toBeTruthy();

    await act(() => router.navigate('/payment/success?course_id=x'));
    expect(await screen.findByText('No authentication token found', {}, { timeout: 5000 })).toBeTruthy();

    await act(() => router.navigate('/payment/checkout/cs_test_1'));
    expect(
      await screen.findByRole('heading', { name: 'Checkout not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows the order history on the settings page', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user, {
      [`GET /api/user/${user.id}/profile`]: () => ({ body: user }),
      [`GET /api/stripe/orders/${user.id}`]: () => ({ body: { orders: [], total: 0 } }),
      // No AI Sifu plan.
      [`GET /api/stripe/subscription/${user.id}`]: () => ({ body: { subscription: null } }),
    });
    renderRoutes(createRoutes, '/app/settings');
    expect(await screen.findByRole('heading', { name: 'Order History' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });

  it('keeps a user who must set a new password on the settings page, calling only what is allowed', async () => {
    const user = makeUser({ requires_password_change: true });
    signInAs(user);
    const { calls } = serverFor(user, {
      [`GET /api/user/${user.id}/profile`]: () => ({ body: user }),
    });
    const { router } = renderRoutes(createRoutes, '/app/courses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings'));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    await act(() => router.navigate('/app'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings'));
    const allowed = new Set([
      `/api/verify/user/${user.id}`,
      `/api/user/${user.id}/terms-status`,
      `/api/user/${user.id}/profile`,
    ]);
    expect(calls.map((call) => call.path).filter((path) => !allowed.has(path))).toEqual([]);
  });

  it('keeps the collapsed sidebar across a reload', async () => {
    // A desktop window: the sidebar collapses only there.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const mei = makeUser();
    signInAs(mei);
    serverFor(mei);
    const first = renderRoutes(createRoutes, '/app');
    await first.user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
    first.unmount();

    const second = renderRoutes(createRoutes, '/app');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    await second.user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(await screen.findByRole('button', { name: 'Collapse sidebar' })).toBeTruthy();
    expect(localStorage.getItem('sidebarCollapsed')).toBe('false');
  });

  it('offers a signed-in visitor the app, not Sign in, in the public footer', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user);
    renderRoutes(createRoutes, '/contact');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Open the app' }).getAttribute('href')).toBe('/app');
    expect(within(footer).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('offers a signed-out visitor Sign in in the public footer', async () => {
    stubFetch({});
    renderRoutes(createRoutes, '/contact');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/app/login');
    expect(within(footer).queryByRole('link', { name: 'Open the app' })).toBeNull();
  });

  it('leaves for the server-rendered landing page on an unknown path, and on /', async () => {
    stubFetch({});
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const { router } = renderRoutes(createRoutes, '/no/such/page');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    replace.mockClear();
    await act(() => router.navigate('/'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    replace.mockRestore();
  });

  it('links the public layout to the server-rendered pages with full page loads', async () => {
    stubFetch({});
    const { router } = renderRoutes(createRoutes, '/contact');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    expect(within(nav).getByRole('link', { name: 'E-Learning' }).getAttribute('href')).toBe('/app');
    expect(within(nav).getByRole('link', { name: 'Book Session' }).getAttribute('href')).toBe('/workshops');
    // The router lets the browser load the page: it does not change its own location.
    const blog = within(nav).getByRole('link', { name: 'Blog' });
    blog.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(blog);
    expect(router.state.location.pathname).toBe('/contact');
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'E-Learning' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/contact'));
  });

  it('returns to the login page when a call reports an auth error', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user);
    // The token check answers only after the session has ended.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if ((args[0] as string).includes('/verify/')) await answered;
      return stubbed(...args);
    });
    const { router } = renderRoutes(createRoutes, '/app');
    await screen.findByRole('heading', { name: 'Welcome, Mei Chen' });
    // As a call's 401 for the stored token does: the stored session goes, then the app is told;
    // the check still in flight then finds its token gone and changes nothing.
    act(() => endSession());
    answer();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it('signs out from the user menu: revokes the token, clears the session, goes to /', async () => {
    const mei = makeUser({ belt: 'Black sash' });
    signInAs(mei);
    const { calls } = serverFor(mei);
    const { router, user } = renderRoutes(createRoutes, '/app');
    await user.click(await screen.findByRole('button', { name: /Mei Chen, Black sash/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((call) => call.path === '/api/user/logout')).toBe(true);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('shows the required terms modal in the app shell', async () => {
    const user = makeUser();
    signInAs(user);
    serverFor(user, {
      [`GET /api/user/${user.id}/terms-status`]: () => ({
        body: { ...noTermsNeeded, requiresAcceptance: true, acceptedVersion: null, acceptedAt: null },
      }),
    });
    renderRoutes(createRoutes, '/app');
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(within(dialog).getByRole('button', { name: 'I Accept' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
