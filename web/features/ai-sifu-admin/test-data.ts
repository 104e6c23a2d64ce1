import {
  AiAnalytics,
  DAILY_USAGE_DAYS,
  KnowledgeEntry,
  PopularQuestion,
  type DailyCost,
} from '../../../common/ai-sifu';

/** Analytics and knowledge fixtures for the admin screens' tests, built through the shared schemas. */

export function makeQuestions(count: number): PopularQuestion[] {
  return Array.from({ length: count }, (_, index) =>
    PopularQuestion.parse({
      question_text: `Question ${index + 1}`,
      usage_count: 100 - index,
      avg_response_time: 850,
      total_cost_cents: 125,
    }),
  );
}

/** The 30 days the analytics send, newest first, from 2026-11-27 back. */
export function makeDays(questionsOn = (index: number) => index + 1): DailyCost[] {
  return Array.from({ length: DAILY_USAGE_DAYS }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 27 - index)).toISOString().slice(0, 10);
    return { date, questions_count: questionsOn(index), daily_cost_cents: 10 * (index + 1) };
  });
}

export function makeAnalytics(
  overrides: {
    overview?: Partial<AiAnalytics['overview']>;
    cache_stats?: Partial<AiAnalytics['cache_stats']>;
    popular_questions?: PopularQuestion[];
    daily_costs?: DailyCost[];
  } = {},
): AiAnalytics {
  return AiAnalytics.parse({
    overview: {
      total_questions: 1234,
      active_users: 56,
      cached_responses: 411,
      total_cost_cents: 98_765,
      ...overrides.overview,
    },
    popular_questions: overrides.popular_questions ?? makeQuestions(7),
    cache_stats: {
      total_cached: 9_999,
      total_cache_hits: 50_000,
      avg_usage_per_question: 2.456,
      ...overrides.cache_stats,
    },
    daily_costs: overrides.daily_costs ?? makeDays(),
  });
}

export function makeEntry(overrides: Partial<KnowledgeEntry> = {}): KnowledgeEntry {
  return KnowledgeEntry.parse({
    id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b11',
    key: 'term-zhan-zhuang',
    kind: 'term',
    title: 'Zhan zhuang',
    body: 'Standing like a post: the root of internal training.',
    hanzi: '站桩',
    pinyin: 'zhàn zhuāng',
    source: 'School glossary',
    course_ids: [],
    related_ids: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export function makeEntries(count: number, from = 1): KnowledgeEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return makeEntry({
      id: `5d4c3b2a-1f0e-4d9c-8b7a-${String(n).padStart(12, '0')}`,
      key: `school-5d4c3b2a-1f0e-4d9c-8b7a-${String(n).padStart(12, '0')}`,
      title: `Entry ${n}`,
      hanzi: null,
      pinyin: null,
    });
  });
}
