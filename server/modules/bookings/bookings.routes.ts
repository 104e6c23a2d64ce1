import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminBookingInput,
  AdminBookingsQuery,
  AdminBookingsResponse,
  AvailabilityParams,
  AvailabilityQuery,
  AvailabilityResponse,
  BOOKING_SUBMIT_LIMIT,
  BookingCreatedResponse,
  BookingRequest,
  BookingResponse,
  BookingsResponse,
  CalendarQuery,
  CalendarResponse,
  EmailParams,
  ManageTokenParams,
  RescheduleInput,
} from '../../../common/bookings';
import { assertSelfOrAdmin, requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses, optionalBearerSecurity } from '../../platform/errors';
import type { BookingsService } from './bookings.service';

const tags = ['bookings'];

export function bookingsRoutes(services: { bookings: BookingsService }): FastifyPluginAsyncZod {
  const { bookings } = services;
  return async (app) => {
    app.post(
      '/bookings',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Book a group session or a 1-on-1: one booking per day of the range, all or none, e-mailed with ' +
            `a calendar file (${BOOKING_SUBMIT_LIMIT.max} per ${BOOKING_SUBMIT_LIMIT.windowMinutes} minutes per client address)`,
          security: optionalBearerSecurity,
          body: BookingRequest,
          response: { 201: BookingCreatedResponse, ...errorResponses(400, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await bookings.create(request.body, request.auth, request.ip)),
    );

    app.get(
      '/bookings/availability/:date',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A day's slots for a booking of that duration and type, and which can be booked",
          params: AvailabilityParams,
          querystring: AvailabilityQuery,
          response: { 200: AvailabilityResponse, ...errorResponses(400) },
        },
      },
      async (request) =>
        bookings.availability(request.params.date, request.query.duration, request.query.type),
    );

    app.get(
      '/bookings/calendar',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Bookings that are not cancelled between two school dates: type, time and status; ' +
            'an administrator also sees who booked',
          security: optionalBearerSecurity,
          querystring: CalendarQuery,
          response: { 200: CalendarResponse, ...errorResponses(400) },
        },
      },
      async (request) => ({
        bookings: await bookings.calendar(request.query.start, request.query.end, request.auth),
      }),
    );

    app.get(
      '/bookings/manage/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The booking its manage link (e-mailed to whoever booked) stands for',
          params: ManageTokenParams,
          response: { 200: BookingResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ booking: await bookings.findByToken(request.params.token) }),
    );

    app.put(
      '/bookings/manage/:token/cancel',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Cancel a booking through its manage link: the slot is free at once',
          params: ManageTokenParams,
          response: { 200: BookingResponse, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => ({ booking: await bookings.cancelByToken(request.params.token) }),
    );

    app.put(
      '/bookings/manage/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Move a booking through its manage link, by the same rules as booking',
          params: ManageTokenParams,
          body: RescheduleInput,
          response: { 200: BookingResponse, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => ({
        booking: await bookings.rescheduleByToken(request.params.token, request.body),
      }),
    );

    app.get(
      '/bookings/email/:email',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Bookings made with an e-mail: your own, or any for an administrator',
          security: bearerSecurity,
          params: EmailParams,
          response: { 200: BookingsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        bookings: await bookings.byEmail(requireAuth(request), request.params.email),
      }),
    );

    app.get(
      '/users/:id/bookings',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's bookings, newest first: made while signed in or with the account's e-mail",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: BookingsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        assertSelfOrAdmin(requireAuth(request), request.params.id);
        return { bookings: await bookings.ofUser(request.params.id) };
      },
    );

    app.get(
      '/bookings/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One booking: your own, or any for an administrator',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: BookingResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ booking: await bookings.get(requireAuth(request), request.params.id) }),
    );

    app.put(
      '/bookings/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: "Change a booking's fields and times (administrators; the overlap rules hold)",
          security: bearerSecurity,
          params: IdParams,
          body: AdminBookingInput,
          response: { 200: BookingResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ booking: await bookings.adminUpdate(request.params.id, request.body) }),
    );

    app.put(
      '/bookings/:id/cancel',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Cancel a booking: your own, or any for an administrator',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: BookingResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => ({ booking: await bookings.cancel(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/admin/bookings',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Bookings starting in a window of school dates (today to +30 days by default), by start',
          security: bearerSecurity,
          querystring: AdminBookingsQuery,
          response: { 200: AdminBookingsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => bookings.adminList(request.query),
    );

    app.post(
      '/admin/bookings',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Add a booking as an administrator (times as instants; the overlap rules hold)',
          security: bearerSecurity,
          body: AdminBookingInput,
          response: { 201: BookingResponse, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const booking = await bookings.adminCreate(request.body);
        return reply.status(201).header('location', `/api/bookings/${booking.id}`).send({ booking });
      },
    );

    app.delete(
      '/admin/bookings/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Delete a booking for good',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await bookings.remove(request.params.id);
        return { success: true as const };
      },
    );
  };
}
