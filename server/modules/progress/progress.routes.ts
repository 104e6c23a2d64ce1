import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/api';
import { UserCourseParams } from '../../../common/enrollments';
import {
  CompleteLessonInput,
  CompleteLessonResponse,
  CourseProgress,
  LessonProgressQuery,
  LessonProgressResponse,
  QuizAttemptsQuery,
  QuizAttemptsResponse,
  QuizResponseList,
  QuizResponsesQuery,
  QuizResultsQuery,
  QuizResultsResponse,
  SubmitQuizInput,
  SubmitQuizResponse,
  UpdateProgressInput,
} from '../../../common/progress';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import { perUserRateLimit, type RateRule } from '../../platform/rate-limit';
import type { ProgressService } from './progress.service';

const tags = ['progress'];

/**
 * Quiz submissions per user. Every one is stored as a new attempt, so an endless loop would
 * fill the attempts table; a student retaking quizzes as fast as they can read stays well below.
 */
export const QUIZ_SUBMIT_RATE_LIMIT: RateRule = { max: 30, windowMinutes: 10 };

export function progressRoutes(services: { progress: ProgressService }): FastifyPluginAsyncZod {
  const { progress } = services;

  return async (app) => {
    app.get(
      '/user/:userId/course/:courseId/progress',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's progress in a course (self or admin); 404 when not enrolled",
          security: bearerSecurity,
          params: UserCourseParams,
          response: { 200: CourseProgress, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        progress.getCourseProgress(requireAuth(request), request.params.userId, request.params.courseId),
    );

    app.put(
      '/user/:userId/course/:courseId/progress',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Recompute course progress from the completed lessons (self or admin). ' +
            'The progress sent is never stored; the computed value is returned.',
          security: bearerSecurity,
          params: UserCourseParams,
          body: UpdateProgressInput,
          response: { 200: CourseProgress, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        progress.updateCourseProgress(requireAuth(request), request.params.userId, request.params.courseId),
    );

    app.get(
      '/user/:userId/course/:courseId/lessons/progress',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's completed lessons of a course, by module then lesson order (self or admin)",
          security: bearerSecurity,
          params: UserCourseParams,
          querystring: LessonProgressQuery,
          response: { 200: LessonProgressResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        progress.listLessonProgress(
          requireAuth(request),
          request.params.userId,
          request.params.courseId,
          request.query,
        ),
    );

    app.post(
      '/lessons/:id/complete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Mark a video or article lesson complete (enrolled student, for themselves) and update ' +
            'course progress. Admins preview: saved is false and nothing is stored.',
          security: bearerSecurity,
          params: IdParams,
          body: CompleteLessonInput,
          response: { 200: CompleteLessonResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => progress.completeLesson(requireAuth(request), request.params.id, request.body),
    );

    app.post(
      '/lessons/:id/submit-quiz',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(QUIZ_SUBMIT_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'Submit quiz answers (enrolled student, for themselves): scored on the server, stored as a ' +
            'new attempt; completes the lesson when it reaches the pass mark (any attempt, without ' +
            'one). Admins preview: the result is returned, nothing stored.',
          security: bearerSecurity,
          params: IdParams,
          body: SubmitQuizInput,
          response: { 200: SubmitQuizResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => progress.submitQuiz(requireAuth(request), request.params.id, request.body),
    );

    app.get(
      '/lessons/:id/quiz-responses',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A quiz attempt's answers (self or admin; userId defaults to the caller, attempt to the latest)",
          security: bearerSecurity,
          params: IdParams,
          querystring: QuizResponsesQuery,
          response: { 200: QuizResponseList, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => progress.quizResponses(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/lessons/:id/quiz-attempts',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A student's quiz attempts, highest attempt first (self or admin; userId defaults to the caller)",
          security: bearerSecurity,
          params: IdParams,
          querystring: QuizAttemptsQuery,
          response: { 200: QuizAttemptsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => progress.quizAttempts(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/admin/quizzes/:id/results',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary:
            'Per student who attempted a quiz lesson, by name: attempts, best score, passed, last attempt',
          security: bearerSecurity,
          params: IdParams,
          querystring: QuizResultsQuery,
          response: { 200: QuizResultsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => progress.quizResults(requireAuth(request), request.params.id, request.query),
    );
  };
}
