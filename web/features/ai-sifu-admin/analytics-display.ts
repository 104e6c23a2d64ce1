import dayjs from 'dayjs';
import {
  CACHE_ENTRY_THRESHOLDS,
  CACHE_HIT_THRESHOLDS,
  DAILY_USAGE_SHOWN,
  cacheHitRate,
  cacheLevel,
  centsToDollars,
  type AiAnalytics,
  type DailyCost,
} from '../../../common/ai-sifu';

/**
 * Rows a page of the analytics page's Popular Questions shows (the dashboard panel shows 5): ten
 * keep a page on one screen at 1280 px.
 */
export const POPULAR_QUESTIONS_PAGE_SIZE = 10;
/** How many popular questions the page reads to page through (the call's largest answer). */
export const POPULAR_QUESTIONS_READ = 100;

export type CacheLevel = ReturnType<typeof cacheLevel>;

/** Each level's colour on screen; the level is always written out beside it too. */
export const LEVEL_COLORS: Record<CacheLevel, string> = { green: 'jade', yellow: 'yellow', red: 'red' };
/** The badges' fills: shades whose text (white, or dark on yellow) passes AA in both schemes. */
export const LEVEL_BADGE_COLORS: Record<CacheLevel, string> = {
  green: 'jade.8',
  yellow: 'yellow.4',
  red: 'red.9',
};

/** What each level means for each figure, as the legend and the figures say it. */
export const ENTRY_LEVEL_LABELS: Record<CacheLevel, string> = {
  green: 'Good',
  yellow: 'Monitor',
  red: 'Needs cleaning',
};
export const HIT_LEVEL_LABELS: Record<CacheLevel, string> = {
  green: 'Efficient',
  yellow: 'Heavy',
  red: 'Overloaded',
};

const count = (value: number) => value.toLocaleString('en-US');

/** The four summary cards, in the order the page shows them, as they read. */
export function summaryFigures({ overview }: AiAnalytics): { label: string; value: string }[] {
  return [
    { label: 'Total Questions', value: count(overview.total_questions) },
    { label: 'Active Users', value: count(overview.active_users) },
    {
      label: 'Cache Hit Rate',
      value: `${cacheHitRate(overview.cached_responses, overview.total_questions)}%`,
    },
    { label: 'Total Cost', value: formatCost(overview.total_cost_cents) },
  ];
}

/** Cents as the analytics show money: dollars with two decimals. */
export const formatCost = (cents: number) => `$${centsToDollars(cents)}`;

export const formatCount = count;

/** Milliseconds as a reader takes them: '850 ms', '1.2 s'. */
export const formatDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

export interface CacheFigure {
  label: string;
  value: string;
  /** Null for a figure no threshold applies to. */
  level: CacheLevel | null;
  levelLabel: string | null;
}

/** The Cache Performance panel's figures, each with its level by the thresholds in common/ai-sifu.ts. */
export function cacheFigures({ cache_stats: stats }: AiAnalytics): CacheFigure[] {
  const entries = cacheLevel(stats.total_cached, CACHE_ENTRY_THRESHOLDS);
  const hits = cacheLevel(stats.total_cache_hits, CACHE_HIT_THRESHOLDS);
  return [
    {
      label: 'Cached Responses',
      value: count(stats.total_cached),
      level: entries,
      levelLabel: ENTRY_LEVEL_LABELS[entries],
    },
    {
      label: 'Cache Hits',
      value: count(stats.total_cache_hits),
      level: hits,
      levelLabel: HIT_LEVEL_LABELS[hits],
    },
    {
      label: 'Avg Uses per Question',
      value: stats.avg_usage_per_question.toFixed(1),
      level: null,
      levelLabel: null,
    },
  ];
}

/** One legend line a level: its meaning for the cached responses and for the hits. */
export function legendRows(): { level: CacheLevel; entries: string; hits: string }[] {
  const [monitor, clean] = CACHE_ENTRY_THRESHOLDS.map((n) => `${n / 1000}K`);
  const [heavy, overloaded] = CACHE_HIT_THRESHOLDS.map((n) => `${n / 1000}K`);
  return [
    {
      level: 'green',
      entries: `${ENTRY_LEVEL_LABELS.green}: under ${monitor} cached responses`,
      hits: `${HIT_LEVEL_LABELS.green}: under ${heavy} hits`,
    },
    {
      level: 'yellow',
      entries: `${ENTRY_LEVEL_LABELS.yellow}: ${monitor} to ${clean} cached responses`,
      hits: `${HIT_LEVEL_LABELS.yellow}: ${heavy} to ${overloaded} hits`,
    },
    {
      level: 'red',
      entries: `${ENTRY_LEVEL_LABELS.red}: over ${clean} cached responses`,
      hits: `${HIT_LEVEL_LABELS.red}: over ${overloaded} hits`,
    },
  ];
}

/** Daily Usage's table: the first 10 days of the 30 the analytics send (newest first). */
export const shownDays = (days: readonly DailyCost[]) => days.slice(0, DAILY_USAGE_SHOWN);

/** The charts' points, oldest day first so time runs left to right, cost in dollars. */
export const chartPoints = (days: readonly DailyCost[]) =>
  [...days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({
      date: dayjs(day.date).format('MMM D'),
      Questions: day.questions_count,
      Cost: Number(centsToDollars(day.daily_cost_cents)),
    }));

/** One page (from 0) of a list read whole, and how many pages it fills (at least 1). */
export function pageSlice<T>(items: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(page, 0), pages - 1);
  return { rows: items.slice(current * size, current * size + size), page: current, pages };
}
