import { z } from 'zod';
import { isMediaPath, isOneLine, oneLineMessage } from './fields';

/**
 * The school's own facts — name, address, hours, contacts — kept in the database so another
 * school adopts the product by filling in Settings → School, not by editing code. The public
 * pages, the e-mails and the structured data (schema.org) all read them from here.
 */

export const SCHOOL_NAME_MAX = 120;
export const SCHOOL_TAGLINE_MAX = 200;
export const SCHOOL_DESCRIPTION_MAX = 1000;
export const SCHOOL_LINE_MAX = 200;
export const SCHOOL_HOURS_MAX_ROWS = 7;
export const SCHOOL_SOCIAL_MAX_LINKS = 10;
export const SCHOOL_URL_MAX = 2000;

/** schema.org's names of the days, so they go into openingHoursSpecification as they are. */
export const DAYS_OF_WEEK = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const DayOfWeek = z.enum(DAYS_OF_WEEK, { error: 'Please choose days of the week' });
export type DayOfWeek = z.infer<typeof DayOfWeek>;

export const SOCIAL_NETWORKS = [
  'youtube',
  'instagram',
  'facebook',
  'x',
  'tiktok',
  'linkedin',
  'website',
] as const;
export const SocialNetwork = z.enum(SOCIAL_NETWORKS, { error: 'Please choose a network' });
export type SocialNetwork = z.infer<typeof SocialNetwork>;
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  website: 'Website',
};

export const SCHOOL_MESSAGES = {
  saved: 'School settings saved',
  saveFailed: 'Failed to save school settings',
  loadFailed: 'Failed to load school settings',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_MESSAGE = 'Use a 24-hour time such as 12:00';
export const CLOSES_AFTER_OPENS_MESSAGE = 'Closing time must be after opening time';
export const URL_MESSAGE = 'Please enter a valid http or https URL';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A setting shown on one line: in headings, e-mail lines, calendar entries and structured data. */
const requiredLine = (label: string, max: number) =>
  required(label, max).refine(isOneLine, oneLineMessage(label));

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

// The URL parser would drop a line break or tab and read another address than the one written.
const webUrl = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(SCHOOL_URL_MAX, { error: URL_MESSAGE, abort: true })
  .refine(isOneLine, URL_MESSAGE)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: URL_MESSAGE }));

export const SchoolAddress = z.object({
  street: requiredLine('Street', SCHOOL_LINE_MAX),
  city: requiredLine('City', SCHOOL_LINE_MAX),
  /** State, province or county, as the post writes it ("CA"). */
  region: requiredLine('Region', SCHOOL_LINE_MAX),
  postal_code: requiredLine('Postal code', 20),
  country: requiredLine('Country', SCHOOL_LINE_MAX),
});
export type SchoolAddress = z.infer<typeof SchoolAddress>;

/**
 * One line of the opening hours: a label people read ("Monday-Friday"), the days it covers (for
 * structured data) and either the times or closed. Times are the school's local time, HH:MM.
 */
export const OpeningHoursRow = z
  .object({
    label: requiredLine('Days label', 60),
    days: z.array(DayOfWeek).min(1, 'Choose at least one day'),
    closed: z.boolean({ error: 'closed must be true or false' }),
    opens: z.preprocess(blankToNull, z.string({ error: TIME_MESSAGE }).regex(TIME, TIME_MESSAGE).nullable()),
    closes: z.preprocess(blankToNull, z.string({ error: TIME_MESSAGE }).regex(TIME, TIME_MESSAGE).nullable()),
  })
  .superRefine((row, ctx) => {
    if (row.closed) return;
    if (row.opens === null)
      ctx.addIssue({ code: 'custom', path: ['opens'], message: 'Opening time is required' });
    if (row.closes === null)
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'Closing time is required' });
    if (row.opens && row.closes && row.closes <= row.opens)
      ctx.addIssue({ code: 'custom', path: ['closes'], message: CLOSES_AFTER_OPENS_MESSAGE });
  })
  // A closed row keeps no times, so nothing reads stale ones.
  .transform((row) => (row.closed ? { ...row, opens: null, closes: null } : row));
export type OpeningHoursRow = z.output<typeof OpeningHoursRow>;

export const SocialLink = z.object({ network: SocialNetwork, url: webUrl });
export type SocialLink = z.infer<typeof SocialLink>;

/** PUT /admin/school: every field, replaced as a whole. */
export const SchoolSettingsInput = z.object({
  name: requiredLine('School name', SCHOOL_NAME_MAX),
  tagline: requiredLine('Tagline', SCHOOL_TAGLINE_MAX),
  /** Paragraphs: the one setting that may hold line breaks. */
  description: required('Short description', SCHOOL_DESCRIPTION_MAX),
  address: SchoolAddress,
  /** The area the school serves, as the site names it ("Sonoma County"). */
  area_label: requiredLine('Area', SCHOOL_LINE_MAX),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  phone: requiredLine('Phone', 40),
  hours: z
    .array(OpeningHoursRow)
    .max(SCHOOL_HOURS_MAX_ROWS, `At most ${SCHOOL_HOURS_MAX_ROWS} rows of hours`),
  social_links: z
    .array(SocialLink)
    .max(SCHOOL_SOCIAL_MAX_LINKS, `At most ${SCHOOL_SOCIAL_MAX_LINKS} social links`),
  /** Empty: the built-in logo is drawn. An uploaded file (/media/…) or an http(s) URL. */
  logo_url: z.preprocess(
    blankToNull,
    z
      .string({ error: URL_MESSAGE })
      .trim()
      .max(SCHOOL_URL_MAX, { error: URL_MESSAGE, abort: true })
      .refine((v) => isMediaPath(v) || webUrl.safeParse(v).success, URL_MESSAGE)
      .nullable(),
  ),
  founded_year: z.preprocess(
    blankToNull,
    z
      .number({ error: 'Founded year must be a year' })
      .int('Founded year must be a year')
      .min(1800, 'Founded year must be 1800 or later')
      .max(2200, 'Founded year must be a year')
      .nullable(),
  ),
});
export type SchoolSettingsInput = z.input<typeof SchoolSettingsInput>;
export type ParsedSchoolSettings = z.output<typeof SchoolSettingsInput>;

export const SchoolSettings = z.object({
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  address: SchoolAddress,
  area_label: z.string(),
  email: z.string(),
  phone: z.string(),
  hours: z.array(
    z.object({
      label: z.string(),
      days: z.array(DayOfWeek),
      closed: z.boolean(),
      opens: z.string().nullable(),
      closes: z.string().nullable(),
    }),
  ),
  social_links: z.array(z.object({ network: SocialNetwork, url: z.string() })),
  logo_url: z.string().nullable(),
  founded_year: z.number().int().nullable(),
  updated_at: z.string(),
  /** The IANA time zone of the school's dates and times (SCHOOL_TIMEZONE), e.g. America/Los_Angeles. */
  timezone: z.string().optional(),
});
export type SchoolSettings = z.infer<typeof SchoolSettings>;

export const SchoolSettingsResponse = z.object({ school: SchoolSettings });
export type SchoolSettingsResponse = z.infer<typeof SchoolSettingsResponse>;

/** "12:00" → "12PM", "20:30" → "8:30PM": how the hours read on the site. */
export function formatHoursTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? `${twelve}${suffix}` : `${twelve}:${String(minutes).padStart(2, '0')}${suffix}`;
}

/** The open rows as schema.org OpeningHoursSpecification objects; closed days are left out. */
export function openingHoursSpecification(hours: readonly OpeningHoursRow[]) {
  return hours
    .filter((row) => !row.closed && row.opens && row.closes)
    .map((row) => ({
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: row.days.map((day) => `https://schema.org/${day}`),
      opens: row.opens!,
      closes: row.closes!,
    }));
}
