import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AiConversationsQuery,
  AiCourseQuery,
  AiSearchQuery,
  AiUserCourseParams,
  NoteInput,
  NoteListResponse,
  NoteResponse,
  NoteStats,
  NoteTextInput,
} from '../../../../common/ai-sifu';
import { IdParams, OkResponse } from '../../../../common/api';
import { requireAuth } from '../../../platform/auth';
import { bearerSecurity, errorResponses } from '../../../platform/errors';
import { perUserRateLimit, type RateRule } from '../../../platform/rate-limit';
import type { NotesService } from './notes.service';

const tags = ['ai-sifu'];

/**
 * New notes, and rewrites of notes, each counted on their own (a save per edit): plenty for a
 * study session, not for a script.
 */
export const NOTE_SAVE_RATE_LIMIT: RateRule = { max: 60, windowMinutes: 10 };
const perStudent = (what: string) =>
  `At most ${NOTE_SAVE_RATE_LIMIT.max} ${what} per ${NOTE_SAVE_RATE_LIMIT.windowMinutes} minutes per student.`;

export function notesRoutes(services: { notes: NotesService }): FastifyPluginAsyncZod {
  const { notes } = services;
  return async (app) => {
    app.post(
      '/student-notes',
      {
        config: { access: 'user', keepsReadCaches: true, rateLimit: perUserRateLimit(NOTE_SAVE_RATE_LIMIT) },
        schema: {
          tags,
          summary: 'Write a note on one of your answers (one per answer: a second is 409 NOTE_EXISTS)',
          description: `course_id, when given, must be the answer's course. ${perStudent('new notes')}`,
          security: bearerSecurity,
          body: NoteInput,
          response: { 201: NoteResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ note: await notes.create(requireAuth(request), request.body) }),
    );

    app.get(
      '/student-notes/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One note (its student or an admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: NoteResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ note: await notes.get(requireAuth(request), request.params.id) }),
    );

    app.put(
      '/student-notes/:id',
      {
        config: { access: 'user', keepsReadCaches: true, rateLimit: perUserRateLimit(NOTE_SAVE_RATE_LIMIT) },
        schema: {
          tags,
          summary: 'Rewrite one of your notes',
          description: perStudent('rewrites'),
          security: bearerSecurity,
          params: IdParams,
          body: NoteTextInput,
          response: { 200: NoteResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => ({
        note: await notes.update(requireAuth(request), request.params.id, request.body.note_text),
      }),
    );

    app.delete(
      '/student-notes/:id',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: 'Delete one of your notes; the answer stays',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await notes.remove(requireAuth(request), request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/users/:id/notes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A student's notes with the questions and answers they are on, newest first (self or admin)",
          security: bearerSecurity,
          params: IdParams,
          querystring: AiConversationsQuery,
          response: { 200: NoteListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => notes.forUser(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/notes/course/:courseId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's notes in one course, newest first (self or admin)",
          security: bearerSecurity,
          params: AiUserCourseParams,
          querystring: AiCourseQuery,
          response: { 200: NoteListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        notes.forCourse(
          requireAuth(request),
          request.params.id,
          request.params.courseId,
          request.query.limit,
        ),
    );

    app.get(
      '/users/:id/notes/search',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A student's notes holding every word of q in the note, question or answer (self or admin)",
          description:
            'Words match anywhere, ignoring case and pinyin tone marks; hanzi match as written; % and _ are taken literally.',
          security: bearerSecurity,
          params: IdParams,
          querystring: AiSearchQuery,
          response: { 200: NoteListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => notes.search(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/notes/stats',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's notes counted: in all, courses with notes, the last 7 days (self or admin)",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: NoteStats, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => notes.stats(requireAuth(request), request.params.id),
    );

    app.get(
      '/ai-conversations/:id/notes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A conversation's note, as a list of none or one (its student or an admin)",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: NoteListResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => notes.forConversation(requireAuth(request), request.params.id),
    );
  };
}
