import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

export const NOT_ENROLLED_IN_COURSE_MESSAGE = 'You must be enrolled in this course';
export const QUIZ_COMPLETION_MESSAGE = 'Complete the quiz to mark this lesson as done';
export const NOT_A_QUIZ_MESSAGE = 'This lesson is not a quiz';
export const EMPTY_QUIZ_MESSAGE = 'This quiz has no questions';
export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found';
export const QUIZ_MAX_RESPONSES = 500;
export const LESSON_PROGRESS_DEFAULT_LIMIT = 50;
export const LESSON_PROGRESS_MAX_LIMIT = 200;
export const QUIZ_ATTEMPTS_DEFAULT_LIMIT = 20;
export const QUIZ_ATTEMPTS_MAX_LIMIT = 100;
export const QUIZ_RESULTS_DEFAULT_LIMIT = 20;
export const QUIZ_RESULTS_MAX_LIMIT = 100;

const UserId = z.uuid({ error: 'Invalid user id' });

/** The course progress a student reaches: a percentage of the course's lessons completed. */
export const CourseProgress = z.object({
  progress: z.number().int(),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  completed_date: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof CourseProgress>;

/**
 * PUT /user/{userId}/course/{courseId}/progress. The number the client sends is checked but never
 * stored: the server recomputes progress from the lessons actually completed.
 */
export const UpdateProgressInput = z.object({
  progress: z
    .number({ error: 'Progress must be a number between 0 and 100' })
    .min(0, 'Progress must be a number between 0 and 100')
    .max(100, 'Progress must be a number between 0 and 100')
    .optional(),
});
export type UpdateProgressInput = z.infer<typeof UpdateProgressInput>;

/** One completed lesson, as the lesson progress list shows it. */
export const LessonProgressItem = z.object({
  lesson_id: z.uuid(),
  lesson_title: z.string(),
  lesson_type: z.enum(['video', 'article', 'quiz']),
  module_title: z.string(),
  completed_at: z.string(),
  quiz_score: z.number().int().nullable(),
});
export type LessonProgressItem = z.infer<typeof LessonProgressItem>;

/** GET /user/{userId}/course/{courseId}/lessons/progress?limit&offset. */
export const LessonProgressQuery = z.object({
  limit: pageLimit(LESSON_PROGRESS_DEFAULT_LIMIT, LESSON_PROGRESS_MAX_LIMIT),
  offset: pageOffset,
});
export type LessonProgressQuery = z.input<typeof LessonProgressQuery>;

/** The completed lessons of one page; total counts every completed lesson of the course. */
export const LessonProgressResponse = z.object({
  lessons: z.array(LessonProgressItem),
  total: z.number().int(),
});
export type LessonProgressResponse = z.infer<typeof LessonProgressResponse>;

/** POST /lessons/{id}/complete. quizScore is accepted for compatibility and ignored. */
export const CompleteLessonInput = z.object({
  userId: UserId,
  quizScore: z.number({ error: 'Quiz score must be a number' }).nullable().optional(),
});
export type CompleteLessonInput = z.infer<typeof CompleteLessonInput>;

/** saved is false for an admin's preview, which stores nothing. */
export const CompleteLessonResponse = z.object({
  saved: z.boolean(),
  lesson_id: z.uuid(),
  completed_at: z.string().nullable(),
  course_progress: z.number().int().nullable(),
});
export type CompleteLessonResponse = z.infer<typeof CompleteLessonResponse>;

export const QuizAnswer = z.object({
  question_id: z
    .union([z.string().max(200), z.number()], { error: 'Each response needs a question_id' })
    .transform(String),
  user_answer: z
    .number({ error: 'An answer must be an option index or null' })
    .int('An answer must be an option index or null')
    .min(0, 'An answer must be an option index or null')
    .max(1000, 'An answer must be an option index or null')
    .nullable()
    .default(null),
});

/**
 * POST /lessons/{id}/submit-quiz. The server scores the answers against the stored questions;
 * unanswered and unknown questions count as wrong, and quizScore is ignored.
 */
export const SubmitQuizInput = z.object({
  userId: UserId,
  responses: z
    .array(QuizAnswer, { error: 'Responses must be a list' })
    .max(QUIZ_MAX_RESPONSES, `At most ${QUIZ_MAX_RESPONSES} responses`),
  quizScore: z.number({ error: 'Quiz score must be a number' }).nullable().optional(),
});
export type SubmitQuizInput = z.input<typeof SubmitQuizInput>;

export const QuizResponse = z.object({
  question_id: z.string(),
  question_text: z.string(),
  user_answer: z.number().int().nullable(),
  correct_answer: z.number().int(),
  is_correct: z.boolean(),
  attempt_number: z.number().int().nullable(),
  explanation: z.string().nullable(),
});
export type QuizResponse = z.infer<typeof QuizResponse>;
export const QuizResponseList = z.array(QuizResponse);

/**
 * passed is true whenever the quiz has no pass mark. Only a passed attempt completes the lesson;
 * course_progress is the course's progress after the submission either way.
 */
export const SubmitQuizResponse = z.object({
  saved: z.boolean(),
  attempt_number: z.number().int().nullable(),
  score: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  pass_mark: z.number().int().nullable(),
  passed: z.boolean(),
  responses: z.array(QuizResponse),
  course_progress: z.number().int().nullable(),
});
export type SubmitQuizResponse = z.infer<typeof SubmitQuizResponse>;

/** ?userId= defaults to the caller; attempt defaults to the latest. */
export const QuizResponsesQuery = z.object({
  userId: UserId.optional(),
  attempt: z.coerce
    .number({ error: 'Attempt must be a whole number of 1 or more' })
    .int('Attempt must be a whole number of 1 or more')
    .min(1, 'Attempt must be a whole number of 1 or more')
    .optional(),
});
export type QuizResponsesQuery = z.input<typeof QuizResponsesQuery>;

export const QuizAttemptsQuery = z.object({
  userId: UserId.optional(),
  limit: pageLimit(QUIZ_ATTEMPTS_DEFAULT_LIMIT, QUIZ_ATTEMPTS_MAX_LIMIT),
  offset: pageOffset,
});
export type QuizAttemptsQuery = z.input<typeof QuizAttemptsQuery>;

export const QuizAttempt = z.object({
  attempt_number: z.number().int(),
  score: z.number().int(),
  submitted_at: z.string(),
});
export type QuizAttempt = z.infer<typeof QuizAttempt>;

/** One page of attempts, highest attempt first; total counts every attempt. */
export const QuizAttemptsResponse = z.object({ attempts: z.array(QuizAttempt), total: z.number().int() });
export type QuizAttemptsResponse = z.infer<typeof QuizAttemptsResponse>;

/** GET /admin/quizzes/{id}/results?limit&offset. */
export const QuizResultsQuery = z.object({
  limit: pageLimit(QUIZ_RESULTS_DEFAULT_LIMIT, QUIZ_RESULTS_MAX_LIMIT),
  offset: pageOffset,
});
export type QuizResultsQuery = z.input<typeof QuizResultsQuery>;

/** One student's attempts at a quiz; passed compares the best score with the current pass mark. */
export const QuizStudentResult = z.object({
  user_id: z.uuid(),
  user_name: z.string(),
  attempts: z.number().int(),
  best_score: z.number().int(),
  passed: z.boolean(),
  last_attempt_at: z.string(),
});
export type QuizStudentResult = z.infer<typeof QuizStudentResult>;

/** One page of the students who have attempted the quiz, by name; total counts them all. */
export const QuizResultsResponse = z.object({
  lesson_id: z.uuid(),
  title: z.string(),
  pass_mark: z.number().int().nullable(),
  results: z.array(QuizStudentResult),
  total: z.number().int(),
});
export type QuizResultsResponse = z.infer<typeof QuizResultsResponse>;

/** Score = correct answers divided by all questions, as a rounded percentage. */
export function quizScore(correct: number, total: number): number {
  return total <= 0 ? 0 : Math.round((correct / total) * 100);
}
