import { z } from 'zod';

/**
 * Field schemas the school's forms share (classes, bookings): a blank optional field, an e-mail
 * address, a calendar date and a wall-clock time in the school's time zone.
 */

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const DATE_MESSAGE = 'Use a date such as 2026-03-08';

/** Blank or missing is "not given". */
export const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Optional text, trimmed, stored as null when blank. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );

/** A required e-mail address, trimmed and lower-cased, so one person is one address. */
export const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE))
  .transform((email) => email.toLowerCase());

/** A calendar date in the school's time zone, YYYY-MM-DD. */
export const SchoolDate = z.iso.date({ error: DATE_MESSAGE });

/** A 24-hour wall-clock time, HH:MM. */
export const wallTime = (message: string) =>
  z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);
