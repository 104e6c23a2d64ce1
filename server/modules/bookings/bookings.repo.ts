import { and, asc, count, desc, eq, gt, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentType, BookingStatus } from '../../../common/bookings';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';

export type BookingRow = typeof bookings.$inferSelect;

/** Who booked what, and when: the columns a booking's form, list and e-mails share. */
export type BookingDetails = Pick<
  BookingRow,
  'appointment_type' | 'full_name' | 'email' | 'phone_number' | 'notes' | 'start_time' | 'end_time'
>;

export interface NewBooking extends BookingDetails {
  status: BookingStatus;
  user_id: string | null;
  manage_token_hash: string;
}

export interface BookingChange {
  appointment_type?: AppointmentType;
  full_name?: string;
  email?: string;
  phone_number?: string | null;
  notes?: string | null;
  start_time?: Date;
  end_time?: Date;
  status?: BookingStatus;
}

const live = ne(bookings.status, 'cancelled');
const overlapping = (start: Date, end: Date) =>
  and(lt(bookings.start_time, end), gt(bookings.end_time, start));

export function createBookingsRepo(db: Db) {
  return {
    async insert(rows: NewBooking[], at: Date): Promise<BookingRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(bookings)
        .values(rows.map((row) => ({ ...row, created_at: at, updated_at: at })))
        .returning();
    },

    async find(id: string): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
      return row;
    },

    async findByTokenHash(hash: string): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.manage_token_hash, hash)).limit(1);
      return row;
    },

    /** The bookings that are not cancelled and overlap [start, end), by start; `except` leaves one out. */
    liveOverlapping(start: Date, end: Date, except?: string): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(live, overlapping(start, end), except ? ne(bookings.id, except) : undefined))
        .orderBy(asc(bookings.start_time), asc(bookings.id));
    },

    /** Changes a booking; a move clears its reminder and raises its calendar sequence. */
    async update(
      id: string,
      change: BookingChange,
      at: Date,
      moved: boolean,
    ): Promise<BookingRow | undefined> {
      const [row] = await db
        .update(bookings)
        .set({
          ...change,
          updated_at: at,
          ...(moved ? { sequence: sql`${bookings.sequence} + 1`, reminder_sent_at: null } : {}),
        })
        .where(eq(bookings.id, id))
        .returning();
      return row;
    },

    /** Cancels a booking that is not cancelled yet; undefined when it already was (or is gone). */
    async cancel(id: string, at: Date): Promise<BookingRow | undefined> {
      const [row] = await db
        .update(bookings)
        .set({ status: 'cancelled', updated_at: at })
        .where(and(eq(bookings.id, id), live))
        .returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(bookings).where(eq(bookings.id, id)).returning({ id: bookings.id });
      return rows.length > 0;
    },

    /**
     * Marks the reminder sent, once: only while the booking is live, still starts at `startsAt`
     * and no reminder went out, so of two workers running the same job one gets the row.
     */
    async claimReminder(id: string, startsAt: Date, at: Date): Promise<BookingRow | undefined> {
      const [row] = await db
        .update(bookings)
        .set({ reminder_sent_at: at })
        .where(
          and(
            eq(bookings.id, id),
            live,
            eq(bookings.start_time, startsAt),
            isNull(bookings.reminder_sent_at),
          ),
        )
        .returning();
      return row;
    },

    /** Bookings made by the account, and with its e-mail when that is given (confirmed). */
    async listOf(owner: { userId: string; email: string | null }, limit: number): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(
          owner.email
            ? or(eq(bookings.user_id, owner.userId), eq(bookings.email, owner.email))
            : eq(bookings.user_id, owner.userId),
        )
        .orderBy(desc(bookings.start_time), desc(bookings.id))
        .limit(limit);
    },

    async listByEmail(email: string, limit: number): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(eq(bookings.email, email))
        .orderBy(desc(bookings.start_time), desc(bookings.id))
        .limit(limit);
    },

    /** The admin list: bookings starting in [from, to), of a status when given, by start. */
    async listWindow(
      window: { from: Date; to: Date; status?: BookingStatus },
      page: { limit: number; offset: number },
    ): Promise<{ rows: BookingRow[]; total: number }> {
      const conditions: SQL[] = [gte(bookings.start_time, window.from), lt(bookings.start_time, window.to)];
      if (window.status) conditions.push(eq(bookings.status, window.status));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bookings)
          .where(where)
          .orderBy(asc(bookings.start_time), asc(bookings.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(bookings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type BookingsRepo = ReturnType<typeof createBookingsRepo>;
