import { CLASS_DAYS, type Class, type ClassDay } from '../../../common/classes';
import { clockLabel } from '../../../common/school-time';

export const DAY_LABELS: Record<ClassDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** A class's price as the card shows it: "Free", or "$120" / "$12.50". */
export function priceLabel(price: number): string {
  if (price === 0) return 'Free';
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}

/** "Monday · 6:00 PM-7:00 PM" */
export function sessionLabel(session: Class['sessions'][number]): string {
  return `${DAY_LABELS[session.day_of_week]} · ${clockLabel(session.start_time)}-${clockLabel(session.end_time)}`;
}

/** The week's sessions, Monday first. */
export function sortedSessions(sessions: Class['sessions']): Class['sessions'] {
  return [...sessions].sort(
    (a, b) =>
      CLASS_DAYS.indexOf(a.day_of_week) - CLASS_DAYS.indexOf(b.day_of_week) ||
      a.start_time.localeCompare(b.start_time),
  );
}
