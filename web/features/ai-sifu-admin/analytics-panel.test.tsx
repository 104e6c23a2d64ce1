import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AiAnalytics } from '../../../common/ai-sifu';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { AiAnalyticsPanel } from './analytics-panel';
import { makeAnalytics, makeQuestions } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Lin Wei' });
type Routes = Parameters<typeof stubFetch>[0];
type Answer = ReturnType<Routes[string]>;

function server(analytics: () => Answer = () => ({ body: makeAnalytics() }), extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/ai-sifu/analytics': analytics,
    ...extra,
  });
}

function renderPanel() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <AiAnalyticsPanel /> }], '/');
}

const reads = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/ai-sifu/analytics').length;
const panel = () => screen.getByRole('region', { name: 'AI Sifu Analytics' });
const questionTexts = () =>
  within(screen.getByRole('list', { name: 'Popular questions' }))
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent);

describe('AiAnalyticsPanel', { timeout: 30_000 }, () => {
  it('shows a spinner while the analytics load on open, then the figures', async () => {
    server();
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeTruthy();
    await screen.findByLabelText('Summary');
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).toBeNull();
    expect(within(panel()).getByText('33.3%')).toBeTruthy();
    expect(within(panel()).getByText('$987.65')).toBeTruthy();
  });

  it('pages the popular questions 5 at a time, from page 0', async () => {
    server(() => ({ body: makeAnalytics({ popular_questions: makeQuestions(7) }) }));
    const { user } = renderPanel();
    await screen.findByRole('list', { name: 'Popular questions' });
    expect(questionTexts()).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5']);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(questionTexts()).toEqual(['Question 6', 'Question 7']);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('colours the figures by threshold', async () => {
    server(() => ({
      body: makeAnalytics({ cache_stats: { total_cached: 10_000, total_cache_hits: 150_001 } }),
    }));
    renderPanel();
    await screen.findByLabelText('Summary');
    const level = (label: string) =>
      within(panel()).getByText(label).closest('[data-level]')?.getAttribute('data-level');
    expect(level('Cached Responses')).toBe('yellow');
    expect(level('Cache Hits')).toBe('red');
    expect(within(panel()).getByText('Monitor')).toBeTruthy();
    expect(within(panel()).getByText('Overloaded')).toBeTruthy();
  });

  it('shows a red error box on failure whose Retry loads the analytics again', async () => {
    let fail = true;
    const { calls } = server(() => (fail ? serverFailure : { body: makeAnalytics() }));
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    // A 5xx body is generic by design: the panel says its own fallback.
    expect(alert.textContent).toContain('Failed to load analytics');
    const before = reads(calls);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByLabelText('Summary');
    expect(reads(calls)).toBe(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's own reason for a refused read", async () => {
    server(() => ({
      status: 403,
      body: { error: 'Administrators only', code: 'FORBIDDEN' },
    }));
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain('Administrators only');
  });

  it('reloads the analytics when Clean Cache succeeds', async () => {
    let analytics: AiAnalytics = makeAnalytics({ cache_stats: { total_cached: 30_000 } });
    const { calls } = server(() => ({ body: analytics }), {
      'POST /api/admin/ai-sifu/clean-cache': () => {
        analytics = makeAnalytics({ cache_stats: { total_cached: 0 } });
        return { body: { success: true, removed: 30_000 } };
      },
    });
    const { user } = renderPanel();
    await screen.findByText('Needs cleaning');
    const before = reads(calls);
    await user.click(within(panel()).getByRole('button', { name: 'Clean Cache' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clean Cache' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Clean Cache' }));
    await waitFor(() => expect(within(panel()).getByText('Good')).toBeTruthy());
    expect(reads(calls)).toBe(before + 1);
    expect(within(panel()).queryByText('Needs cleaning')).toBeNull();
  });

  it("says 'Failed to clean cache' when cleaning fails, without reloading", async () => {
    const { calls } = server(undefined, {
      'POST /api/admin/ai-sifu/clean-cache': () => serverFailure,
    });
    const { user } = renderPanel();
    await screen.findByLabelText('Summary');
    const before = reads(calls);
    await user.click(within(panel()).getByRole('button', { name: 'Clean Cache' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Clean Cache' })).getByRole('button', {
        name: 'Clean Cache',
      }),
    );
    expect((await within(panel()).findByRole('alert')).textContent).toBe('Failed to clean cache');
    expect(reads(calls)).toBe(before);
  });
});
