import { MODULE_DEFAULTS, type CourseSummary } from '../../../common/courses';
import { formatAmount } from '../../../common/payments';

/**
 * Minutes in the one form every screen uses: "25 min", "1 h 30 min", "2 h". Lessons without a
 * duration (0) are better left unlabelled than shown as "0 min"; callers check for that.
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

type CourseLength = Pick<CourseSummary, 'total_duration_minutes' | 'estimated_hours' | 'lesson_count'>;

/** Minutes of lesson content, or the course's estimated hours when it has no timed lessons yet. */
export const courseMinutes = (course: Omit<CourseLength, 'lesson_count'>) =>
  course.total_duration_minutes > 0 ? course.total_duration_minutes : course.estimated_hours * 60;

export const NO_LESSONS_YET = 'No lessons yet';

/**
 * How long a course takes, as cards, the course page and the admin show it. A course with nothing
 * timed says what it has instead of "0 min": no lessons yet, or how many untimed lessons.
 */
export function formatCourseDuration(course: CourseLength): string {
  const minutes = courseMinutes(course);
  if (minutes > 0) return formatDuration(minutes);
  if (course.lesson_count === 0) return NO_LESSONS_YET;
  return `${course.lesson_count} ${course.lesson_count === 1 ? 'lesson' : 'lessons'}`;
}

/**
 * A module's description as students see it: blank while it is still the placeholder a new module
 * gets from the server ("Add a description"), which is a prompt for the instructor, not content.
 */
export function studentModuleDescription(description: string | null | undefined): string {
  const text = description?.trim() ?? '';
  return text === MODULE_DEFAULTS.description ? '' : text;
}

/** A course price, given in whole units as the course API sends it, shown like every other amount. */
export function formatPrice(amount: number, currency = 'USD'): string {
  return formatAmount(Math.round(amount * 100), currency);
}

/** Newline-separated text as a list, blank lines dropped. */
export function splitLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Progress bars never pass 100% (nor go below 0). */
export function capProgress(value: number | null | undefined): number {
  return Math.min(100, Math.max(0, Math.round(value ?? 0)));
}

export type VideoSource = { kind: 'file'; src: string } | { kind: 'embed'; src: string } | { kind: 'none' };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * Where a lesson video plays: our own /media/ files (and direct video links) in a <video>;
 * YouTube and Vimeo pages converted to their embed URLs, which the CSP frame-src allows.
 */
export function videoSource(url: string | null | undefined): VideoSource {
  const value = url?.trim();
  if (!value) return { kind: 'none' };
  if (value.startsWith('/media/')) return { kind: 'file', src: value };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { kind: 'none' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { kind: 'none' };
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = parsed.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') youtubeId = parsed.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(parsed.pathname);
      youtubeId = match?.[1] ?? null;
    }
  }
  if (youtubeId !== null) {
    return YOUTUBE_ID.test(youtubeId)
      ? { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtubeId}` }
      : { kind: 'none' };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const match = /\/(\d+)(?:\/|$)/.exec(parsed.pathname);
    return match ? { kind: 'embed', src: `https://player.vimeo.com/video/${match[1]}` } : { kind: 'none' };
  }
  return { kind: 'file', src: value };
}
