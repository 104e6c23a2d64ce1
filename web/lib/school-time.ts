import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { queries } from './queries';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The server's default (SCHOOL_TIMEZONE), used until the school's settings say otherwise. */
export const DEFAULT_SCHOOL_TIMEZONE = 'America/Los_Angeles';

/** The school's time zone, from the public school settings call. */
export function useSchoolTimezone(): string {
  const school = useQuery(queries.school.settings());
  return school.data?.timezone ?? DEFAULT_SCHOOL_TIMEZONE;
}

/** Now, on the school's clock. */
export const schoolNow = (tz: string): Dayjs => dayjs().tz(tz);

/** Today's date in the school's time zone, YYYY-MM-DD. */
export const schoolToday = (tz: string): string => schoolNow(tz).format('YYYY-MM-DD');

/** A school date plus some days, YYYY-MM-DD. */
export const addDays = (date: string, days: number): string =>
  dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** An instant as the school's local date and time for a datetime-local field: "2026-03-08T18:30". */
export function toSchoolLocal(instant: string, tz: string): string {
  const time = dayjs(instant);
  return time.isValid() ? time.tz(tz).format('YYYY-MM-DDTHH:mm') : '';
}

/** The school's local "2026-03-08T18:30" as an ISO instant (UTC); '' when it is not a time. */
export function fromSchoolLocal(local: string, tz: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const time = dayjs.tz(local, 'YYYY-MM-DDTHH:mm', tz);
  return time.isValid() ? time.toISOString() : '';
}

/** An instant on the school's clock as people read it: "Mar 8, 2026 6:30 PM". */
export function formatSchoolDateTime(instant: string, tz: string): string {
  const time = dayjs(instant);
  return time.isValid() ? time.tz(tz).format('MMM D, YYYY h:mm A') : instant;
}

/** An instant's school time of day: "6:30 PM". */
export function formatSchoolTime(instant: string, tz: string): string {
  const time = dayjs(instant);
  return time.isValid() ? time.tz(tz).format('h:mm A') : instant;
}

/** A school date as people read it: "Sunday, March 8". */
export function formatSchoolDate(date: string): string {
  const day = dayjs(date);
  return day.isValid() ? day.format('dddd, MMMM D') : date;
}
