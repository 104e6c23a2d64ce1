import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminClassesQuery,
  AdminClassesResponse,
  AdminEnrollInput,
  AttendanceHistoryQuery,
  CHECK_IN_LIMIT,
  CheckInInput,
  CheckInResponse,
  ClassAttendanceHistory,
  ClassEnrollmentResponse,
  ClassEnrollmentsResponse,
  ClassesResponse,
  ClassInput,
  ClassOfferResponse,
  ClassResponse,
  ClassStats,
  ClassStatusInput,
  DropInInput,
  INTEREST_SUBMIT_LIMIT,
  InterestInput,
  InterestResponse,
  ManualEnrollInput,
  MarkAttendanceInput,
  MeetingQuery,
  MemberAttendance,
  MemberClassesResponse,
  MemberClassResponse,
  OfferTokenParams,
  RosterResponse,
  UpcomingQuery,
  UpcomingResponse,
} from '../../../common/classes';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses, optionalBearerSecurity } from '../../platform/errors';
import { perUserRateLimit } from '../../platform/rate-limit';
import type { ClassesService } from './classes.service';

const tags = ['classes'];
const adminTags = [...tags, 'admin'];

/**
 * Joining, and leaving, a class or its waitlist (each counted apart), per member: enough for any real change of mind,
 * too few to flood the waitlist's e-mails by going back and forth.
 */
export const CLASS_ENROLL_RATE_LIMIT = { max: 20, windowMinutes: 10 } as const;

const UserIdParams = z.object({ userId: z.uuid({ error: 'Invalid user id' }) });
const EnrolleeParams = IdParams.extend({ userId: z.uuid({ error: 'Invalid user id' }) });

export function classesRoutes(services: { classes: ClassesService }): FastifyPluginAsyncZod {
  const { classes } = services;
  return async (app) => {
    /* Public ----------------------------------------------------------------------------------- */

    app.get(
      '/classes',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The published classes, ordered by their first weekly session',
          response: { 200: ClassesResponse },
        },
      },
      async () => ({ classes: await classes.listPublished() }),
    );

    app.get(
      '/classes/:id',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'One class (a draft only for an administrator)',
          security: optionalBearerSecurity,
          params: IdParams,
          response: { 200: ClassResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ class: await classes.find(request.params.id, request.auth ?? null) }),
    );

    app.post(
      '/classes/:id/interest',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Join the interest list while the class has room, or its waitlist when full (409 when it has none); ' +
            `a repeat answers the same. ${INTEREST_SUBMIT_LIMIT.max} per ${INTEREST_SUBMIT_LIMIT.windowMinutes} minutes per client address`,
          params: IdParams,
          body: InterestInput,
          response: { 200: InterestResponse, ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request) => classes.registerInterest(request.params.id, request.body, request.ip),
    );

    app.get(
      '/classes/offers/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The seat an e-mailed waitlist link offers (404 once taken or expired)',
          params: OfferTokenParams,
          response: { 200: ClassOfferResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ offer: await classes.findOffer(request.params.token) }),
    );

    app.post(
      '/classes/offers/:token/accept',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "Take the offered seat: enrols the offer's account, or the person by name and e-mail",
          params: OfferTokenParams,
          response: { 200: MemberClassResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => classes.acceptOffer(request.params.token),
    );

    /* Members ---------------------------------------------------------------------------------- */

    app.post(
      '/classes/:id/enroll',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(CLASS_ENROLL_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'Enrol yourself (201), or join the waitlist when the class is full (200, status waitlisted); ' +
            '409 when full without a waitlist or already enrolled',
          security: bearerSecurity,
          params: IdParams,
          response: {
            200: MemberClassResponse,
            201: MemberClassResponse,
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { created, body } = await classes.enroll(requireAuth(request), request.params.id);
        return reply.status(created ? 201 : 200).send(body);
      },
    );

    app.delete(
      '/classes/:id/enroll',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(CLASS_ENROLL_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'Leave a class, or its waitlist (declining an offered seat); the seat goes to the next in line',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: MemberClassResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => classes.leave(requireAuth(request), request.params.id),
    );

    app.post(
      '/classes/:id/check-in',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(CHECK_IN_LIMIT) },
        schema: {
          tags,
          summary:
            "Check yourself in to the class's session on now with the code shown in the hall " +
            `(${CHECK_IN_LIMIT.max} attempts per ${CHECK_IN_LIMIT.windowMinutes} minutes)`,
          security: bearerSecurity,
          params: IdParams,
          body: CheckInInput,
          response: { 200: CheckInResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => classes.checkIn(requireAuth(request), request.params.id, request.body.code),
    );

    app.get(
      '/users/:userId/classes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A member's classes: enrolled, waitlisted with their place, or offered a seat (self or admin)",
          security: bearerSecurity,
          params: UserIdParams,
          response: { 200: MemberClassesResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => classes.memberClasses(requireAuth(request), request.params.userId),
    );

    app.get(
      '/users/:userId/attendance',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A member's attendance: this month, streak of weeks, and history newest first (self or admin)",
          security: bearerSecurity,
          params: UserIdParams,
          querystring: AttendanceHistoryQuery,
          response: { 200: MemberAttendance, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => classes.memberAttendance(requireAuth(request), request.params.userId, request.query),
    );

    /* Administrators ----------------------------------------------------------------------------- */

    app.get(
      '/admin/classes',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every class, published or draft or both, newest first',
          security: bearerSecurity,
          querystring: AdminClassesQuery,
          response: { 200: AdminClassesResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { status, ...page } = request.query;
        return classes.adminList(status, page);
      },
    );

    app.post(
      '/admin/classes',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Create a class',
          security: bearerSecurity,
          body: ClassInput,
          response: { 201: ClassResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const created = await classes.create(request.body);
        return reply.status(201).header('location', `/api/classes/${created.id}`).send({ class: created });
      },
    );

    app.get(
      '/admin/classes/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'How many classes, seats, enrolled people, waitlist and interest entries there are',
          security: bearerSecurity,
          response: { 200: ClassStats, ...errorResponses(401, 403) },
        },
      },
      async () => classes.stats(),
    );

    app.get(
      '/admin/classes/upcoming',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "The next meetings of the published classes, soonest first, in the school's time zone",
          security: bearerSecurity,
          querystring: UpcomingQuery,
          response: { 200: UpcomingResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ meetings: await classes.upcoming(request.query.limit) }),
    );

    app.put(
      '/admin/classes/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary:
            "Replace a class's fields; a lower capacity frees nobody, a higher one offers the new seats to the waitlist",
          security: bearerSecurity,
          params: IdParams,
          body: ClassInput,
          response: { 200: ClassResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ class: await classes.update(request.params.id, request.body) }),
    );

    app.delete(
      '/admin/classes/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a class with its enrolments, interest list, waitlist and attendance',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await classes.remove(request.params.id);
        return { success: true as const };
      },
    );

    app.put(
      '/admin/classes/:id/status',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Publish a class or take it back to draft',
          security: bearerSecurity,
          params: IdParams,
          body: ClassStatusInput,
          response: { 200: ClassResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ class: await classes.setStatus(request.params.id, request.body.status) }),
    );

    app.get(
      '/admin/classes/:id/enrollments',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "A class's people: enrolments (enrolled first), the interest list and the waitlist",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: ClassEnrollmentsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => classes.enrollments(request.params.id),
    );

    app.post(
      '/admin/classes/:id/enroll',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Enrol an existing member (404 unknown user; 409 when full or already enrolled)',
          security: bearerSecurity,
          params: IdParams,
          body: AdminEnrollInput,
          response: { 201: ClassEnrollmentResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ enrollment: await classes.adminEnroll(request.params.id, request.body.userId) }),
    );

    app.post(
      '/admin/classes/:id/enroll/manual',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Enrol someone without an account, by name and e-mail (409 when full or already enrolled)',
          security: bearerSecurity,
          params: IdParams,
          body: ManualEnrollInput,
          response: { 201: ClassEnrollmentResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ enrollment: await classes.manualEnroll(request.params.id, request.body) }),
    );

    app.delete(
      '/admin/classes/:id/enroll/:userId',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary:
            'Remove someone from a class (status dropped): {userId} is the enrolment’s user_id, or for ' +
            'someone added by hand (no account) the enrolment’s own id. The seat goes to the waitlist',
          security: bearerSecurity,
          params: EnrolleeParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await classes.adminRemove(request.params.id, request.params.userId);
        return { success: true as const };
      },
    );

    app.get(
      '/admin/classes/:id/attendance',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary:
            "A meeting's roster and its 4-digit check-in code (made on first read); 400 when the class does not meet then",
          security: bearerSecurity,
          params: IdParams,
          querystring: MeetingQuery,
          response: { 200: RosterResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ roster: await classes.roster(request.params.id, request.query) }),
    );

    app.put(
      '/admin/classes/:id/attendance',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Tick or untick an enrolled person at a meeting',
          security: bearerSecurity,
          params: IdParams,
          body: MarkAttendanceInput,
          response: { 200: RosterResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ roster: await classes.markAttendance(request.params.id, request.body) }),
    );

    app.post(
      '/admin/classes/:id/attendance/drop-in',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Add someone who came to a meeting without being enrolled',
          security: bearerSecurity,
          params: IdParams,
          body: DropInInput,
          response: { 201: RosterResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ roster: await classes.addDropIn(request.params.id, request.body) }),
    );

    app.get(
      '/admin/classes/:id/attendance/history',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "A class's meetings with how many came and how many were enrolled, newest first",
          security: bearerSecurity,
          params: IdParams,
          querystring: AttendanceHistoryQuery,
          response: { 200: ClassAttendanceHistory, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => classes.classHistory(request.params.id, request.query),
    );
  };
}
