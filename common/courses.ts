import { z } from 'zod';
import { pageLimit, pageOffset } from './api';
import { mediaOrWebAddress, URL_MAX } from './fields';
import { QuizPassMark } from './quiz';

/** Quiz questions live in common/quiz.ts; re-exported so course code has one import. */
export * from './quiz';

export const COURSE_NOT_FOUND = 'Course not found';
export const MODULE_NOT_FOUND = 'Module not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const FEATURE_ONCE_MESSAGE = 'A feature can be added only once';
export const MEDIA_URL_MESSAGE = 'Must be a /media/ path or an http(s) URL';

/** The eight features a course can offer; courses and requests name them by these fixed ids. */
export const FEATURE_CATALOGUE = [
  { id: 1, name: 'Video Content' },
  { id: 2, name: 'Downloadable Resources' },
  { id: 3, name: 'Community Access' },
  { id: 4, name: 'Certificate of Completion' },
  { id: 5, name: 'Lifetime Access' },
  { id: 6, name: 'Mobile Compatible' },
  { id: 7, name: 'Subtitles Available' },
  { id: 8, name: 'Interactive Quizzes' },
] as const;
/** A new course's features when none are given: Lifetime Access, Certificate of Completion, Community Access. */
export const DEFAULT_FEATURE_IDS = [5, 4, 3] as const;
export const featureName = (id: number) => FEATURE_CATALOGUE.find((f) => f.id === id)?.name ?? '';

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const SkillLevel = z.enum(SKILL_LEVELS);
export type SkillLevel = z.infer<typeof SkillLevel>;
export const LESSON_TYPES = ['video', 'article', 'quiz'] as const;
export const LessonType = z.enum(LESSON_TYPES);
export type LessonType = z.infer<typeof LessonType>;

export const COURSE_DEFAULTS = {
  title: 'Untitled Course',
  category: 'General',
  language: 'English',
  skill_level: 'beginner',
  is_published: true,
  is_series: false,
  regular_price: 0,
  estimated_hours: 0,
} as const;
export const MODULE_DEFAULTS = { title: 'New Module', description: 'Add a description' } as const;
export const LESSON_DEFAULTS = { title: 'New Lesson', duration_minutes: 0, is_required: true } as const;

export const COURSE_LIST_DEFAULT_LIMIT = 50;
export const COURSE_LIST_MAX_LIMIT = 200;
export const COURSE_SEARCH_DEFAULT_LIMIT = 20;

// ---------------------------------------------------------------- inputs

/** A media path on our own store, or an http(s) URL (YouTube, Vimeo, a file elsewhere); blank clears it. */
export const MediaUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  mediaOrWebAddress({
    type: MEDIA_URL_MESSAGE,
    tooLong: `URLs must be at most ${URL_MAX} characters`,
    invalid: MEDIA_URL_MESSAGE,
  }).nullable(),
);

/** Accepts newline-separated text or a list of strings; stores trimmed, non-blank lines joined by newlines. */
const LineList = (label: string) =>
  z
    .union(
      [
        z.string().max(20_000, `${label} are too long`),
        z
          .array(
            z
              .string({ error: `${label} must be text` })
              .max(1000, `Each of the ${label.toLowerCase()} must be at most 1000 characters`),
          )
          .max(100, `At most 100 ${label.toLowerCase()}`),
      ],
      { error: `${label} must be text or a list of text` },
    )
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/\r?\n/))
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    );

const HOURS_MESSAGE = 'Estimated hours must be a whole number, 0 or more';
const PRICE_MESSAGE = 'Price must be a number, 0 or more';
const numeric = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** Bodies whose fields are all optional may be left out entirely. */
const orEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => value ?? {}, schema) as unknown as T;

export const CourseInput = orEmpty(
  z.object({
    title: z
      .string({ error: 'Title must be text' })
      .trim()
      .min(1, 'Title cannot be blank')
      .max(200, 'Title must be at most 200 characters')
      .optional(),
    description: z
      .string({ error: 'Description must be text' })
      .max(20_000, 'Description must be at most 20000 characters')
      .optional(),
    thumbnail_url: MediaUrl.optional(),
    instructor_name: z
      .string({ error: 'Instructor name must be text' })
      .trim()
      .max(200, 'Instructor name must be at most 200 characters')
      .optional(),
    instructor_avatar: MediaUrl.optional(),
    skill_level: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
        z.enum(SKILL_LEVELS, { error: 'Skill level must be Beginner, Intermediate or Advanced' }),
      )
      .optional(),
    category: z
      .string({ error: 'Category must be text' })
      .trim()
      .min(1, 'Category cannot be blank')
      .max(100, 'Category must be at most 100 characters')
      .optional(),
    language: z
      .string({ error: 'Language must be text' })
      .trim()
      .min(1, 'Language cannot be blank')
      .max(100, 'Language must be at most 100 characters')
      .optional(),
    estimated_hours: z
      .preprocess(
        numeric,
        z
          .number({ error: HOURS_MESSAGE })
          .int(HOURS_MESSAGE)
          .min(0, HOURS_MESSAGE)
          .max(100_000, 'Estimated hours must be at most 100000'),
      )
      .optional(),
    regular_price: z
      .preprocess(
        numeric,
        z
          .number({ error: PRICE_MESSAGE })
          .min(0, PRICE_MESSAGE)
          .max(1_000_000, 'Price must be at most 1000000')
          .refine(
            (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
            'Price can have at most 2 decimal places',
          ),
      )
      .optional(),
    prerequisites: LineList('Prerequisites').optional(),
    learning_objectives: LineList('Learning objectives').optional(),
    is_published: z.boolean({ error: 'is_published must be true or false' }).optional(),
    is_series: z.boolean({ error: 'is_series must be true or false' }).optional(),
    features: z
      .array(
        z
          .number({ error: 'Features must be a list of feature ids' })
          .int('Features must be a list of feature ids'),
        {
          error: 'Features must be a list of feature ids',
        },
      )
      .superRefine((ids, ctx) => {
        const unknown = ids.find((id) => !FEATURE_CATALOGUE.some((f) => f.id === id));
        if (unknown !== undefined)
          ctx.addIssue({ code: 'custom', message: `Unknown feature id: ${unknown}` });
        else if (new Set(ids).size !== ids.length)
          ctx.addIssue({ code: 'custom', message: FEATURE_ONCE_MESSAGE });
      })
      .optional(),
  }),
);
/** POST applies the defaults to missing fields; PUT changes only the fields it is given. */
export type CourseInput = z.output<typeof CourseInput>;

export const PublishInput = z.object({
  is_published: z.boolean({ error: 'is_published must be true or false' }),
});

const ORDER_MESSAGE = 'Order must be a whole number, 1 or more';
const OrderSequence = z
  .number({ error: ORDER_MESSAGE })
  .int(ORDER_MESSAGE)
  .min(1, ORDER_MESSAGE)
  .max(100_000, ORDER_MESSAGE);

export const ModuleInput = orEmpty(
  z.object({
    title: z
      .string({ error: 'Title must be text' })
      .trim()
      .min(1, 'Module title cannot be blank')
      .max(200, 'Title must be at most 200 characters')
      .optional(),
    description: z
      .string({ error: 'Description must be text' })
      .max(5000, 'Description must be at most 5000 characters')
      .optional(),
    /** 1-based position; the other modules shift to make room. Missing on create: last. */
    order_sequence: OrderSequence.optional(),
  }),
);
export type ModuleInput = z.output<typeof ModuleInput>;

export const DURATION_MESSAGE = 'Duration must be a whole number of minutes, 0 or more';
export const LessonInput = orEmpty(
  z.object({
    title: z
      .string({ error: 'Title must be text' })
      .trim()
      .min(1, 'Lesson title cannot be blank')
      .max(200, 'Title must be at most 200 characters')
      .optional(),
    lesson_type: z.enum(LESSON_TYPES, { error: 'Lesson type must be video, article or quiz' }).optional(),
    content_url: MediaUrl.optional(),
    /** Article text, a video's description, or a quiz's questions (a JSON list, or the list itself). */
    content_text: z
      .preprocess(
        (value) => (Array.isArray(value) ? JSON.stringify(value) : value === null ? '' : value),
        z.string({ error: 'Content must be text' }).max(500_000, 'Content is too long'),
      )
      .optional(),
    /** Minutes; text like "10:30" sends its leading number. */
    duration_minutes: z
      .preprocess(
        (value) => {
          const match = typeof value === 'string' ? /^\s*(\d+)(?::\d{1,2})?\s*$/.exec(value) : null;
          return match ? Number(match[1]) : value;
        },
        z
          .number({ error: DURATION_MESSAGE })
          .int(DURATION_MESSAGE)
          .min(0, DURATION_MESSAGE)
          .max(100_000, DURATION_MESSAGE),
      )
      .optional(),
    is_required: z.boolean({ error: 'is_required must be true or false' }).optional(),
    /** Quizzes only; null removes it. */
    pass_mark: QuizPassMark.optional(),
    order_sequence: OrderSequence.optional(),
  }),
);
export type LessonInput = z.output<typeof LessonInput>;

const idList = (field: string) =>
  z
    .array(z.uuid({ error: `${field} must be a list of ids` }), { error: `${field} must be a list of ids` })
    .max(1000);
export const ModuleOrderInput = z.object({ module_ids: idList('module_ids') });
export const LessonOrderInput = z.object({ lesson_ids: idList('lesson_ids') });

const queryBoolean = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((v) => v === 'true');

export const CourseListQuery = z.object({
  is_series: queryBoolean('is_series').optional(),
  category: z.string().trim().min(1).max(100).optional(),
  limit: pageLimit(COURSE_LIST_DEFAULT_LIMIT, COURSE_LIST_MAX_LIMIT),
  offset: pageOffset,
});
export const CourseSearchQuery = z.object({
  q: z
    .string({ error: 'Please enter a search term' })
    .trim()
    .min(1, 'Please enter a search term')
    .max(200, 'Search term must be at most 200 characters'),
  limit: pageLimit(COURSE_SEARCH_DEFAULT_LIMIT, 100),
});
export const PageQuery = z.object({
  limit: pageLimit(COURSE_LIST_DEFAULT_LIMIT, COURSE_LIST_MAX_LIMIT),
  offset: pageOffset,
});

// ---------------------------------------------------------------- responses

export const Feature = z.object({ id: z.number().int(), name: z.string() });
export type Feature = z.infer<typeof Feature>;

export const CourseEnrollmentState = z.object({
  progress: z.number().int(),
  start_date: z.string(),
  completed_date: z.string().nullable(),
});

/** A course as lists show it, with its counts and the caller's own enrolment (or null). */
export const CourseSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  thumbnail_url: z.string().nullable(),
  instructor_name: z.string(),
  instructor_avatar: z.string().nullable(),
  skill_level: SkillLevel,
  category: z.string(),
  language: z.string(),
  estimated_hours: z.number().int(),
  /** Dollars (price_cents / 100). */
  regular_price: z.number(),
  currency: z.string(),
  /** Newline-separated, as stored. */
  prerequisites: z.string(),
  learning_objectives: z.string(),
  is_published: z.boolean(),
  /** Deleted by an admin after people paid for it: out of the catalogue, still open to them. */
  is_archived: z.boolean(),
  is_series: z.boolean(),
  features: z.array(Feature),
  created_at: z.string(),
  updated_at: z.string(),
  enrolled_students: z.number().int(),
  /** Mean progress of the enrolled students, rounded; 0 without students. */
  average_progress: z.number().int(),
  module_count: z.number().int(),
  lesson_count: z.number().int(),
  total_duration_minutes: z.number().int(),
  /** Mean of published reviews, one decimal; 0 without reviews. */
  average_rating: z.number(),
  total_reviews: z.number().int(),
  enrollment: CourseEnrollmentState.nullable(),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

export const Lesson = z.object({
  id: z.uuid(),
  module_id: z.uuid(),
  title: z.string(),
  lesson_type: LessonType,
  /** Null, and content_text '', for callers without access to the content. */
  content_url: z.string().nullable(),
  /** For quizzes: the JSON list of questions; students get them without answers or explanations. */
  content_text: z.string(),
  duration_minutes: z.number().int(),
  order_sequence: z.number().int(),
  is_required: z.boolean(),
  /** A quiz's pass mark in percent; null when any attempt completes it (and for other lessons). */
  pass_mark: z.number().int().nullable(),
});
export type Lesson = z.infer<typeof Lesson>;

export const Module = z.object({
  id: z.uuid(),
  course_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  order_sequence: z.number().int(),
  lessons: z.array(Lesson),
});
export type Module = z.infer<typeof Module>;

export const CourseDetail = CourseSummary.extend({
  modules: z.array(Module),
  /** Whether lesson content is included: admins and enrolled students. */
  has_content_access: z.boolean(),
});
export type CourseDetail = z.infer<typeof CourseDetail>;

export const CourseListResponse = z.object({ courses: z.array(CourseSummary), total: z.number().int() });
export type CourseListResponse = z.infer<typeof CourseListResponse>;
export const CourseSearchResponse = z.object({ courses: z.array(CourseSummary) });
export const CourseResponse = z.object({ course: CourseDetail });
export type CourseResponse = z.infer<typeof CourseResponse>;
export const CategoriesResponse = z.object({ categories: z.array(z.string()) });
export const FeaturesResponse = z.object({ features: z.array(Feature) });

export const CourseStudent = z.object({
  user_id: z.uuid(),
  course_id: z.uuid(),
  user_name: z.string(),
  email: z.string(),
  user_avatar: z.string().nullable(),
  progress: z.number().int(),
  start_date: z.string(),
  completed_date: z.string().nullable(),
});
export type CourseStudent = z.infer<typeof CourseStudent>;
export const CourseStudentsResponse = z.object({ students: z.array(CourseStudent), total: z.number().int() });

export const ModuleResponse = z.object({ module: Module });
export const ModulesResponse = z.object({ modules: z.array(Module) });
export const LessonResponse = z.object({ lesson: Lesson });
export const LessonsResponse = z.object({ lessons: z.array(Lesson) });
