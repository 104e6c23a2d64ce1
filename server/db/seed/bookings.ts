import type { AppointmentType, BookingStatus } from '../../../common/bookings';
import { addDays, schoolDate, weekdayOf, zonedInstant } from '../../../common/school-time';
import { hashToken, newToken } from '../../platform/tokens';
import type { Db } from '../client';
import { bookings } from '../schema';

interface DemoSession {
  type: AppointmentType;
  /** Which of the next school weekdays (0 = the first after today). */
  weekday: number;
  time: string;
  minutes: number;
  people: { name: string; status?: BookingStatus; phone?: string; notes?: string }[];
}

/**
 * The weeks ahead of the demo school: group sessions with several people, a few 1-on-1s and one
 * cancelled 1-on-1, inside the demo hours (Monday-Friday 12:00-20:00). Their manage links were
 * never e-mailed, so only an administrator manages them.
 */
export const DEMO_BOOKINGS: DemoSession[] = [
  {
    type: 'workshop',
    weekday: 1,
    time: '18:00',
    minutes: 90,
    people: [
      { name: 'Hannah Okafor', status: 'confirmed', notes: 'Coming with my brother.' },
      { name: 'Daniel Reyes', status: 'confirmed' },
      { name: 'Grace Whitfield' },
      { name: 'Tomás Ibarra', phone: '(707) 555-0161' },
      { name: 'Ellen Park' },
      { name: 'Sam Novak' },
    ],
  },
  {
    type: 'private_class',
    weekday: 2,
    time: '13:00',
    minutes: 60,
    people: [{ name: 'Jonah Feld', phone: '(707) 555-0173', notes: 'Recovering from a knee injury.' }],
  },
  {
    type: 'private_class',
    weekday: 3,
    time: '14:00',
    minutes: 60,
    people: [{ name: 'Maya Lindqvist', status: 'cancelled', notes: 'Had to travel.' }],
  },
  {
    type: 'workshop',
    weekday: 5,
    time: '17:00',
    minutes: 120,
    people: [
      { name: 'Aiko Tanaka', status: 'confirmed' },
      { name: 'Ben Carver' },
      { name: 'Lucia Romano', phone: '(707) 555-0188' },
      { name: 'Omar Haddad' },
      { name: 'Ruth Sandoval', notes: 'First time at the school.' },
      { name: 'Kevin Doyle' },
      { name: 'Nina Petrova' },
      { name: 'Chris Alvarado' },
    ],
  },
  {
    type: 'private_class',
    weekday: 6,
    time: '15:00',
    minutes: 90,
    people: [{ name: 'Isabel Cortez', status: 'confirmed', phone: '(707) 555-0194' }],
  },
  {
    type: 'workshop',
    weekday: 9,
    time: '18:00',
    minutes: 60,
    people: [
      { name: 'Peter Olsen' },
      { name: 'Fatima Noor' },
      { name: 'George Lam' },
      { name: 'Wendy Brooks' },
      { name: 'Arjun Mehta' },
    ],
  },
  {
    type: 'private_class',
    weekday: 10,
    time: '12:00',
    minutes: 60,
    people: [{ name: 'Clara Jensen', notes: 'Would like to focus on push hands.' }],
  },
];

const emailOf = (name: string) =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')}@example.com`;

/** The next `n` Monday-to-Friday dates after today, in the school's time. */
function nextWeekdays(now: Date, timeZone: string, n: number): string[] {
  const dates: string[] = [];
  let date = schoolDate(now, timeZone);
  while (dates.length < n) {
    date = addDays(date, 1);
    if (weekdayOf(date) !== 'Saturday' && weekdayOf(date) !== 'Sunday') dates.push(date);
  }
  return dates;
}

export async function seedDemoBookings(db: Db, now: Date, timeZone: string): Promise<void> {
  const days = nextWeekdays(now, timeZone, Math.max(...DEMO_BOOKINGS.map((s) => s.weekday)) + 1);
  const rows = DEMO_BOOKINGS.flatMap((session) => {
    const start = zonedInstant(days[session.weekday]!, session.time, timeZone);
    const end = new Date(start.getTime() + session.minutes * 60_000);
    return session.people.map((person) => ({
      appointment_type: session.type,
      full_name: person.name,
      email: emailOf(person.name),
      phone_number: person.phone ?? null,
      notes: person.notes ?? null,
      start_time: start,
      end_time: end,
      status: person.status ?? ('scheduled' as const),
      user_id: null,
      manage_token_hash: hashToken(newToken()),
      created_at: now,
      updated_at: now,
    }));
  });
  await db.insert(bookings).values(rows);
}
