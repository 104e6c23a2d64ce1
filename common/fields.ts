import { z } from 'zod';

/**
 * Field schemas the school's forms share (classes, bookings, the school's settings, the editors'
 * addresses): a blank optional field, one line of text, an e-mail address, a file or web address,
 * a calendar date and a wall-clock time in the school's time zone.
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

/**
 * Line breaks, tabs and other control characters, and the Unicode line and paragraph separators:
 * in a field shown on one line they would start lines of their own in the e-mails, calendar files
 * and pages it is written into.
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export const oneLineMessage = (label: string) =>
  `${label} must not contain line breaks or control characters`;

/** Whether the text fits on one line: no line break, tab or other control character. */
export const isOneLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

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

/** The longest address a URL field takes. */
export const URL_MAX = 2000;

const MEDIA_PREFIX = '/media/';
const BLANK_OR_CONTROL = /[\s\p{Cc}]/u;

/** A file on our own store: `/media/` and a path, without whitespace or control characters. */
export const isMediaPath = (value: string): boolean =>
  value.length > MEDIA_PREFIX.length && value.startsWith(MEDIA_PREFIX) && !BLANK_OR_CONTROL.test(value);

/**
 * An absolute address as a browser reads it: `http://` or `https://` (only https with
 * `httpsOnly`), a host, and nothing the URL parser refuses. Whitespace or a control character
 * anywhere refuses it: the parser would quietly drop a tab or a line break and read another
 * address than the one shown.
 */
export function isWebAddress(value: string, { httpsOnly = false } = {}): boolean {
  if (BLANK_OR_CONTROL.test(value) || !/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && !httpsOnly);
}

/**
 * A file on our own store (`/media/…`) or a web address, trimmed; never javascript: or data:. An
 * address longer than URL_MAX is refused by its length alone, before anything reads it.
 */
export const mediaOrWebAddress = (
  messages: { type: string; tooLong: string; invalid: string },
  options: { httpsOnly?: boolean } = {},
) =>
  z
    .string({ error: messages.type })
    .trim()
    .max(URL_MAX, { error: messages.tooLong, abort: true })
    .refine((value) => isMediaPath(value) || isWebAddress(value, options), messages.invalid);
