import { z } from 'zod';
import { pageLimit, pageOffset } from './api';
import { blankToNull, emailAddress as Email, optionalText as optional, SchoolDate, wallTime } from './fields';

/**
 * Bookings of workshops (group sessions) and private 1-on-1 classes: the Workshops page's calendar
 * and booking form, and the administrators' Booking Management panel. Times are instants (ISO,
 * UTC) on the wire and in the database; dates and slot times are the school's local ones
 * (SCHOOL_TIMEZONE).
 */

export const APPOINTMENT_TYPES = ['workshop', 'private_class'] as const;
export const AppointmentType = z.enum(APPOINTMENT_TYPES, { error: 'Please choose a session type' });
export type AppointmentType = z.infer<typeof AppointmentType>;

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  workshop: 'Group session',
  private_class: '1-on-1',
};

export const BOOKING_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES, { error: 'Please choose a status' });
export type BookingStatus = z.infer<typeof BookingStatus>;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
};

/** Badge colours: scheduled and confirmed green, cancelled red, others grey. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  scheduled: 'green',
  confirmed: 'green',
  completed: 'gray',
  cancelled: 'red',
  no_show: 'gray',
};

/** A day of the booking calendar shows at most this many dots, then "+N". */
export const CALENDAR_DOTS_PER_DAY = 2;

/** Slot times run 09:00-20:00 in 30-minute steps. */
export const SLOT_FIRST = '09:00';
export const SLOT_LAST = '20:00';
export const SLOT_STEP_MINUTES = 30;
export const BOOKING_DURATIONS = [60, 90, 120, 150, 180, 240, 300, 360] as const;
export const DEFAULT_BOOKING_DURATION = 60;
/** A group session takes this many people and is then full; it is meant for 8-12. */
export const WORKSHOP_CAPACITY = 12;
export const WORKSHOP_GROUP_SIZE = '8-12';
/** One submission books at most this many consecutive days. */
export const BOOKING_MAX_DAYS = 14;
/** How far ahead the public may book. */
export const BOOKING_HORIZON_DAYS = 365;
/** The admin panel's window: today to +30 days. */
export const ADMIN_BOOKINGS_WINDOW_DAYS = 30;
/** A calendar request covers at most this many days. */
export const CALENDAR_MAX_DAYS = 62;
export const ADMIN_BOOKINGS_DEFAULT_LIMIT = 50;
export const ADMIN_BOOKINGS_MAX_LIMIT = 200;
/** The reminder e-mail goes this long before a booking starts. */
export const BOOKING_REMINDER_HOURS = 24;
/** Bookings one client address may submit per hour. */
export const BOOKING_SUBMIT_LIMIT = { max: 10, windowMinutes: 60 } as const;

export const BOOKING_MESSAGES = {
  confirmedTitle: 'Booking Confirmed',
  confirmedOne: 'Your booking has been created successfully! You will receive confirmation emails shortly.',
  confirmedMany: (n: number) => `${n} bookings have been created`,
  errorTitle: 'Booking Error',
  createFailed: 'Error creating booking. Please try again or contact support if the problem persists.',
  saveFailed: 'Error saving booking. Please try again.',
  empty: 'No bookings found',
  sending: 'Booking...',
  hours: 'Monday-Friday 12PM-8PM',
  weekends: 'Saturday and Sunday closed',
  cancelled: 'Your booking has been cancelled.',
  rescheduled: 'Your booking has been moved.',
} as const;

export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found';
export const SLOT_TAKEN_MESSAGE = 'That time is no longer available. Please choose another slot.';
export const WORKSHOP_FULL_MESSAGE = 'That group session is full. Please choose another slot.';
export const PAST_BOOKING_MESSAGE = 'Bookings cannot be made in the past';
export const OUTSIDE_HOURS_MESSAGE = 'That time is outside our opening hours';
export const END_BEFORE_START_MESSAGE = 'End date cannot be before the start date';
export const TOO_MANY_DAYS_MESSAGE = `A booking can cover at most ${BOOKING_MAX_DAYS} days`;
export const ALREADY_CANCELLED_MESSAGE = 'This booking is already cancelled';
export const END_TIME_MESSAGE = 'End time must be after start time';

const SlotTime = wallTime('Please choose a time slot');

const Duration = z.coerce
  .number({ error: 'Please choose a duration' })
  .int('Please choose a duration')
  .refine((d) => (BOOKING_DURATIONS as readonly number[]).includes(d), {
    message: `Duration must be one of ${BOOKING_DURATIONS.join(', ')} minutes`,
  });

const FullName = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(120, 'Full name must be at most 120 characters');

/**
 * POST /bookings: the public form. One booking per day from start_date to end_date (end defaults
 * to start), each at `time` for `duration_minutes`; all are made or none. `website` is a honeypot.
 */
export const BookingRequest = z
  .object({
    appointment_type: AppointmentType.default('workshop'),
    start_date: SchoolDate,
    end_date: z.preprocess(blankToNull, SchoolDate.nullable()).optional(),
    time: SlotTime,
    duration_minutes: Duration.default(DEFAULT_BOOKING_DURATION),
    full_name: FullName,
    email: Email,
    phone_number: optional('Phone', 40),
    notes: optional('Notes', 2000),
    website: z.string().max(2000).optional(),
  })
  .refine((b) => !b.end_date || b.end_date >= b.start_date, {
    path: ['end_date'],
    message: END_BEFORE_START_MESSAGE,
  });
export type BookingRequest = z.input<typeof BookingRequest>;
export type ParsedBookingRequest = z.output<typeof BookingRequest>;

/** POST /admin/bookings and PUT /bookings/{id} (administrators): the admin form, times as instants. */
export const AdminBookingInput = z
  .object({
    appointment_type: AppointmentType,
    full_name: FullName,
    email: Email,
    phone_number: optional('Phone', 40),
    notes: optional('Notes', 2000),
    start_time: z.iso.datetime({ offset: true, error: 'Start time is required' }),
    end_time: z.iso.datetime({ offset: true, error: 'End time is required' }),
    status: BookingStatus.optional(),
  })
  .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), {
    path: ['end_time'],
    message: END_TIME_MESSAGE,
  });
export type AdminBookingInput = z.input<typeof AdminBookingInput>;

/** PUT /bookings/manage/{token}: the person who booked moves it to another day or slot. */
export const RescheduleInput = z.object({
  date: SchoolDate,
  time: SlotTime,
  duration_minutes: Duration.default(DEFAULT_BOOKING_DURATION),
});
export type RescheduleInput = z.input<typeof RescheduleInput>;

/** A booking with the booker's details: for administrators and for the person who booked. */
export const Booking = z.object({
  id: z.uuid(),
  appointment_type: AppointmentType,
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  notes: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  status: BookingStatus,
  user_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof Booking>;

/** What anyone may see of a booking on the public calendar: its type, time and status, nothing personal. */
export const PublicBooking = Booking.pick({
  appointment_type: true,
  start_time: true,
  end_time: true,
  status: true,
});
export type PublicBooking = z.infer<typeof PublicBooking>;

export const BookingResponse = z.object({ booking: Booking });
export type BookingResponse = z.infer<typeof BookingResponse>;
export const BookingsResponse = z.object({ bookings: z.array(Booking) });
export type BookingsResponse = z.infer<typeof BookingsResponse>;

/** POST /bookings: the bookings made, one per day. Their manage links go by e-mail only. */
export const BookingCreatedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  bookings: z.array(PublicBooking),
});
export type BookingCreatedResponse = z.infer<typeof BookingCreatedResponse>;

/** GET /bookings/availability/{date}?duration=60&type=private_class */
export const AvailabilityParams = z.object({ date: SchoolDate });
export const AvailabilityQuery = z.object({
  duration: Duration.default(DEFAULT_BOOKING_DURATION),
  type: AppointmentType.default('private_class'),
});
export const Slot = z.object({
  time: z.string(),
  starts_at: z.string(),
  available: z.boolean(),
  /** Places left in a group session at that time; null for 1-on-1. */
  places_left: z.number().int().nullable(),
});
export type Slot = z.infer<typeof Slot>;
export const AvailabilityResponse = z.object({
  date: z.string(),
  duration: z.number().int(),
  type: AppointmentType,
  open: z.boolean(),
  slots: z.array(Slot),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** GET /bookings/calendar?start=&end= (school dates, inclusive). */
export const CalendarQuery = z
  .object({ start: SchoolDate, end: SchoolDate })
  .refine((q) => q.end >= q.start, { path: ['end'], message: 'End must not be before start' });
/** On the calendar an administrator also sees who booked; everyone else sees the public fields. */
export const CalendarBooking = PublicBooking.extend({
  id: z.uuid().optional(),
  full_name: z.string().optional(),
  email: z.string().optional(),
  phone_number: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
});
export type CalendarBooking = z.infer<typeof CalendarBooking>;
export const CalendarResponse = z.object({ bookings: z.array(CalendarBooking) });
export type CalendarResponse = z.infer<typeof CalendarResponse>;

/** GET /admin/bookings: the Booking Management list (today to +30 days unless asked otherwise). */
export const AdminBookingsQuery = z.object({
  status: BookingStatus.optional(),
  from: SchoolDate.optional(),
  to: SchoolDate.optional(),
  limit: pageLimit(ADMIN_BOOKINGS_DEFAULT_LIMIT, ADMIN_BOOKINGS_MAX_LIMIT),
  offset: pageOffset,
});
export type AdminBookingsQuery = z.input<typeof AdminBookingsQuery>;
export const AdminBookingsResponse = z.object({ bookings: z.array(Booking), total: z.number().int() });
export type AdminBookingsResponse = z.infer<typeof AdminBookingsResponse>;

export const ManageTokenParams = z.object({ token: z.string().min(20).max(200) });
export const EmailParams = z.object({ email: z.string().max(254) });
