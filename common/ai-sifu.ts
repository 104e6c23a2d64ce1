import { z } from 'zod';
import { pageLimit, pageOffset, requiredText } from './api';

/**
 * AI Sifu, the school's tutor: it answers a student's question about an enrolled course from the
 * school's knowledge base (glossary terms, training manual, classical passages) and the course's
 * own lessons, and cites each entry it drew on. The student keeps the history and notes on answers;
 * administrators manage the knowledge and read the analytics.
 */

// ---------------------------------------------------------------- constants

export const KNOWLEDGE_KINDS = ['term', 'manual', 'classic'] as const;
export const KNOWLEDGE_TITLE_MAX = 200;
export const KNOWLEDGE_BODY_MAX = 20_000;
export const KNOWLEDGE_HANZI_MAX = 200;
export const KNOWLEDGE_PINYIN_MAX = 200;
export const KNOWLEDGE_SOURCE_MAX = 300;
export const KNOWLEDGE_COURSES_MAX = 50;
export const KNOWLEDGE_RELATED_MAX = 20;
export const KNOWLEDGE_LIST_DEFAULT_LIMIT = 50;
export const KNOWLEDGE_LIST_MAX_LIMIT = 200;
/** An import holds at most this many entries. */
export const KNOWLEDGE_IMPORT_MAX = 2000;

export const QUESTION_MAX = 1000;
/**
 * Each enrolled course gives this many questions a month (reset on the first of the month in the
 * school's time zone) unless AI_SIFU_COURSE_MONTHLY_LIMIT says otherwise; an active AI Sifu
 * subscription adds its monthly_question_limit, usable in any course, once a course's own are used.
 */
export const DEFAULT_COURSE_MONTHLY_QUESTIONS = 30;

/** GET /ai-sifu/history?limit: 20 by default, at most 100. */
export const AI_HISTORY_DEFAULT_LIMIT = 20;
export const AI_HISTORY_MAX_LIMIT = 100;
/** Sifu's Notes pages its history 20 at a time. */
export const AI_CONVERSATIONS_PAGE_SIZE = 20;
export const AI_CONVERSATIONS_MAX_LIMIT = 100;
export const NOTE_MAX = 5000;
export const SIFU_SEARCH_DEBOUNCE_MS = 500;
export const SIFU_STATS_WINDOW_DAYS = 7;

/** The administrators' calls: each list's default and largest page; the cleanup's default age in days. */
export const POPULAR_QUESTIONS_DEFAULT_LIMIT = 20;
export const POPULAR_QUESTIONS_MAX_LIMIT = 100;
export const ADMIN_CONVERSATIONS_DEFAULT_LIMIT = 50;
export const ADMIN_CONVERSATIONS_MAX_LIMIT = 200;
export const ACTIVE_USERS_DEFAULT_LIMIT = 10;
export const ACTIVE_USERS_MAX_LIMIT = 100;
export const CLEANUP_DEFAULT_DAYS = 365;
/** The analytics' daily usage covers 30 days; the page shows the first 10 of them. */
export const DAILY_USAGE_DAYS = 30;
export const DAILY_USAGE_SHOWN = 10;
export const ANALYTICS_PANEL_PAGE_SIZE = 5;
/** Colour thresholds of the Cache Performance panel: green below the first, red above the second. */
export const CACHE_ENTRY_THRESHOLDS = [10_000, 25_000] as const;
export const CACHE_HIT_THRESHOLDS = [50_000, 150_000] as const;

// ---------------------------------------------------------------- messages

/** The widget's text for a question refused at the limit when the server's answer says no more. */
export const SIFU_LIMIT_MESSAGE =
  'You have reached your question limit. Please check your subscription or course purchases.';
/** The API's answers when AI Sifu cannot take or answer a question. */
export const SIFU_NOT_ENROLLED = 'AI Sifu is available to students enrolled in this course.';
export const SIFU_ADMIN_REFUSED = 'AI Sifu answers students; administrators can read its analytics instead.';
export const SIFU_COURSE_NOT_FOUND = 'Course not found';
export const SIFU_QUESTION_REQUIRED = 'Please type a question';
export const SIFU_COURSE_REQUIRED = 'Please choose a course';
export const SIFU_PROVIDER_FAILED = 'AI Sifu could not answer just now. Please try again in a moment.';
export const SIFU_PROVIDER_TIMEOUT = 'AI Sifu took too long to answer. Please try again.';
/** The honest answer when nothing in the school's materials matches well enough. */
export const SIFU_NOT_FOUND_ANSWER = "I could not find this in the school's materials; ask your instructor.";

/** The API's answers about conversations and notes. */
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NOTE_NOT_FOUND = 'Note not found';
export const NOTE_REQUIRED = 'Please write a note';
export const NOTE_EXISTS = 'This answer already has a note; edit it instead';
export const SIFU_SEARCH_REQUIRED = 'Please enter a search term';

export const KNOWLEDGE_NOT_FOUND = 'Knowledge entry not found';
export const KNOWLEDGE_DELETED = 'Knowledge entry deleted';
/** Followed by the ids or keys that named nothing. */
export const KNOWLEDGE_UNKNOWN_COURSE = 'No course has this id';
export const KNOWLEDGE_UNKNOWN_RELATED = 'No knowledge entry has this id';
export const KNOWLEDGE_SELF_RELATED = 'An entry cannot be related to itself';
export const KNOWLEDGE_UNKNOWN_RELATED_KEY = 'No imported or existing entry has this key';
export const KNOWLEDGE_DUPLICATE_KEY = 'The import names this key more than once';

// ---------------------------------------------------------------- pure rules

/**
 * A question as the cache and the popular-questions list compare it: lower case, accents and tone
 * marks removed, punctuation dropped, spaces collapsed. Chinese characters are kept as they are.
 */
export function normalizeQuestion(question: string): string {
  return question
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Pinyin without its tone marks (zhàn zhuāng → zhan zhuang; ü stays u). */
export function plainPinyin(pinyin: string): string {
  return pinyin.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first day of the month of a school-local date (YYYY-MM-DD): the period a course's allowance counts. */
export const monthOf = (schoolDate: string): string => `${schoolDate.slice(0, 7)}-01`;

/** The level of a cache figure against its thresholds: below the first green, up to the second yellow, above red. */
export function cacheLevel(
  value: number,
  [monitor, clean]: readonly [number, number],
): 'green' | 'yellow' | 'red' {
  if (value < monitor) return 'green';
  return value <= clean ? 'yellow' : 'red';
}

/** Cache hit rate as the analytics show it: percent with one decimal, 0 when nothing was asked. */
export function cacheHitRate(cached: number, total: number): string {
  return (total > 0 ? (cached / total) * 100 : 0).toFixed(1);
}

/** Cents shown as dollars with two decimals. */
export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

// ---------------------------------------------------------------- knowledge

export const KnowledgeKind = z.enum(KNOWLEDGE_KINDS, { error: 'Kind must be term, manual or classic' });
export type KnowledgeKind = z.infer<typeof KnowledgeKind>;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .default(null),
  );

/** POST /admin/ai-sifu/knowledge, and PUT with the whole entry. */
export const KnowledgeInput = z.object({
  kind: KnowledgeKind,
  title: requiredText('Title is required', KNOWLEDGE_TITLE_MAX),
  body: requiredText('Body is required', KNOWLEDGE_BODY_MAX),
  hanzi: optionalText('Hanzi', KNOWLEDGE_HANZI_MAX),
  pinyin: optionalText('Pinyin', KNOWLEDGE_PINYIN_MAX),
  source: optionalText('Source', KNOWLEDGE_SOURCE_MAX),
  /** The courses that rely on this entry: their questions prefer it. */
  course_ids: z
    .array(z.uuid({ error: 'Invalid course id' }))
    .max(KNOWLEDGE_COURSES_MAX, `At most ${KNOWLEDGE_COURSES_MAX} courses`)
    .default([]),
  /** Related entries (glossary terms that belong together). */
  related_ids: z
    .array(z.uuid({ error: 'Invalid related entry id' }))
    .max(KNOWLEDGE_RELATED_MAX, `At most ${KNOWLEDGE_RELATED_MAX} related entries`)
    .default([]),
});
export type KnowledgeInput = z.input<typeof KnowledgeInput>;
export type ParsedKnowledgeInput = z.output<typeof KnowledgeInput>;

/** The key of an entry the school writes (the seed's entries have their own). */
export const schoolKnowledgeKey = (id: string) => `school-${id}`;

export const KnowledgeEntry = z.object({
  id: z.uuid(),
  /** Names the entry across export and import: the seed's (e.g. 'term-zhan-zhuang'), or `school-<id>`. */
  key: z.string(),
  kind: KnowledgeKind,
  title: z.string(),
  body: z.string(),
  hanzi: z.string().nullable(),
  pinyin: z.string().nullable(),
  source: z.string().nullable(),
  course_ids: z.array(z.uuid()),
  related_ids: z.array(z.uuid()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeEntry = z.infer<typeof KnowledgeEntry>;

export const KnowledgeListQuery = z.object({
  kind: KnowledgeKind.optional(),
  /** Words, hanzi or pinyin (tones optional) in the title or text. */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  limit: pageLimit(KNOWLEDGE_LIST_DEFAULT_LIMIT, KNOWLEDGE_LIST_MAX_LIMIT),
  offset: pageOffset,
});
export type KnowledgeListQuery = z.input<typeof KnowledgeListQuery>;

export const KnowledgeListResponse = z.object({
  entries: z.array(KnowledgeEntry),
  total: z.number().int(),
  counts: z.object({ term: z.number().int(), manual: z.number().int(), classic: z.number().int() }),
});
export type KnowledgeListResponse = z.infer<typeof KnowledgeListResponse>;

export const KnowledgeResponse = z.object({ entry: KnowledgeEntry });
export type KnowledgeResponse = z.infer<typeof KnowledgeResponse>;

/**
 * GET /admin/ai-sifu/knowledge/export and POST …/import: the whole knowledge base as JSON. An
 * imported entry with a key replaces the entry of that key; one without is added. Courses and
 * related entries travel by key where they have one (related_keys), courses by id.
 */
export const KnowledgeExportEntry = KnowledgeInput.omit({ related_ids: true }).extend({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Key must be lower-case letters, digits and dashes')
    .nullable()
    .default(null),
  related_keys: z.array(z.string()).max(KNOWLEDGE_RELATED_MAX).default([]),
});
export type KnowledgeExportEntry = z.input<typeof KnowledgeExportEntry>;

export const KnowledgeExport = z.object({
  version: z.literal(1),
  entries: z.array(KnowledgeExportEntry).max(KNOWLEDGE_IMPORT_MAX, `At most ${KNOWLEDGE_IMPORT_MAX} entries`),
});
export type KnowledgeExport = z.input<typeof KnowledgeExport>;

/** GET …/export as sent: the same fields as KnowledgeExport, plain (the import is what validates them). */
export const KnowledgeExportResponse = z.object({
  version: z.literal(1),
  entries: z.array(
    KnowledgeEntry.pick({
      key: true,
      kind: true,
      title: true,
      body: true,
      hanzi: true,
      pinyin: true,
      source: true,
      course_ids: true,
    }).extend({ related_keys: z.array(z.string()) }),
  ),
});
export type KnowledgeExportResponse = z.infer<typeof KnowledgeExportResponse>;

export const KnowledgeImportResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type KnowledgeImportResponse = z.infer<typeof KnowledgeImportResponse>;

// ---------------------------------------------------------------- answers

/** An entry an answer drew on, as its source chip shows it. */
export const SourceRef = z.object({
  id: z.uuid(),
  kind: KnowledgeKind,
  title: z.string(),
  hanzi: z.string().nullable(),
  pinyin: z.string().nullable(),
  source: z.string().nullable(),
});
export type SourceRef = z.infer<typeof SourceRef>;

/** A lesson of the course an answer drew on. */
export const LessonRef = z.object({
  id: z.uuid(),
  title: z.string(),
  course_id: z.uuid(),
  module_id: z.uuid(),
});
export type LessonRef = z.infer<typeof LessonRef>;

/** POST /ai-sifu/ask: a question about one course. */
export const AskInput = z.object({
  question: requiredText(SIFU_QUESTION_REQUIRED, QUESTION_MAX),
  course_id: z.uuid({ error: SIFU_COURSE_REQUIRED }),
});
export type AskInput = z.input<typeof AskInput>;

/** The answer to a question, with its sources, the conversation it was kept as and the lessons it drew on. */
export const AiAnswer = z.object({
  response: z.string(),
  terms_used: z.array(SourceRef),
  manual_sections: z.array(SourceRef),
  classical_references: z.array(SourceRef),
  lessons_used: z.array(LessonRef),
  /** Cents, fractions kept (a model's answer costs a fraction of a cent); 0 when cached or local. */
  cost_cents: z.number(),
  response_time_ms: z.number().int(),
  cached: z.boolean(),
  conversation_id: z.uuid(),
});
export type AiAnswer = z.infer<typeof AiAnswer>;

export const AskResponse = z.object({ data: AiAnswer });
export type AskResponse = z.infer<typeof AskResponse>;

/**
 * With `Accept: text/event-stream` the ask call answers as Server-Sent Events: `delta` events with
 * `{text}` while the answer is written, then one `answer` event with the AskResponse, or one
 * `error` event with the error body (the same fields as a JSON error) when the answer fails once
 * the stream has started. What refuses the question before that (validation, 401, the 403s with
 * the limit's details, 404, 429) is an ordinary JSON answer with its status, streaming or not.
 */
export const AskStreamDelta = z.object({ text: z.string() });
export type AskStreamDelta = z.infer<typeof AskStreamDelta>;

/** The details of the 403 refusing a question over the allowance: which limit, its size, what is used. */
export const USAGE_LIMIT_REASONS = ['course_limit_reached', 'monthly_limit_reached'] as const;
export const UsageLimitDetails = z.object({
  reason: z.enum(USAGE_LIMIT_REASONS),
  limit: z.number().int(),
  used: z.number().int(),
  courseId: z.uuid(),
  message: z.string(),
});
export type UsageLimitDetails = z.infer<typeof UsageLimitDetails>;
/** The limit error's body: the API's error shape plus the details at the top level, as the widget reads them. */
export const UsageLimitError = UsageLimitDetails.extend({ error: z.string(), code: z.string() });
export type UsageLimitError = z.infer<typeof UsageLimitError>;

export const Allowance = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});

/** GET /ai-sifu/usage: this month's questions used and left, of the subscription and of each course. */
export const AiUsage = z.object({
  is_admin: z.boolean(),
  subscription: Allowance.extend({ active: z.boolean() }),
  courses: z.array(Allowance.extend({ course_id: z.uuid(), course_title: z.string() })),
});
export type AiUsage = z.infer<typeof AiUsage>;

// ---------------------------------------------------------------- conversations and notes

/** A student's note on one kept answer (one note per answer). */
export const StudentNote = z.object({
  id: z.uuid(),
  ai_conversation_id: z.uuid(),
  course_id: z.uuid().nullable(),
  note_text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StudentNote = z.infer<typeof StudentNote>;

/** A question and answer kept in the student's history, with its sources and the student's note on it. */
export const AiConversation = z.object({
  id: z.uuid(),
  question_text: z.string(),
  response_text: z.string(),
  created_at: z.string(),
  course_context: z.uuid().nullable(),
  course_title: z.string().nullable(),
  cached_response: z.boolean(),
  response_time_ms: z.number().int(),
  terms_used: z.array(SourceRef),
  manual_sections: z.array(SourceRef),
  classical_references: z.array(SourceRef),
  lessons_used: z.array(LessonRef),
  note: StudentNote.nullable(),
});
export type AiConversation = z.infer<typeof AiConversation>;

export const AiConversationListResponse = z.object({
  conversations: z.array(AiConversation),
  total: z.number().int(),
});
export type AiConversationListResponse = z.infer<typeof AiConversationListResponse>;

export const AiConversationResponse = z.object({ conversation: AiConversation });
export type AiConversationResponse = z.infer<typeof AiConversationResponse>;

export const AiHistoryQuery = z.object({
  limit: pageLimit(AI_HISTORY_DEFAULT_LIMIT, AI_HISTORY_MAX_LIMIT),
});
export const AiConversationsQuery = z.object({
  limit: pageLimit(AI_CONVERSATIONS_PAGE_SIZE, AI_CONVERSATIONS_MAX_LIMIT),
  offset: pageOffset,
});
export type AiConversationsQuery = z.input<typeof AiConversationsQuery>;
export const AiSearchQuery = z.object({
  q: requiredText(SIFU_SEARCH_REQUIRED, 200),
  limit: pageLimit(AI_CONVERSATIONS_PAGE_SIZE, AI_CONVERSATIONS_MAX_LIMIT),
});
export type AiSearchQuery = z.input<typeof AiSearchQuery>;
export const AiCourseQuery = z.object({
  limit: pageLimit(AI_CONVERSATIONS_PAGE_SIZE, AI_CONVERSATIONS_MAX_LIMIT),
});
/** `/users/{id}/ai-conversations/course/{courseId}` and `/users/{id}/notes/course/{courseId}`. */
export const AiUserCourseParams = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  courseId: z.uuid({ error: 'Invalid course id' }),
});

/**
 * POST /ai-conversations, whose body is a conversation: keeps a question and answer the
 * student brings (e.g. one typed in class) in their history. It is not answered and not counted.
 */
export const CreateConversationInput = z.object({
  question_text: requiredText(SIFU_QUESTION_REQUIRED, QUESTION_MAX),
  response_text: requiredText('Please add the answer', KNOWLEDGE_BODY_MAX),
  course_context: z.uuid({ error: 'Invalid course id' }).nullable().default(null),
});
export type CreateConversationInput = z.input<typeof CreateConversationInput>;

/** The student's history in figures; `recent_conversations` counts the last `SIFU_STATS_WINDOW_DAYS` days. */
export const AiConversationStats = z.object({
  total_conversations: z.number().int(),
  courses_discussed: z.number().int(),
  recent_conversations: z.number().int(),
});
export type AiConversationStats = z.infer<typeof AiConversationStats>;

export const NoteInput = z.object({
  ai_conversation_id: z.uuid({ error: 'Invalid conversation id' }),
  course_id: z.uuid({ error: 'Invalid course id' }).nullable().default(null),
  note_text: requiredText(NOTE_REQUIRED, NOTE_MAX),
});
export type NoteInput = z.input<typeof NoteInput>;
export const NoteTextInput = z.object({ note_text: requiredText(NOTE_REQUIRED, NOTE_MAX) });
export type NoteTextInput = z.input<typeof NoteTextInput>;

export const NoteResponse = z.object({ note: StudentNote });
export type NoteResponse = z.infer<typeof NoteResponse>;

/** A note with the question and answer it annotates, as the notes lists show it. */
export const NoteWithConversation = StudentNote.extend({
  question_text: z.string(),
  response_text: z.string(),
  course_title: z.string().nullable(),
});
export type NoteWithConversation = z.infer<typeof NoteWithConversation>;
export const NoteListResponse = z.object({ notes: z.array(NoteWithConversation), total: z.number().int() });
export type NoteListResponse = z.infer<typeof NoteListResponse>;

export const NoteStats = z.object({
  total_notes: z.number().int(),
  courses_with_notes: z.number().int(),
  recent_notes: z.number().int(),
});
export type NoteStats = z.infer<typeof NoteStats>;

// ---------------------------------------------------------------- analytics

export const AnalyticsOverview = z.object({
  total_questions: z.number().int(),
  /** Students who asked at least one question in the last 30 days. */
  active_users: z.number().int(),
  /** Questions answered from the cache. */
  cached_responses: z.number().int(),
  total_cost_cents: z.number(),
});
export const PopularQuestion = z.object({
  question_text: z.string(),
  usage_count: z.number().int(),
  avg_response_time: z.number().int(),
  total_cost_cents: z.number(),
});
export type PopularQuestion = z.infer<typeof PopularQuestion>;
export const CacheStats = z.object({
  total_cached: z.number().int(),
  total_cache_hits: z.number().int(),
  avg_usage_per_question: z.number(),
});
export const DailyCost = z.object({
  date: z.string(),
  questions_count: z.number().int(),
  daily_cost_cents: z.number(),
});
export type DailyCost = z.infer<typeof DailyCost>;

/** GET /admin/ai-sifu/analytics. daily_costs: the last 30 school days, newest first, days without questions included. */
export const AiAnalytics = z.object({
  overview: AnalyticsOverview,
  popular_questions: z.array(PopularQuestion),
  cache_stats: CacheStats,
  daily_costs: z.array(DailyCost),
});
export type AiAnalytics = z.infer<typeof AiAnalytics>;

export const PopularQuestionsQuery = z.object({
  limit: pageLimit(POPULAR_QUESTIONS_DEFAULT_LIMIT, POPULAR_QUESTIONS_MAX_LIMIT),
});
export const PopularQuestionsResponse = z.object({ popular_questions: z.array(PopularQuestion) });

export const CleanCacheResponse = z.object({ success: z.literal(true), removed: z.number().int() });
export type CleanCacheResponse = z.infer<typeof CleanCacheResponse>;

/** GET /admin/ai-sifu/user-usage/{userId}: a student's usage as they see it, and their totals. */
export const UserUsageResponse = z.object({
  usage: AiUsage,
  total_questions: z.number().int(),
  total_cost_cents: z.number(),
  last_question_at: z.string().nullable(),
});
export type UserUsageResponse = z.infer<typeof UserUsageResponse>;

/** GET /admin/ai-conversations: every student's conversations, newest first, with who asked. */
export const AdminConversation = AiConversation.omit({ note: true }).extend({
  user_id: z.uuid(),
  user_name: z.string(),
});
export type AdminConversation = z.infer<typeof AdminConversation>;
export const AdminConversationsQuery = z.object({
  limit: pageLimit(ADMIN_CONVERSATIONS_DEFAULT_LIMIT, ADMIN_CONVERSATIONS_MAX_LIMIT),
  offset: pageOffset,
});
export const AdminConversationListResponse = z.object({
  conversations: z.array(AdminConversation),
  total: z.number().int(),
});

/** GET /admin/ai-conversations/analytics: figures over every student's kept conversations, and per course. */
export const ConversationAnalytics = z.object({
  total_conversations: z.number().int(),
  unique_users: z.number().int(),
  courses_discussed: z.number().int(),
  recent_conversations: z.number().int(),
  cached_conversations: z.number().int(),
  avg_response_time_ms: z.number().int(),
  by_course: z.array(
    z.object({ course_id: z.uuid(), course_title: z.string(), conversations: z.number().int() }),
  ),
});
export type ConversationAnalytics = z.infer<typeof ConversationAnalytics>;

export const ActiveUsersQuery = z.object({
  limit: pageLimit(ACTIVE_USERS_DEFAULT_LIMIT, ACTIVE_USERS_MAX_LIMIT),
});
export const ActiveUser = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  conversations: z.number().int(),
  last_question_at: z.string(),
});
export type ActiveUser = z.infer<typeof ActiveUser>;
export const ActiveUsersResponse = z.object({ users: z.array(ActiveUser) });

export const CleanupInput = z.object({
  days_old: z.coerce
    .number({ error: 'Days must be a whole number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(3650, 'Days must be at most 3650')
    .default(CLEANUP_DEFAULT_DAYS),
});
export type CleanupInput = z.input<typeof CleanupInput>;
export const CleanupResponse = z.object({ success: z.literal(true), deleted: z.number().int() });

// ---------------------------------------------------------------- reading the knowledge

/** GET /ai-sifu/knowledge/{id}: an entry a source chip opens (any signed-in member). */
export const PublicKnowledgeEntry = KnowledgeEntry.pick({
  id: true,
  kind: true,
  title: true,
  body: true,
  hanzi: true,
  pinyin: true,
  source: true,
});
export type PublicKnowledgeEntry = z.infer<typeof PublicKnowledgeEntry>;
export const PublicKnowledgeResponse = z.object({ entry: PublicKnowledgeEntry });

/** GET /ai-sifu/glossary: every glossary term, for marking terms in a lesson's text. */
export const GlossaryTerm = z.object({
  id: z.uuid(),
  title: z.string(),
  hanzi: z.string().nullable(),
  pinyin: z.string().nullable(),
  /** The explanation's first sentence. */
  summary: z.string(),
});
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;
export const GlossaryResponse = z.object({ terms: z.array(GlossaryTerm) });
export type GlossaryResponse = z.infer<typeof GlossaryResponse>;
