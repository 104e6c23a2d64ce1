import {
  CLASS_DAYS,
  type Class,
  type ClassEnrollment,
  type ClassSignup,
  type ParsedClassInput,
} from '../../../common/classes';
import type { ClassFields, ClassRow, EnrollmentRow, SignupRow } from './classes.repo';
import { minutesOf } from '../../../common/school-time';

/* Rows as the API answers them, and a form as the row it is saved as. */

export const iso = (date: Date | null) => date?.toISOString() ?? null;

export const sortSessions = <T extends { day_of_week: (typeof CLASS_DAYS)[number]; start_time: string }>(
  sessions: T[],
) =>
  [...sessions].sort(
    (a, b) =>
      CLASS_DAYS.indexOf(a.day_of_week) - CLASS_DAYS.indexOf(b.day_of_week) ||
      a.start_time.localeCompare(b.start_time),
  );

/** The minute of the week the first session starts: the public list's order. */
const weekOrder = (sessions: ParsedClassInput['sessions']) => {
  const first = sortSessions(sessions)[0]!;
  return CLASS_DAYS.indexOf(first.day_of_week) * 1440 + minutesOf(first.start_time);
};

export const toClass = (row: ClassRow): Class => {
  const current = row.enrolled + row.held;
  return {
    id: row.id,
    class_name: row.class_name,
    description: row.description,
    instructor_name: row.instructor_name,
    location: row.location,
    class_type: row.class_type,
    skill_focus: row.skill_focus,
    class_duration: row.class_duration,
    max_capacity: row.max_capacity,
    current_enrollment: current,
    waitlist_count: row.waiting,
    is_full: current >= row.max_capacity,
    price: row.price_cents / 100,
    age_restrictions: row.age_restrictions,
    requires_membership: row.requires_membership,
    waitlist_enabled: row.waitlist_enabled,
    is_published: row.is_published,
    video_embed_url: row.video_embed_url,
    sessions: sortSessions(row.sessions),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
};

export const toEnrollment = (row: EnrollmentRow): ClassEnrollment => ({
  ...row,
  enrolled_at: row.enrolled_at.toISOString(),
  dropped_at: iso(row.dropped_at),
});

export const toSignup = (row: SignupRow): ClassSignup => ({
  ...row,
  position: row.kind === 'waitlist' && ['waiting', 'offered'].includes(row.status) ? row.position : null,
  offer_expires_at: iso(row.offer_expires_at),
  created_at: row.created_at.toISOString(),
});

export const toFields = (input: ParsedClassInput): ClassFields => ({
  ...input,
  description: input.description,
  video_embed_url: input.video_embed_url,
  age_restrictions: input.age_restrictions,
  price_cents: Math.round(input.price * 100),
  sessions: sortSessions(input.sessions),
  week_order: weekOrder(input.sessions),
});
