import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  LessonInput,
  LessonOrderInput,
  LessonResponse,
  LessonsResponse,
  ModuleInput,
  ModuleOrderInput,
  ModuleResponse,
  ModulesResponse,
} from '../../../common/courses';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { ContentService } from './content.service';

const tags = ['courses', 'admin'];
const admin = { access: 'admin' as const };

/** Admin editing of a course's modules and lessons; every change bumps the course's updated_at. */
export function contentRoutes({ content }: { content: ContentService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/courses/:id/modules',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Add a module (defaults: New Module, Add a description, last in order)',
          security: bearerSecurity,
          params: IdParams,
          body: ModuleInput,
          response: { 200: ModuleResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ module: await content.createModule(request.params.id, request.body) }),
    );

    app.put(
      '/courses/:id/modules/order',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Reorder all of a course’s modules at once (module_ids lists each exactly once)',
          security: bearerSecurity,
          params: IdParams,
          body: ModuleOrderInput,
          response: { 200: ModulesResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        modules: await content.reorderModules(request.params.id, request.body.module_ids),
      }),
    );

    app.put(
      '/modules/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Update a module; order_sequence moves it and renumbers the others',
          security: bearerSecurity,
          params: IdParams,
          body: ModuleInput,
          response: { 200: ModuleResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ module: await content.updateModule(request.params.id, request.body) }),
    );

    app.delete(
      '/modules/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Delete a module and its lessons',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await content.deleteModule(request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/modules/:id/lessons',
      {
        config: admin,
        schema: {
          tags,
          summary:
            'Add a lesson (defaults: New Lesson, video, empty content or one quiz question to edit, 0 minutes, required, last)',
          security: bearerSecurity,
          params: IdParams,
          body: LessonInput,
          response: { 200: LessonResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ lesson: await content.createLesson(request.params.id, request.body) }),
    );

    app.put(
      '/modules/:id/lessons/order',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Reorder all of a module’s lessons at once (lesson_ids lists each exactly once)',
          security: bearerSecurity,
          params: IdParams,
          body: LessonOrderInput,
          response: { 200: LessonsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        lessons: await content.reorderLessons(request.params.id, request.body.lesson_ids),
      }),
    );

    app.put(
      '/lessons/:id',
      {
        config: admin,
        schema: {
          tags,
          summary:
            'Update a lesson; a quiz needs at least one well-formed question; order_sequence moves it within its module',
          security: bearerSecurity,
          params: IdParams,
          body: LessonInput,
          response: { 200: LessonResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ lesson: await content.updateLesson(request.params.id, request.body) }),
    );

    app.delete(
      '/lessons/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Delete a lesson (with its progress and quiz attempts)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await content.deleteLesson(request.params.id);
        return { success: true as const };
      },
    );
  };
}
