import type { ClassSession } from '../../../common/classes';

const SHORT_DAYS: Record<ClassSession['day_of_week'], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** "Mon 18:00-19:00, Thu 18:00-19:00". */
export const formatSessions = (sessions: readonly ClassSession[]): string =>
  sessions
    .map((s) => `${SHORT_DAYS[s.day_of_week]} ${s.start_time.slice(0, 5)}-${s.end_time.slice(0, 5)}`)
    .join(', ');
