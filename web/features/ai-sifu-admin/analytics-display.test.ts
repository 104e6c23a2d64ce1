import { describe, expect, it } from 'vitest';
import {
  cacheFigures,
  chartPoints,
  legendRows,
  pageSlice,
  shownDays,
  summaryFigures,
} from './analytics-display';
import { makeAnalytics, makeDays } from './test-data';

const figure = (figures: { label: string; value: string }[], label: string) =>
  figures.find((f) => f.label === label)?.value;

describe('the analytics figures', () => {
  it('shows the cache hit rate as a percent with one decimal, and 0.0% when nothing was asked', () => {
    expect(figure(summaryFigures(makeAnalytics()), 'Cache Hit Rate')).toBe('33.3%');
    expect(
      figure(
        summaryFigures(makeAnalytics({ overview: { total_questions: 8, cached_responses: 1 } })),
        'Cache Hit Rate',
      ),
    ).toBe('12.5%');
    expect(
      figure(
        summaryFigures(makeAnalytics({ overview: { total_questions: 0, cached_responses: 0 } })),
        'Cache Hit Rate',
      ),
    ).toBe('0.0%');
  });

  it('shows the cost as cents / 100 with two decimals', () => {
    expect(figure(summaryFigures(makeAnalytics()), 'Total Cost')).toBe('$987.65');
    expect(figure(summaryFigures(makeAnalytics({ overview: { total_cost_cents: 5 } })), 'Total Cost')).toBe(
      '$0.05',
    );
    expect(figure(summaryFigures(makeAnalytics({ overview: { total_cost_cents: 0 } })), 'Total Cost')).toBe(
      '$0.00',
    );
    // Fractions of a cent (a model's answer) round to the cent.
    expect(
      figure(summaryFigures(makeAnalytics({ overview: { total_cost_cents: 1234.567 } })), 'Total Cost'),
    ).toBe('$12.35');
  });

  it('lists the four cards in order with counts grouped by thousands', () => {
    expect(summaryFigures(makeAnalytics())).toEqual([
      { label: 'Total Questions', value: '1,234' },
      { label: 'Active Users', value: '56' },
      { label: 'Cache Hit Rate', value: '33.3%' },
      { label: 'Total Cost', value: '$987.65' },
    ]);
  });
});

describe('the cache levels', () => {
  const levels = (total_cached: number, total_cache_hits: number) =>
    cacheFigures(makeAnalytics({ cache_stats: { total_cached, total_cache_hits } })).map((f) => [
      f.label,
      f.level,
      f.levelLabel,
    ]);

  it('colours cached responses green below 10,000, yellow to 25,000, red above', () => {
    expect(levels(9_999, 0)[0]).toEqual(['Cached Responses', 'green', 'Good']);
    expect(levels(10_000, 0)[0]).toEqual(['Cached Responses', 'yellow', 'Monitor']);
    expect(levels(25_000, 0)[0]).toEqual(['Cached Responses', 'yellow', 'Monitor']);
    expect(levels(25_001, 0)[0]).toEqual(['Cached Responses', 'red', 'Needs cleaning']);
  });

  it('colours cache hits green below 50,000, yellow to 150,000, red above', () => {
    expect(levels(0, 49_999)[1]).toEqual(['Cache Hits', 'green', 'Efficient']);
    expect(levels(0, 50_000)[1]).toEqual(['Cache Hits', 'yellow', 'Heavy']);
    expect(levels(0, 150_000)[1]).toEqual(['Cache Hits', 'yellow', 'Heavy']);
    expect(levels(0, 150_001)[1]).toEqual(['Cache Hits', 'red', 'Overloaded']);
  });

  it('gives the average uses per question one decimal and no level', () => {
    const avg = cacheFigures(makeAnalytics())[2]!;
    expect([avg.label, avg.value, avg.level]).toEqual(['Avg Uses per Question', '2.5', null]);
  });

  it('explains every colour in words, with the thresholds', () => {
    expect(legendRows()).toEqual([
      {
        level: 'green',
        entries: 'Good: under 10K cached responses',
        hits: 'Efficient: under 50K hits',
      },
      {
        level: 'yellow',
        entries: 'Monitor: 10K to 25K cached responses',
        hits: 'Heavy: 50K to 150K hits',
      },
      {
        level: 'red',
        entries: 'Needs cleaning: over 25K cached responses',
        hits: 'Overloaded: over 150K hits',
      },
    ]);
  });
});

describe('paging and days', () => {
  it("pages a list and says how many pages ('n of m') it fills", () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(pageSlice(items, 0, 5)).toEqual({ rows: [0, 1, 2, 3, 4], page: 0, pages: 3 });
    expect(pageSlice(items, 2, 5)).toEqual({ rows: [10, 11], page: 2, pages: 3 });
    // A page past the end (the list shrank after a clean) shows the last one.
    expect(pageSlice(items, 7, 5)).toEqual({ rows: [10, 11], page: 2, pages: 3 });
    expect(pageSlice([], 0, 5)).toEqual({ rows: [], page: 0, pages: 1 });
    expect(pageSlice(items, 0, 10).pages).toBe(2);
  });

  it('shows the first 10 of the 30 days in the table, and all 30 oldest first in the charts', () => {
    const days = makeDays();
    expect(shownDays(days).map((d) => d.date)).toEqual(days.slice(0, 10).map((d) => d.date));
    const points = chartPoints(days);
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ date: 'Oct 29', Questions: 30, Cost: 3 });
    expect(points[29]).toEqual({ date: 'Nov 27', Questions: 1, Cost: 0.1 });
  });
});
