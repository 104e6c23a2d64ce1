import { APPOINTMENT_TYPE_LABELS } from '../../../common/bookings';
import type { SchoolSettings } from '../../../common/school';
import { calendarFile } from '../../platform/ics';
import type { MailMessage } from '../../platform/mail';
import { schoolDateTime } from '../../../common/school-time';
import type { BookingDetails } from './bookings.repo';

/* The e-mails of a booking: plain text, with a calendar file for the person who booked. */

export interface MailBooking extends BookingDetails {
  id: string;
  sequence: number;
}

export interface MailContext {
  school: SchoolSettings;
  site: string;
  timeZone: string;
  now: Date;
}

/** Line breaks would let a one-line field forge the lines of the e-mail below it. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

export const manageLink = (site: string, token: string) => `${site}/workshops/manage/${token}`;

export function schoolLocation(school: SchoolSettings): string {
  const { street, city, region, postal_code } = school.address;
  return `${school.name}, ${street}, ${city}, ${region} ${postal_code}`;
}

const minutesOf = (b: MailBooking) => Math.round((b.end_time.getTime() - b.start_time.getTime()) / 60_000);
const label = (b: MailBooking) => APPOINTMENT_TYPE_LABELS[b.appointment_type];

function details(b: MailBooking, ctx: MailContext): string[] {
  return [
    `Session: ${label(b)}`,
    `When: ${schoolDateTime(b.start_time, ctx.timeZone)}`,
    `Duration: ${minutesOf(b)} minutes`,
    `Where: ${schoolLocation(ctx.school)}`,
  ];
}

/** The booking as a calendar event: the same UID for every version, SEQUENCE one more each move. */
export function bookingCalendar(b: MailBooking, ctx: MailContext, link: string): MailMessage['attachments'] {
  const host = new URL(ctx.site).hostname;
  const content = calendarFile(
    {
      uid: `booking-${b.id}@${host}`,
      sequence: b.sequence,
      stamp: ctx.now,
      start: b.start_time,
      end: b.end_time,
      summary: `${label(b)} at ${ctx.school.name}`,
      location: schoolLocation(ctx.school),
      description: `Your ${label(b).toLowerCase()} booking. To see, move or cancel it: ${link}`,
    },
    `-//${ctx.school.name}//Bookings//EN`,
  );
  return [{ filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content }];
}

/** To the person who booked, once per booking made and again each time it moves. */
export function confirmationMail(
  b: MailBooking,
  token: string,
  ctx: MailContext,
  kind: 'new' | 'moved',
): MailMessage {
  const link = manageLink(ctx.site, token);
  const when = schoolDateTime(b.start_time, ctx.timeZone);
  return {
    to: b.email,
    subject:
      kind === 'new' ? `Booking confirmed: ${label(b)} on ${when}` : `Booking moved: ${label(b)} on ${when}`,
    text: [
      `Dear ${oneLine(b.full_name)},`,
      '',
      kind === 'new' ? 'Your booking is confirmed.' : 'Your booking has been moved. This is its new time.',
      '',
      ...details(b, ctx),
      '',
      `To see, move or cancel this booking: ${link}`,
      'The attached calendar file adds it to your calendar.',
      '',
      ctx.school.name,
    ].join('\n'),
    attachments: bookingCalendar(b, ctx, link),
  };
}

export function cancelledMail(b: MailBooking, ctx: MailContext): MailMessage {
  return {
    to: b.email,
    subject: `Booking cancelled: ${label(b)} on ${schoolDateTime(b.start_time, ctx.timeZone)}`,
    text: [
      `Dear ${oneLine(b.full_name)},`,
      '',
      'Your booking has been cancelled.',
      '',
      ...details(b, ctx),
      '',
      `You are welcome to book another time: ${ctx.site}/workshops`,
      '',
      ctx.school.name,
    ].join('\n'),
  };
}

export function reminderMail(b: MailBooking, ctx: MailContext): MailMessage {
  return {
    to: b.email,
    subject: `Reminder: ${label(b)} on ${schoolDateTime(b.start_time, ctx.timeZone)}`,
    text: [
      `Dear ${oneLine(b.full_name)},`,
      '',
      'A reminder of your booking:',
      '',
      ...details(b, ctx),
      '',
      'To move or cancel it, use the link in your confirmation e-mail.',
      '',
      ctx.school.name,
    ].join('\n'),
  };
}

/** To the administrators: who booked what, for one submission, cancellation or move. */
export function adminNotice(
  bookings: MailBooking[],
  ctx: MailContext,
  kind: 'new' | 'cancelled' | 'moved',
): { subject: string; text: string } {
  const first = bookings[0]!;
  const who = oneLine(first.full_name);
  const subject = {
    new: `[Booking] ${bookings.length === 1 ? 'New' : `${bookings.length} new`} ${label(first).toLowerCase()} booking${bookings.length === 1 ? '' : 's'} from ${who}`,
    cancelled: `[Booking] ${who} cancelled a ${label(first).toLowerCase()} booking`,
    moved: `[Booking] ${who} moved a ${label(first).toLowerCase()} booking`,
  }[kind];
  const intro = {
    new: 'New booking on the website:',
    cancelled: 'A booking was cancelled through its manage link:',
    moved: 'A booking was moved through its manage link. Its new time:',
  }[kind];
  return {
    subject,
    text: [
      intro,
      '',
      `Name: ${who}`,
      `E-mail: ${oneLine(first.email)}`,
      `Phone: ${first.phone_number ? oneLine(first.phone_number) : 'not given'}`,
      `Session: ${label(first)}`,
      ...bookings.map((b) => `When: ${schoolDateTime(b.start_time, ctx.timeZone)}, ${minutesOf(b)} minutes`),
      ...(first.notes ? ['', 'Notes:', first.notes] : []),
      '',
      `See the bookings in the admin dashboard: ${ctx.site}/app/admin`,
    ].join('\n'),
  };
}
