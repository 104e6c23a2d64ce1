import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiAnalytics, PopularQuestion } from '../../../common/ai-sifu';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { AiSifuAnalyticsPage } from './analytics-page';
import { makeAnalytics, makeQuestions } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Lin Wei' });
type Routes = Parameters<typeof stubFetch>[0];

function server(
  analytics: () => AiAnalytics = () => makeAnalytics(),
  questions: PopularQuestion[] = makeQuestions(23),
  extra: Routes = {},
) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/ai-sifu/analytics': () => ({ body: analytics() }),
    'GET /api/admin/ai-sifu/popular-questions': () => ({ body: { popular_questions: questions } }),
    ...extra,
  });
}

function renderPage() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <AiSifuAnalyticsPage /> }], '/');
}

const cardValue = (label: string) => {
  const term = within(screen.getByLabelText('Summary')).getByText(label);
  return term.nextElementSibling?.textContent;
};
const analyticsReads = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.path === '/api/admin/ai-sifu/analytics').length;

describe('AiSifuAnalyticsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // happy-dom lays nothing out, so the charts measure 0 × 0 and say so; any other warning shows.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
    });
  });

  it('shows the four summary cards by the display rules', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Sifu Analytics' })).toBeTruthy();
    await screen.findByLabelText('Summary');
    expect(cardValue('Total Questions')).toBe('1,234');
    expect(cardValue('Active Users')).toBe('56');
    expect(cardValue('Cache Hit Rate')).toBe('33.3%');
    expect(cardValue('Total Cost')).toBe('$987.65');
  });

  it("pages the popular questions ten at a time with Previous, Next and 'n of m'", async () => {
    const { calls } = server();
    const { user } = renderPage();
    const list = await screen.findByRole('list', { name: 'Popular questions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('Question 1')).toBeTruthy();
    expect(within(list).getAllByText(/Asked 100 times · avg 850 ms · \$1\.25/)).toHaveLength(1);
    const pager = screen.getByRole('navigation', { name: 'Popular questions pages' });
    expect(within(pager).getByText('1 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(pager).getByText('2 of 3')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Popular questions' })).getByText('Question 11'),
    ).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(pager).getByText('3 of 3')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Popular questions' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(within(pager).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(within(pager).getByText('2 of 3')).toBeTruthy();
    // The list is read once, with the call's largest page; paging does not read it again.
    const reads = calls.filter((c) => c.path === '/api/admin/ai-sifu/popular-questions');
    expect(reads.map((c) => c.query.get('limit'))).toEqual(['100']);
  });

  it('shows only the first 10 of the 30 days in Daily Usage, and the charts of all 30', async () => {
    server();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Daily usage' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toContain('November 27, 2026');
    expect(rows[0]!.textContent).toContain('$0.10');
    expect(rows[9]!.textContent).toContain('November 18, 2026');
    expect(screen.getByRole('heading', { name: 'Daily Usage (Last 30 Days)' })).toBeTruthy();
    expect(await screen.findByText('Questions per day (465 in 30 days)')).toBeTruthy();
    expect(screen.getByText('Cost per day ($46.50 in 30 days)')).toBeTruthy();
  });

  it('colours the cache figures by threshold and says each level in words, with a legend', async () => {
    server(() => makeAnalytics({ cache_stats: { total_cached: 30_000, total_cache_hits: 1_200 } }));
    renderPage();
    const heading = await screen.findByRole('heading', { name: 'Cache Performance' });
    const panel = heading.closest('section')!;
    const cached = within(panel).getByText('Cached Responses').closest('[data-level]')!;
    expect(cached.getAttribute('data-level')).toBe('red');
    expect(within(cached as HTMLElement).getByText('30,000')).toBeTruthy();
    expect(within(cached as HTMLElement).getByText('Needs cleaning')).toBeTruthy();
    const hits = within(panel).getByText('Cache Hits').closest('[data-level]')!;
    expect(hits.getAttribute('data-level')).toBe('green');
    expect(within(hits as HTMLElement).getByText('Efficient')).toBeTruthy();
    expect(within(panel).getByText('Avg Uses per Question').parentElement!.textContent).toContain('2.5');
    const legend = within(panel).getByRole('region', { name: 'Colour legend' });
    expect(legend.textContent).toContain('Good: under 10K cached responses; Efficient: under 50K hits');
    expect(legend.textContent).toContain(
      'Needs cleaning: over 25K cached responses; Overloaded: over 150K hits',
    );
  });

  it('cleans the cache after a confirmation and loads the figures again', async () => {
    let cleaned = false;
    const { calls } = server(
      () =>
        makeAnalytics({
          overview: cleaned ? { total_questions: 2000 } : {},
          cache_stats: { total_cached: cleaned ? 0 : 12 },
        }),
      makeQuestions(3),
      { 'POST /api/admin/ai-sifu/clean-cache': () => ({ body: { success: true, removed: 12 } }) },
    );
    const { user } = renderPage();
    await screen.findByLabelText('Summary');
    expect(cardValue('Total Questions')).toBe('1,234');
    const before = analyticsReads(calls);

    await user.click(screen.getByRole('button', { name: 'Clean Cache' }));
    let confirm = await screen.findByRole('dialog', { name: 'Clean Cache' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/ai-sifu/clean-cache')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clean Cache' }));
    confirm = await screen.findByRole('dialog', { name: 'Clean Cache' });
    cleaned = true;
    await user.click(within(confirm).getByRole('button', { name: 'Clean Cache' }));
    await waitFor(() => expect(cardValue('Total Questions')).toBe('2,000'));
    expect(analyticsReads(calls)).toBeGreaterThan(before);
    expect(await screen.findByText('Cache cleaned: 12 cached answers removed')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Clean Cache' })).toBeNull();
  });

  it("says 'Failed to clean cache' when the cleaning fails, and leaves the figures as they were", async () => {
    const { calls } = server(() => makeAnalytics(), makeQuestions(3), {
      'POST /api/admin/ai-sifu/clean-cache': () => serverFailure,
    });
    const { user } = renderPage();
    await screen.findByLabelText('Summary');
    const before = analyticsReads(calls);
    await user.click(screen.getByRole('button', { name: 'Clean Cache' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clean Cache' });
    await user.click(within(confirm).getByRole('button', { name: 'Clean Cache' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to clean cache');
    expect(analyticsReads(calls)).toBe(before);
  });

  it("shows 'Failed to load analytics data' with Retry, and Refresh reads the analytics again", async () => {
    let fail = true;
    const { calls } = server(() => makeAnalytics(), [], {
      'GET /api/admin/ai-sifu/analytics': () => (fail ? serverFailure : { body: makeAnalytics() }),
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load analytics data');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByLabelText('Summary');
    expect(await screen.findByText('No questions asked yet')).toBeTruthy();

    const before = analyticsReads(calls);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(analyticsReads(calls)).toBe(before + 1));
  });

  it('links to the knowledge base', async () => {
    server();
    renderPage();
    const link = await screen.findByRole('link', { name: 'Knowledge' });
    expect(link.getAttribute('href')).toBe('/app/admin/ai-sifu/knowledge');
  });
});
