import { describe, expect, it } from 'vitest';
import { normalizeQuestion, KnowledgeExportEntry, plainPinyin } from './ai-sifu';
import { ResetCode } from './auth';
import { BlogPostInput, embedUrlFor, plainText, slugify } from './blog';
import { CheckInInput, ClassInput } from './classes';
import { ContactInput } from './contact';
import { CourseInput, LessonInput, MediaUrl } from './courses';
import { emailAddress, wallTime } from './fields';
import { cjkRuns, glossaryEntries } from './glossary';
import { LiveEventType } from './live';
import { NewsInput } from './news';
import { ResourceInput, resourcePreview } from './resources';
import { SchoolSettingsInput } from './school';
import { TestimonialInput } from './testimonials';
import { imageSources } from './uploads';
import { Email, UpdateUserInput, Username } from './users';

/*
 * Every check in common/ reads what a client sends, so each must cost time in proportion to the
 * length of its input, whatever that input holds: a check that backtracks over a long near-miss
 * holds the event loop for seconds. Each check below reads a hostile input of LONG characters and
 * the same input at LONG / SCALE; a linear check costs about as much per character on both, a
 * quadratic one SCALE times more on the long one.
 */

/** What a field of a JSON body well under the body limit can carry. */
const LONG = 60_000;
const SCALE = 50;
/** How much more a character of the long input may cost: room for a busy machine's noise, far below SCALE. */
const BUDGET = 10;

/** Milliseconds per call of one round, which repeats the call for at least a millisecond. */
function msPerCall(run: () => unknown): number {
  const start = performance.now();
  for (let calls = 1; ; calls++) {
    run();
    const elapsed = performance.now() - start;
    if (elapsed >= 1) return elapsed / calls;
  }
}

/**
 * How much more each character of the long input costs than each of the short one's: the fastest
 * of five rounds of each, taken in turn, so that a pause of the machine slows one round, not all.
 */
function costRatio(check: (input: string) => unknown, hostile: (n: number) => string): number {
  const short = hostile(LONG / SCALE);
  const long = hostile(LONG);
  let shortBest = Infinity;
  let longBest = Infinity;
  for (let round = 0; round < 5; round++) {
    shortBest = Math.min(shortBest, msPerCall(() => check(short)) / short.length);
    const perChar = msPerCall(() => check(long)) / long.length;
    longBest = Math.min(longBest, perChar);
    // A call this slow needs no second reading.
    if (perChar * long.length > 100) break;
  }
  return longBest / shortBest;
}

/** A reading over budget is taken again, twice at most: a busy machine may stall one reading of a linear check, not three. */
function settledRatio(check: (input: string) => unknown, hostile: (n: number) => string): number {
  let ratio = costRatio(check, hostile);
  for (let retry = 0; retry < 2 && ratio >= BUDGET; retry++)
    ratio = Math.min(ratio, costRatio(check, hostile));
  return ratio;
}

type Hostile = Record<string, (n: number) => string>;

/**
 * Addresses that almost match: a long run the check may split in many ways, then a miss. Fields
 * trim their value, so the whitespace that misses sits before a last character.
 */
const nearUrls: Hostile = {
  'http, a long host, a space': (n) => `http://${'a'.repeat(n)} x`,
  'https, a long host, a no-break space': (n) => `https://${'a'.repeat(n)}\u00a0x`,
  'https, many dotted labels, a space': (n) => `https://${'a.'.repeat(n / 2)} x`,
  'https, a host, slashes, a space': (n) => `https://a${'/'.repeat(n)} x`,
  'HTTP in capitals, a long host, a tab': (n) => `HTTP://${'a'.repeat(n)}\tx`,
  '/media/, then spaces': (n) => `/media/${' '.repeat(n)}x`,
  '/media/, a long name, a space': (n) => `/media/${'a'.repeat(n)} x`,
  'a scheme repeated': (n) => 'https://'.repeat(n / 8),
};

const nearEmails: Hostile = {
  'dotted local part, no @': (n) => `${'a.'.repeat(n / 2)}a`,
  'a long local part, no @': (n) => 'a'.repeat(n),
  'a long undotted domain': (n) => `a@${'a'.repeat(n)}`,
  'many domain labels, a bad ending': (n) => `a@${'a.'.repeat(n / 2)}1`,
  'dashes in the domain': (n) => `a@a${'-'.repeat(n)}.`,
};

const nearWords: Hostile = {
  'dashed words and a bang': (n) => `${'a-'.repeat(n / 2)}!`,
  'one long word and a bang': (n) => `${'a'.repeat(n)}!`,
  'dots and a bang': (n) => `a${'.'.repeat(n)}!`,
  'digits and a letter': (n) => `${'1'.repeat(n)}x`,
  'a space run between digits': (n) => `1${' '.repeat(n)}1`,
};

const nearNumbers: Hostile = {
  'digits and a letter': (n) => `${'1'.repeat(n)}x`,
  'spaces, then a letter': (n) => `${' '.repeat(n)}x`,
  'a number, spaces, a letter': (n) => `1${' '.repeat(n)}x`,
  'decimals and a second point': (n) => `1.${'1'.repeat(n)}.`,
  'minutes and a letter': (n) => `${'1'.repeat(n)}:1x`,
};

const nearText: Hostile = {
  'tag openings never closed': (n) => '<a'.repeat(n / 2),
  'one tag opening, a long run': (n) => `<a${' '.repeat(n)}`,
  'closing tags never closed': (n) => '</b'.repeat(n / 3),
  'punctuation runs': (n) => 'a!?'.repeat(n / 3),
  'whitespace runs': (n) => ' \t\n'.repeat(n / 3),
  'dashes and apostrophes': (n) => "-'’".repeat(n / 3),
  'Chinese between letters': (n) => '太a'.repeat(n / 2),
  'combining marks': (n) => 'a\u0301'.repeat(n / 2),
};

const nearImages: Hostile = {
  'slashes before a folder': (n) => `${'/'.repeat(n)}blog-banners/x`,
  'folders, no id': (n) => 'blog-banners/'.repeat(n / 13),
  'nested paths, no .webp': (n) =>
    `${'a/'.repeat(n / 2)}blog-banners/00000000-0000-0000-0000-000000000000-1x1.png`,
};

type Case = [string, (input: string) => unknown, Hostile];

const urlFields: Case[] = [
  ['blog banner_image', (v) => BlogPostInput.safeParse({ banner_image: v }), nearUrls],
  ['blog media url', (v) => BlogPostInput.safeParse({ media: [{ url: v, type: 'image' }] }), nearUrls],
  ['news thumbnail_url', (v) => NewsInput.safeParse({ thumbnail_url: v }), nearUrls],
  ['resource video_url', (v) => ResourceInput.safeParse({ type: 'video', video_url: v }), nearUrls],
  ['resource audio_url', (v) => ResourceInput.safeParse({ type: 'audio', audio_url: v }), nearUrls],
  ['resource thumbnail', (v) => ResourceInput.safeParse({ type: 'blog', thumbnail: v }), nearUrls],
  ['course media URL', (v) => MediaUrl.safeParse(v), nearUrls],
  ['course thumbnail_url', (v) => CourseInput.safeParse({ thumbnail_url: v }), nearUrls],
  ['course instructor_avatar', (v) => CourseInput.safeParse({ instructor_avatar: v }), nearUrls],
  ['lesson content_url', (v) => LessonInput.safeParse({ content_url: v }), nearUrls],
  ['school logo_url', (v) => SchoolSettingsInput.safeParse({ logo_url: v }), nearUrls],
  [
    'school social link',
    (v) => SchoolSettingsInput.safeParse({ social_links: [{ network: 'website', url: v }] }),
    nearUrls,
  ],
  ['class video_embed_url', (v) => ClassInput.safeParse({ video_embed_url: v }), nearUrls],
  ['testimonial photo_url', (v) => TestimonialInput.safeParse({ photo_url: v }), nearUrls],
  ['testimonial video_url', (v) => TestimonialInput.safeParse({ video_url: v }), nearUrls],
  ['user avatar', (v) => UpdateUserInput.safeParse({ avatar: v }), nearUrls],
  [
    'user avatar, near an avatar path',
    (v) => UpdateUserInput.safeParse({ avatar: v }),
    {
      'dashed name, no extension': (n) => `/media/avatars/${'a-'.repeat(n / 2)}`,
      'dotted name': (n) => `/media/avatars/a${'.a'.repeat(n / 2)}.`,
    },
  ],
  ['video embed', embedUrlFor, nearUrls],
];

const otherFields: Case[] = [
  ['e-mail address', (v) => emailAddress.safeParse(v), nearEmails],
  ['account e-mail', (v) => Email.safeParse(v), nearEmails],
  ['contact e-mail', (v) => ContactInput.safeParse({ email: v }), nearEmails],
  ['testimonial e-mail', (v) => TestimonialInput.safeParse({ student_email: v }), nearEmails],
  ['school e-mail', (v) => SchoolSettingsInput.safeParse({ email: v }), nearEmails],
  ['blog slug', (v) => BlogPostInput.safeParse({ slug: v }), nearWords],
  ['username', (v) => Username.safeParse(v), nearWords],
  ['knowledge key', (v) => KnowledgeExportEntry.safeParse({ key: v }), nearWords],
  ['live event type', (v) => LiveEventType.safeParse(v), nearWords],
  ['reset code', (v) => ResetCode.safeParse(v), nearNumbers],
  ['check-in code', (v) => CheckInInput.safeParse({ code: v }), nearNumbers],
  ['wall-clock time', (v) => wallTime('time').safeParse(v), nearNumbers],
  [
    'school opening time',
    (v) =>
      SchoolSettingsInput.safeParse({
        hours: [{ label: 'Monday', days: ['Monday'], closed: false, opens: v }],
      }),
    nearNumbers,
  ],
  ['course estimated hours', (v) => CourseInput.safeParse({ estimated_hours: v }), nearNumbers],
  ['course price', (v) => CourseInput.safeParse({ regular_price: v }), nearNumbers],
  ['lesson duration', (v) => LessonInput.safeParse({ duration_minutes: v }), nearNumbers],
];

const textRules: Case[] = [
  ['plain text', plainText, nearText],
  ['slug of a title', slugify, nearText],
  ['resource preview', resourcePreview, nearText],
  ['question as the cache compares it', normalizeQuestion, nearText],
  ['pinyin without tones', plainPinyin, nearText],
  ['glossary entries', glossaryEntries, nearText],
  ['Chinese runs', cjkRuns, nearText],
  ['sized image', imageSources, nearImages],
];

describe.each([
  ['URL fields', urlFields],
  ['other checked fields', otherFields],
  ['text rules', textRules],
])('%s read hostile input in linear time', (_group, cases) => {
  it.each(cases)('%s', (_name, check, hostile) => {
    for (const [shape, make] of Object.entries(hostile)) {
      expect(settledRatio(check, make), shape).toBeLessThan(BUDGET);
    }
  });
});
