import { z } from 'zod';
import {
  ADMIN_BOOKINGS_MAX_LIMIT,
  ADMIN_BOOKINGS_WINDOW_DAYS,
  BOOKING_HORIZON_DAYS,
  BOOKING_MAX_DAYS,
  BOOKING_MESSAGES,
  BOOKING_REMINDER_HOURS,
  BOOKING_SUBMIT_LIMIT,
  CALENDAR_MAX_DAYS,
  OUTSIDE_HOURS_MESSAGE,
  PAST_BOOKING_MESSAGE,
  TOO_MANY_DAYS_MESSAGE,
  type AdminBookingsResponse,
  type AppointmentType,
  type AvailabilityResponse,
  type Booking,
  type BookingCreatedResponse,
  type BookingStatus,
  type CalendarBooking,
  type ParsedBookingRequest,
  type Slot,
} from '../../../common/bookings';
import { publicUrl } from '../../config';
import type { Platform } from '../../platform';
import type { AuthContext } from '../../platform/auth';
import { forbidden } from '../../platform/errors';
import { caughtByHoneypot } from '../../platform/honeypot';
import { hashToken, newToken } from '../../platform/tokens';
import {
  addDays,
  dayBounds,
  daysBetween,
  datesTouched,
  schoolDate,
  zonedInstant,
} from '../../../common/school-time';
import type { SchoolService } from '../school/school.service';
import type { UsersService } from '../users/users.service';
import {
  adminNotice,
  cancelledMail,
  confirmationMail,
  reminderMail,
  type MailContext,
} from './bookings.mail';
import { createBookingsRepo, type BookingChange, type BookingRow, type NewBooking } from './bookings.repo';
import {
  ADMIN_MAX_HOURS,
  ADMIN_TOO_LONG_MESSAGE,
  alreadyCancelled,
  assertDates,
  assertInstants,
  bookingNotFound,
  fieldError,
  LONGEST_MS,
  MINUTE,
  slotTaken,
  slotTimes,
  toBooking,
  toPublic,
  workshopFull,
} from './bookings.answers';
import { fit, openingOn, withinHours } from './bookings.rules';

export { ADMIN_TOO_LONG_MESSAGE, toBooking };

export const BOOKING_REMINDER_JOB = 'bookings.reminder';
const BookingReminder = z.object({ bookingId: z.uuid(), startsAt: z.iso.datetime() });

/** The admin form's fields, parsed (AdminBookingInput). */
export interface AdminFields {
  appointment_type: AppointmentType;
  full_name: string;
  email: string;
  phone_number: string | null;
  notes: string | null;
  start_time: string;
  end_time: string;
  status?: BookingStatus;
}

/** The columns the admin form sets, at the times it resolved to. */
const adminColumns = (input: AdminFields, start: Date, end: Date) => ({
  appointment_type: input.appointment_type,
  full_name: input.full_name,
  email: input.email,
  phone_number: input.phone_number,
  notes: input.notes,
  start_time: start,
  end_time: end,
});

export interface BookingsDeps {
  users: Pick<UsersService, 'activeAdmins' | 'confirmedEmail'>;
  school: Pick<SchoolService, 'get'>;
}

export function createBookingsService(platform: Platform, deps: BookingsDeps) {
  const repo = createBookingsRepo(platform.db);
  const timeZone = platform.config.SCHOOL_TIMEZONE;
  const site = publicUrl(platform.config);
  const now = () => platform.clock.now();

  const mailContext = async (): Promise<MailContext> => ({
    school: await deps.school.get(),
    site,
    timeZone,
    now: now(),
  });

  /** Runs `work` holding the lock of every school day given, taken in date order so no two callers deadlock. */
  function underDayLocks<T>(dates: string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(dates)].sort();
    const take = (i: number): Promise<T> =>
      i === sorted.length ? work() : platform.withAdvisoryLock(`bookings:${sorted[i]}`, () => take(i + 1));
    return take(0);
  }

  /** Refuses a booking that would break the overlap rules; called under the day's lock. */
  async function assertFree(type: AppointmentType, start: Date, end: Date, except?: string) {
    const others = await repo.liveOverlapping(start, end, except);
    const { conflict: found } = fit(type, { start, end }, others);
    if (found === 'taken') throw slotTaken();
    if (found === 'full') throw workshopFull();
  }

  /** The public rules of one day's booking: not in the past, not too far ahead, inside the hours. */
  async function assertBookable(date: string, start: Date, end: Date, path: string) {
    if (start.getTime() <= now().getTime()) throw fieldError(PAST_BOOKING_MESSAGE, 'PAST_BOOKING', path);
    if (daysBetween(schoolDate(now(), timeZone), date) > BOOKING_HORIZON_DAYS) {
      throw fieldError(
        `Bookings can be made at most ${BOOKING_HORIZON_DAYS} days ahead`,
        'TOO_FAR_AHEAD',
        path,
      );
    }
    const { hours } = await deps.school.get();
    if (!withinHours(openingOn(date, hours, timeZone), start, end))
      throw fieldError(OUTSIDE_HOURS_MESSAGE, 'OUTSIDE_HOURS', 'time');
  }

  /** The reminder BOOKING_REMINDER_HOURS before the start; none when that moment has passed. */
  async function planReminder(row: BookingRow) {
    const runAt = new Date(row.start_time.getTime() - BOOKING_REMINDER_HOURS * 60 * MINUTE);
    if (runAt.getTime() <= now().getTime() || row.status === 'cancelled') return;
    await reminderJob.enqueue(
      { bookingId: row.id, startsAt: row.start_time.toISOString() },
      { runAt, dedupeKey: `booking-reminder:${row.id}:${row.sequence}` },
    );
  }

  async function tellAdmins(message: { subject: string; text: string }) {
    const admins = await deps.users.activeAdmins();
    if (admins.length > 0)
      await platform.mailer.sendAll(admins.map((admin) => ({ to: admin.email, ...message })));
    else platform.log.warn('booking: no active administrator to tell');
  }

  /** The account's confirmed e-mail, for the rule that a booking made with it belongs to that account. */
  const accountEmail = (auth: AuthContext): Promise<string | null> => deps.users.confirmedEmail(auth.user.id);

  async function owns(auth: AuthContext, row: BookingRow): Promise<boolean> {
    if (row.user_id === auth.user.id) return true;
    return row.email.toLowerCase() === (await accountEmail(auth));
  }

  /** A booking the caller may read: an administrator's, or one of their own; else not found. */
  async function loadFor(auth: AuthContext, id: string): Promise<BookingRow> {
    const row = await repo.find(id);
    if (!row || (!auth.user.is_admin && !(await owns(auth, row)))) throw bookingNotFound();
    return row;
  }

  async function loadByToken(token: string): Promise<BookingRow> {
    const row = await repo.findByTokenHash(hashToken(token));
    if (!row) throw bookingNotFound();
    return row;
  }

  /** Cancels at once (the slot is free for the next booking) and tells the booker and the administrators. */
  async function cancelAndTell(id: string): Promise<Booking> {
    const ctx = await mailContext();
    const row = await platform.tx(async () => {
      const cancelled = await repo.cancel(id, now());
      if (!cancelled) throw alreadyCancelled();
      await platform.mailer.send(cancelledMail(cancelled, ctx));
      await tellAdmins(adminNotice([cancelled], ctx, 'cancelled'));
      return cancelled;
    });
    return toBooking(row);
  }

  /** An administrator's times: instants as given, the same overlap rules, no hours or past check. */
  async function adminWrite(
    input: AdminFields,
    write: (start: Date, end: Date) => Promise<BookingRow | undefined>,
    except?: string,
  ): Promise<BookingRow> {
    const start = new Date(input.start_time);
    const end = new Date(input.end_time);
    assertInstants({ start_time: start, end_time: end });
    // One lock per day touched: a booking of years would take thousands.
    if (end.getTime() - start.getTime() > ADMIN_MAX_HOURS * 60 * MINUTE)
      throw fieldError(ADMIN_TOO_LONG_MESSAGE, 'BOOKING_TOO_LONG', 'end_time');
    const row = await underDayLocks(datesTouched(start, end, timeZone), async () => {
      if (input.status !== 'cancelled') await assertFree(input.appointment_type, start, end, except);
      const written = await write(start, end);
      if (written) await planReminder(written);
      return written;
    });
    if (!row) throw bookingNotFound();
    return row;
  }

  const reminderJob = platform.jobs.define(
    BOOKING_REMINDER_JOB,
    BookingReminder,
    async ({ bookingId, startsAt }) => {
      const ctx = await mailContext();
      await platform.tx(async () => {
        const row = await repo.claimReminder(bookingId, new Date(startsAt), now());
        if (row) await platform.mailer.send(reminderMail(row, ctx));
      });
    },
  );

  return {
    /**
     * The public form: one booking per day from start_date to end_date at `time`, all made or
     * none, each under its day's lock. A filled honeypot is answered the same and dropped.
     */
    async create(
      input: ParsedBookingRequest,
      caller: AuthContext | null,
      clientAddress: string,
    ): Promise<BookingCreatedResponse> {
      await platform.throttle.hitOrThrow(`booking:${clientAddress}`, {
        limit: BOOKING_SUBMIT_LIMIT.max,
        windowMs: BOOKING_SUBMIT_LIMIT.windowMinutes * MINUTE,
      });
      const { website, start_date, time, duration_minutes, appointment_type, ...person } = input;
      const endDate = input.end_date ?? start_date;
      const count = daysBetween(start_date, endDate) + 1;
      if (count > BOOKING_MAX_DAYS) throw fieldError(TOO_MANY_DAYS_MESSAGE, 'TOO_MANY_DAYS', 'end_date');
      const days = Array.from({ length: count }, (_, i) => {
        const date = addDays(start_date, i);
        const start = zonedInstant(date, time, timeZone);
        return { date, start, end: new Date(start.getTime() + duration_minutes * MINUTE) };
      });
      for (const day of days) await assertBookable(day.date, day.start, day.end, 'start_date');
      const message = count === 1 ? BOOKING_MESSAGES.confirmedOne : BOOKING_MESSAGES.confirmedMany(count);
      if (caughtByHoneypot(platform.log, 'booking', website)) {
        return {
          success: true,
          message,
          bookings: days.map((d) =>
            toPublic({ appointment_type, start_time: d.start, end_time: d.end, status: 'scheduled' }),
          ),
        };
      }
      const ctx = await mailContext();
      const rows = await underDayLocks(
        days.map((d) => d.date),
        async () => {
          for (const day of days) await assertFree(appointment_type, day.start, day.end);
          const tokens = days.map(() => newToken());
          const made = await repo.insert(
            days.map((day, i): NewBooking => ({
              appointment_type,
              full_name: person.full_name,
              email: person.email,
              phone_number: person.phone_number,
              notes: person.notes,
              start_time: day.start,
              end_time: day.end,
              status: 'scheduled',
              user_id: caller?.user.id ?? null,
              manage_token_hash: hashToken(tokens[i]!),
            })),
            now(),
          );
          for (const row of made) await planReminder(row);
          await platform.mailer.sendAll(made.map((row, i) => confirmationMail(row, tokens[i]!, ctx, 'new')));
          await tellAdmins(adminNotice(made, ctx, 'new'));
          return made;
        },
      );
      return { success: true, message, bookings: rows.map(toPublic) };
    },

    /** Every slot of a day for a booking of `duration` minutes and `type`, and whether it can be booked. */
    async availability(date: string, duration: number, type: AppointmentType): Promise<AvailabilityResponse> {
      assertDates({ date });
      const { hours } = await deps.school.get();
      const opening = openingOn(date, hours, timeZone);
      const { start, end } = dayBounds(date, timeZone);
      const others = await repo.liveOverlapping(start, new Date(end.getTime() + LONGEST_MS));
      const at = now().getTime();
      const slots: Slot[] = slotTimes().map((time) => {
        const slotStart = zonedInstant(date, time, timeZone);
        const slotEnd = new Date(slotStart.getTime() + duration * MINUTE);
        const { conflict: found, placesLeft } = fit(type, { start: slotStart, end: slotEnd }, others);
        return {
          time,
          starts_at: slotStart.toISOString(),
          available: withinHours(opening, slotStart, slotEnd) && slotStart.getTime() > at && found === null,
          places_left: placesLeft,
        };
      });
      return { date, duration, type, open: opening !== null, slots };
    },

    /** Live bookings overlapping the dates: who booked only for an administrator. */
    async calendar(
      startDate: string,
      endDate: string,
      caller: AuthContext | null,
    ): Promise<CalendarBooking[]> {
      assertDates({ start: startDate, end: endDate });
      if (daysBetween(startDate, endDate) + 1 > CALENDAR_MAX_DAYS)
        throw fieldError(
          `A calendar request covers at most ${CALENDAR_MAX_DAYS} days`,
          'RANGE_TOO_LONG',
          'end',
        );
      const rows = await repo.liveOverlapping(
        dayBounds(startDate, timeZone).start,
        dayBounds(endDate, timeZone).end,
      );
      if (!caller?.user.is_admin) return rows.map(toPublic);
      return rows.map((row) => ({
        ...toPublic(row),
        id: row.id,
        full_name: row.full_name,
        email: row.email,
        phone_number: row.phone_number,
        notes: row.notes,
      }));
    },

    async findByToken(token: string): Promise<Booking> {
      return toBooking(await loadByToken(token));
    },

    /** The person who booked cancels it: at once, the slot freed, they and the administrators told. */
    async cancelByToken(token: string): Promise<Booking> {
      return cancelAndTell((await loadByToken(token)).id);
    },

    /** The person who booked moves it, by the public rules; a new calendar file replaces the old one. */
    async rescheduleByToken(
      token: string,
      input: { date: string; time: string; duration_minutes: number },
    ): Promise<Booking> {
      const found = await loadByToken(token);
      if (found.status === 'cancelled') throw alreadyCancelled();
      const start = zonedInstant(input.date, input.time, timeZone);
      const end = new Date(start.getTime() + input.duration_minutes * MINUTE);
      await assertBookable(input.date, start, end, 'date');
      const ctx = await mailContext();
      const row = await underDayLocks([input.date], async () => {
        await assertFree(found.appointment_type, start, end, found.id);
        const moved = await repo.update(found.id, { start_time: start, end_time: end }, now(), true);
        if (!moved || moved.status === 'cancelled') throw alreadyCancelled();
        await planReminder(moved);
        await platform.mailer.send(confirmationMail(moved, token, ctx, 'moved'));
        await tellAdmins(adminNotice([moved], ctx, 'moved'));
        return moved;
      });
      return toBooking(row);
    },

    async get(auth: AuthContext, id: string): Promise<Booking> {
      return toBooking(await loadFor(auth, id));
    },

    async byEmail(auth: AuthContext, email: string): Promise<Booking[]> {
      const wanted = email.trim().toLowerCase();
      if (!auth.user.is_admin && wanted !== (await accountEmail(auth)))
        throw forbidden(
          'You can only see the bookings of your own confirmed e-mail address. Confirm it in Settings.',
          'NOT_OWNER',
        );
      return (await repo.listByEmail(wanted, ADMIN_BOOKINGS_MAX_LIMIT)).map(toBooking);
    },

    /** A user's bookings: made while signed in, or with the account's e-mail once it is confirmed. */
    async ofUser(userId: string): Promise<Booking[]> {
      const email = await deps.users.confirmedEmail(userId);
      return (await repo.listOf({ userId, email }, ADMIN_BOOKINGS_MAX_LIMIT)).map(toBooking);
    },

    /** An administrator's or the owner's cancel: the booker and the administrators are told alike. */
    async cancel(auth: AuthContext, id: string): Promise<Booking> {
      return cancelAndTell((await loadFor(auth, id)).id);
    },

    /** A booking the school enters (by phone, at the desk): the booker gets the confirmation and its manage link too. */
    async adminCreate(input: AdminFields): Promise<Booking> {
      const token = newToken();
      const ctx = await mailContext();
      const row = await adminWrite(input, async (start, end) => {
        const [made] = await repo.insert(
          [
            {
              ...adminColumns(input, start, end),
              status: input.status ?? 'scheduled',
              user_id: null,
              manage_token_hash: hashToken(token),
            },
          ],
          now(),
        );
        if (made && made.status !== 'cancelled')
          await platform.mailer.send(confirmationMail(made, token, ctx, 'new'));
        return made;
      });
      return toBooking(row);
    },

    async adminUpdate(id: string, input: AdminFields): Promise<Booking> {
      const found = await repo.find(id);
      if (!found) throw bookingNotFound();
      const row = await adminWrite(
        input,
        async (start, end) => {
          const change: BookingChange = {
            ...adminColumns(input, start, end),
            ...(input.status ? { status: input.status } : {}),
          };
          const moved =
            start.getTime() !== found.start_time.getTime() || end.getTime() !== found.end_time.getTime();
          return repo.update(id, change, now(), moved);
        },
        id,
      );
      return toBooking(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw bookingNotFound();
    },

    /** The Booking Management list: by default today to today + ADMIN_BOOKINGS_WINDOW_DAYS, school time. */
    async adminList(query: {
      status?: BookingStatus;
      from?: string;
      to?: string;
      limit: number;
      offset: number;
    }): Promise<AdminBookingsResponse> {
      assertDates({ from: query.from, to: query.to });
      const today = schoolDate(now(), timeZone);
      const from = query.from ?? today;
      const to = query.to ?? addDays(from, ADMIN_BOOKINGS_WINDOW_DAYS);
      if (to < from) throw fieldError('End must not be before start', 'VALIDATION_ERROR', 'to');
      const { rows, total } = await repo.listWindow(
        { from: dayBounds(from, timeZone).start, to: dayBounds(to, timeZone).end, status: query.status },
        { limit: query.limit, offset: query.offset },
      );
      return { bookings: rows.map(toBooking), total };
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
