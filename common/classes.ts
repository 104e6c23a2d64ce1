import { z } from 'zod';
import { pageLimit, pageOffset } from './api';
import { blankToNull, emailAddress as Email, optionalText as optional, SchoolDate, wallTime } from './fields';

/**
 * Weekly classes (the Classes page and the administrators' Class Management panel): the school's
 * recurring in-person classes, who is enrolled, the interest list and waitlist, offers of a freed
 * seat, and attendance. One schema checks the admin form and the requests behind it.
 */

export const CLASS_TYPES = ['beginner', 'intermediate', 'advanced', 'open_level'] as const;
export const ClassType = z.enum(CLASS_TYPES, { error: 'Please choose a class type' });
export type ClassType = z.infer<typeof ClassType>;

export const CLASS_TYPE_LABELS: Record<ClassType, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  open_level: 'Open Level',
};

/** The level badge's colour on the classes page and in the admin list (Mantine colour names). */
export const CLASS_TYPE_COLORS: Record<ClassType, string> = {
  beginner: 'green',
  intermediate: 'blue',
  advanced: 'red',
  open_level: 'violet',
};

/** A class's `day_of_week`, monday to sunday, in the order the week is shown. */
export const CLASS_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const ClassDay = z.enum(CLASS_DAYS, { error: 'Please choose a day' });
export type ClassDay = z.infer<typeof ClassDay>;

/** The admin form's limits, and the lists' page sizes. */
export const CLASS_DURATION_MIN = 15;
export const CLASS_DURATION_MAX = 300;
export const CLASS_CAPACITY_MIN = 1;
export const CLASS_CAPACITY_MAX = 100;
export const CLASS_PRICE_MAX = 100_000;
export const CLASS_NAME_MAX = 120;
export const CLASS_TEXT_MAX = 200;
export const CLASS_DESCRIPTION_MAX = 5000;
export const CLASS_SESSIONS_MAX = 14;
export const DEFAULT_AGE_RESTRICTIONS = 'All ages';
export const UPCOMING_CLASSES_DEFAULT_LIMIT = 10;
export const UPCOMING_CLASSES_MAX_LIMIT = 50;
export const ADMIN_CLASSES_DEFAULT_LIMIT = 50;
export const ADMIN_CLASSES_MAX_LIMIT = 200;
export const PUBLIC_CLASSES_MAX = 100;
/** How many testimonials the carousel under the class list shows. */
export const CLASSES_PAGE_TESTIMONIALS = 8;
/** The interest and waitlist modals close themselves this long after success. */
export const INTEREST_AUTO_CLOSE_MS = 2000;
/** How long a waitlisted person has to take a freed seat before it is offered to the next. */
export const WAITLIST_OFFER_HOURS = 48;
/** Interest and waitlist sign-ups one client address may make per hour. */
export const INTEREST_SUBMIT_LIMIT = { max: 10, windowMinutes: 60 } as const;
/** Check-in code attempts one member may make per 10 minutes (the code has only 4 digits). */
export const CHECK_IN_LIMIT = { max: 10, windowMinutes: 10 } as const;
/** A member may check in from this long before a session starts until it ends. */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 30;

export const CLASS_MESSAGES = {
  created: 'Class has been successfully created',
  updated: 'Class has been successfully updated',
  saveFailed: 'Error saving class. Please try again.',
  enrollFailed: 'Error enrolling student. Please try again.',
  removeFailed: 'Error removing user. Please try again.',
  removeConfirm: 'Are you sure you want to remove this student from the class?',
  empty: 'No classes found',
  noEnrollments: 'No Enrollments Yet',
  publicEmpty: 'No Classes Available',
  loadFailed: 'Failed to load classes. Please try again.',
  interestFailed: 'Failed to register interest. Please try again.',
  waitlistFailed: 'Failed to join waitlist. Please try again.',
  interestJoined: "Thank you! You're on the interest list. We'll be in touch.",
  waitlistJoined: "You're on the waitlist. We'll e-mail you as soon as a seat frees up.",
  membershipRequired: 'Membership Required',
} as const;

export const CLASS_NOT_FOUND_MESSAGE = 'Class not found';
export const CLASS_FULL_MESSAGE = 'This class is full';
export const ALREADY_ENROLLED_MESSAGE = 'You are already enrolled in this class';
export const NOT_IN_CLASS_MESSAGE = 'You are not enrolled in this class';
export const ENROLLMENT_NOT_FOUND_MESSAGE = 'Enrollment not found';
export const OFFER_NOT_FOUND_MESSAGE = 'This offer is no longer available';
export const CHECK_IN_CLOSED_MESSAGE = 'There is no session of this class to check in to right now';
export const CHECK_IN_CODE_MESSAGE = 'That code is not right. Please check the code shown in the hall.';
export const SESSION_REQUIRED_MESSAGE = 'Please add at least one weekly session';
export const SESSION_END_MESSAGE = 'End time must be after start time';
export const VIDEO_URL_MESSAGE = 'Video URL must be a valid URL';

export const CLASS_TIME_MESSAGE = 'Use a 24-hour time such as 18:30';
const ClassTime = wallTime(CLASS_TIME_MESSAGE);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** One weekly session: a day and local start and end times ("18:30"). */
export const ClassSession = z
  .object({ day_of_week: ClassDay, start_time: ClassTime, end_time: ClassTime })
  .refine((s) => s.end_time > s.start_time, { path: ['end_time'], message: SESSION_END_MESSAGE });
export type ClassSession = z.infer<typeof ClassSession>;

/** POST /admin/classes and PUT /admin/classes/{id}: every field, replaced as a whole. */
export const ClassInput = z.object({
  class_name: text('Class name', CLASS_NAME_MAX),
  description: optional('Description', CLASS_DESCRIPTION_MAX),
  instructor_name: text('Instructor', CLASS_TEXT_MAX),
  location: text('Location', CLASS_TEXT_MAX),
  class_type: ClassType,
  skill_focus: text('Skill focus', CLASS_TEXT_MAX),
  class_duration: z.coerce
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(CLASS_DURATION_MIN, `Duration must be at least ${CLASS_DURATION_MIN} minutes`)
    .max(CLASS_DURATION_MAX, `Duration must be at most ${CLASS_DURATION_MAX} minutes`),
  max_capacity: z.coerce
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(CLASS_CAPACITY_MIN, `Capacity must be at least ${CLASS_CAPACITY_MIN}`)
    .max(CLASS_CAPACITY_MAX, `Capacity must be at most ${CLASS_CAPACITY_MAX}`),
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .min(0, 'Price cannot be negative')
    .max(CLASS_PRICE_MAX, `Price must be at most ${CLASS_PRICE_MAX}`)
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'Price must be in whole cents'),
  age_restrictions: z.preprocess(
    (v) => blankToNull(v) ?? DEFAULT_AGE_RESTRICTIONS,
    z.string().trim().max(CLASS_TEXT_MAX, `Age restrictions must be at most ${CLASS_TEXT_MAX} characters`),
  ),
  requires_membership: z.boolean({ error: 'requires_membership must be true or false' }).default(false),
  waitlist_enabled: z.boolean({ error: 'waitlist_enabled must be true or false' }).default(true),
  is_published: z.boolean({ error: 'is_published must be true or false' }).default(false),
  video_embed_url: z.preprocess(
    blankToNull,
    z
      .string({ error: VIDEO_URL_MESSAGE })
      .trim()
      .max(2000, VIDEO_URL_MESSAGE)
      .pipe(z.url({ protocol: /^https?$/, error: VIDEO_URL_MESSAGE }))
      .nullable(),
  ),
  sessions: z
    .array(ClassSession, { error: SESSION_REQUIRED_MESSAGE })
    .min(1, SESSION_REQUIRED_MESSAGE)
    .max(CLASS_SESSIONS_MAX, `At most ${CLASS_SESSIONS_MAX} sessions`),
});
export type ClassInput = z.input<typeof ClassInput>;
export type ParsedClassInput = z.output<typeof ClassInput>;

/** The admin form's starting values. */
export const CLASS_DEFAULTS = {
  class_name: '',
  description: '',
  instructor_name: '',
  location: '',
  class_type: 'beginner',
  skill_focus: '',
  class_duration: 60,
  max_capacity: 12,
  price: 0,
  age_restrictions: DEFAULT_AGE_RESTRICTIONS,
  requires_membership: false,
  waitlist_enabled: true,
  is_published: false,
  video_embed_url: '',
  sessions: [{ day_of_week: 'monday', start_time: '18:00', end_time: '19:00' }],
} satisfies ClassInput;

/** A class as everyone sees it: no one's name or e-mail is in it. */
export const Class = z.object({
  id: z.uuid(),
  class_name: z.string(),
  description: z.string().nullable(),
  instructor_name: z.string(),
  location: z.string(),
  class_type: ClassType,
  skill_focus: z.string(),
  class_duration: z.number().int(),
  max_capacity: z.number().int(),
  /** Enrolled people, plus seats held for a waitlist offer not yet answered. */
  current_enrollment: z.number().int(),
  waitlist_count: z.number().int(),
  is_full: z.boolean(),
  price: z.number(),
  age_restrictions: z.string(),
  requires_membership: z.boolean(),
  waitlist_enabled: z.boolean(),
  is_published: z.boolean(),
  video_embed_url: z.string().nullable(),
  sessions: z.array(z.object({ day_of_week: ClassDay, start_time: z.string(), end_time: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Class = z.infer<typeof Class>;

/** What the public workshops calendar shows of a recurring class: nobody's details, only the class. */
export type CalendarClass = Pick<
  Class,
  | 'id'
  | 'class_name'
  | 'class_type'
  | 'instructor_name'
  | 'location'
  | 'skill_focus'
  | 'description'
  | 'current_enrollment'
  | 'max_capacity'
  | 'sessions'
>;

export function calendarClass(item: Class): CalendarClass {
  return {
    id: item.id,
    class_name: item.class_name,
    class_type: item.class_type,
    instructor_name: item.instructor_name,
    location: item.location,
    skill_focus: item.skill_focus,
    description: item.description,
    current_enrollment: item.current_enrollment,
    max_capacity: item.max_capacity,
    sessions: item.sessions,
  };
}

export const ClassResponse = z.object({ class: Class });
export type ClassResponse = z.infer<typeof ClassResponse>;

/** GET /classes: the published classes, by first session of the week. */
export const ClassesResponse = z.object({ classes: z.array(Class) });
export type ClassesResponse = z.infer<typeof ClassesResponse>;

export const ClassStatusFilter = z.enum(['all', 'published', 'draft'], {
  error: 'Status must be all, published or draft',
});

/** GET /admin/classes */
export const AdminClassesQuery = z.object({
  status: ClassStatusFilter.default('all'),
  limit: pageLimit(ADMIN_CLASSES_DEFAULT_LIMIT, ADMIN_CLASSES_MAX_LIMIT),
  offset: pageOffset,
});
export type AdminClassesQuery = z.input<typeof AdminClassesQuery>;

export const AdminClassesResponse = z.object({ classes: z.array(Class), total: z.number().int() });
export type AdminClassesResponse = z.infer<typeof AdminClassesResponse>;

/** PUT /admin/classes/{id}/status */
export const ClassStatusInput = z.object({
  status: z.enum(['published', 'draft'], { error: 'Status must be published or draft' }),
});
export type ClassStatusInput = z.infer<typeof ClassStatusInput>;

/** GET /admin/classes/stats */
export const ClassStats = z.object({
  total_classes: z.number().int(),
  published_classes: z.number().int(),
  draft_classes: z.number().int(),
  total_enrolled: z.number().int(),
  total_capacity: z.number().int(),
  waitlist_total: z.number().int(),
  interest_total: z.number().int(),
  full_classes: z.number().int(),
});
export type ClassStats = z.infer<typeof ClassStats>;

/** GET /admin/classes/upcoming?limit=10: the next meetings of published classes, soonest first. */
export const UpcomingQuery = z.object({
  limit: pageLimit(UPCOMING_CLASSES_DEFAULT_LIMIT, UPCOMING_CLASSES_MAX_LIMIT),
});
export const UpcomingMeeting = z.object({
  class_id: z.uuid(),
  class_name: z.string(),
  instructor_name: z.string(),
  location: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** The meeting's start as an instant (ISO, UTC). */
  starts_at: z.string(),
  current_enrollment: z.number().int(),
  max_capacity: z.number().int(),
});
export type UpcomingMeeting = z.infer<typeof UpcomingMeeting>;
export const UpcomingResponse = z.object({ meetings: z.array(UpcomingMeeting) });
export type UpcomingResponse = z.infer<typeof UpcomingResponse>;

export const ENROLLMENT_STATUSES = ['enrolled', 'dropped'] as const;
export const ClassEnrollmentStatus = z.enum(ENROLLMENT_STATUSES);
export type ClassEnrollmentStatus = z.infer<typeof ClassEnrollmentStatus>;

/** One person in a class, as administrators see it. Manual adds have no user_id. */
export const ClassEnrollment = z.object({
  id: z.uuid(),
  class_id: z.uuid(),
  user_id: z.uuid().nullable(),
  user_name: z.string(),
  user_email: z.string(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  status: ClassEnrollmentStatus,
  enrolled_at: z.string(),
  dropped_at: z.string().nullable(),
});
export type ClassEnrollment = z.infer<typeof ClassEnrollment>;

export const SIGNUP_KINDS = ['interest', 'waitlist'] as const;
export const SignupKind = z.enum(SIGNUP_KINDS);
export type SignupKind = z.infer<typeof SignupKind>;

/**
 * waiting — on the list; offered — a freed seat is held for them until offer_expires_at;
 * accepted — took the seat (now enrolled); expired — let the offer pass; withdrawn — left the list.
 */
export const SignupStatus = z.enum(['waiting', 'offered', 'accepted', 'expired', 'withdrawn']);
export type SignupStatus = z.infer<typeof SignupStatus>;

/** An interest-list or waitlist entry, as administrators see it. */
export const ClassSignup = z.object({
  id: z.uuid(),
  class_id: z.uuid(),
  kind: SignupKind,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  user_id: z.uuid().nullable(),
  status: SignupStatus,
  /** Place on the waitlist among those still waiting or offered, from 1; null for interest. */
  position: z.number().int().nullable(),
  offer_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type ClassSignup = z.infer<typeof ClassSignup>;

/** GET /admin/classes/{id}/enrollments */
export const ClassEnrollmentsResponse = z.object({
  enrollments: z.array(ClassEnrollment),
  interest: z.array(ClassSignup),
  waitlist: z.array(ClassSignup),
});
export type ClassEnrollmentsResponse = z.infer<typeof ClassEnrollmentsResponse>;

/** POST /admin/classes/{id}/enroll */
export const AdminEnrollInput = z.object({ userId: z.uuid({ error: 'Please choose a student' }) });
export type AdminEnrollInput = z.infer<typeof AdminEnrollInput>;

/** POST /admin/classes/{id}/enroll/manual */
export const ManualEnrollInput = z.object({
  name: text('Name', CLASS_TEXT_MAX),
  email: Email,
  phone: optional('Phone', 40),
  notes: optional('Notes', 2000),
});
export type ManualEnrollInput = z.input<typeof ManualEnrollInput>;

export const ClassEnrollmentResponse = z.object({ enrollment: ClassEnrollment });
export type ClassEnrollmentResponse = z.infer<typeof ClassEnrollmentResponse>;

/**
 * POST /classes/{id}/interest: the interest list while the class has room, the waitlist when it
 * is full (and waitlist_enabled). `website` is a honeypot, as on the testimonial form.
 */
export const InterestInput = z.object({
  name: text('Name', CLASS_TEXT_MAX),
  email: Email,
  phone: optional('Phone', 40),
  website: z.string().max(2000).optional(),
});
export type InterestInput = z.input<typeof InterestInput>;

/** The same answer whether the e-mail was new to the list or already on it. */
export const InterestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: SignupKind,
  /** Place on the waitlist, from 1; null for the interest list. */
  position: z.number().int().nullable(),
});
export type InterestResponse = z.infer<typeof InterestResponse>;

/**
 * A signed-in member's own place in a class (GET /users/{userId}/classes, POST and DELETE
 * /classes/{id}/enroll): enrolled, or on the waitlist with a position, or offered a seat.
 */
export const MemberClassStatus = z.enum(['enrolled', 'waitlisted', 'offered']);
export const MemberClass = z.object({
  class: Class,
  status: MemberClassStatus,
  enrolled_at: z.string().nullable(),
  waitlist_position: z.number().int().nullable(),
  offer_expires_at: z.string().nullable(),
});
export type MemberClass = z.infer<typeof MemberClass>;
export const MemberClassesResponse = z.object({ classes: z.array(MemberClass) });
export type MemberClassesResponse = z.infer<typeof MemberClassesResponse>;
export const MemberClassResponse = z.object({ entry: MemberClass.nullable(), message: z.string() });
export type MemberClassResponse = z.infer<typeof MemberClassResponse>;

/** GET /classes/offers/{token}: what the e-mailed link offers. */
export const ClassOffer = z.object({
  class: Class,
  name: z.string(),
  status: SignupStatus,
  offer_expires_at: z.string().nullable(),
});
export type ClassOffer = z.infer<typeof ClassOffer>;
export const ClassOfferResponse = z.object({ offer: ClassOffer });
export const OfferTokenParams = z.object({ token: z.string().min(20).max(200) });

/* Attendance ------------------------------------------------------------------------------- */

/** One meeting of a class: its date and the session's start, in the school's time zone. */
export const MeetingQuery = z.object({
  date: SchoolDate,
  start_time: ClassTime.optional().describe('Which session of that day, when the class meets twice'),
});
export type MeetingQuery = z.input<typeof MeetingQuery>;

export const AttendanceEntry = z.object({
  /** The enrollment of an enrolled person; null for a drop-in. */
  enrollment_id: z.uuid().nullable(),
  attendance_id: z.uuid().nullable(),
  user_id: z.uuid().nullable(),
  name: z.string(),
  present: z.boolean(),
  drop_in: z.boolean(),
  method: z.enum(['roster', 'self']).nullable(),
  checked_in_at: z.string().nullable(),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntry>;

/** GET /admin/classes/{id}/attendance?date=&start_time=: the roster, with the hall's check-in code. */
export const Roster = z.object({
  class_id: z.uuid(),
  class_name: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** Four digits, shown in the hall; members type it to check themselves in. */
  code: z.string(),
  entries: z.array(AttendanceEntry),
  present_count: z.number().int(),
});
export type Roster = z.infer<typeof Roster>;
export const RosterResponse = z.object({ roster: Roster });

/** PUT /admin/classes/{id}/attendance: tick or untick one enrolled person. */
export const MarkAttendanceInput = MeetingQuery.extend({
  enrollment_id: z.uuid({ error: 'Invalid enrollment id' }),
  present: z.boolean({ error: 'present must be true or false' }),
});
export type MarkAttendanceInput = z.input<typeof MarkAttendanceInput>;

/** POST /admin/classes/{id}/attendance/drop-in: someone who came without being enrolled. */
export const DropInInput = MeetingQuery.extend({ name: text('Name', CLASS_TEXT_MAX) });
export type DropInInput = z.input<typeof DropInInput>;

/** POST /classes/{id}/check-in: a member checks in to the session happening now. */
export const CheckInInput = z.object({
  code: z
    .string({ error: 'Please enter the 4-digit code' })
    .trim()
    .regex(/^\d{4}$/, 'Please enter the 4-digit code'),
});
export type CheckInInput = z.input<typeof CheckInInput>;
export const CheckInResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  date: z.string(),
  start_time: z.string(),
});
export type CheckInResponse = z.infer<typeof CheckInResponse>;

/** GET /admin/classes/{id}/attendance/history: attendance per meeting, newest first. */
export const AttendanceHistoryQuery = z.object({ limit: pageLimit(20, 100), offset: pageOffset });
export const MeetingAttendance = z.object({
  date: z.string(),
  start_time: z.string(),
  present_count: z.number().int(),
  enrolled_count: z.number().int(),
});
export const ClassAttendanceHistory = z.object({
  meetings: z.array(MeetingAttendance),
  total: z.number().int(),
});
export type ClassAttendanceHistory = z.infer<typeof ClassAttendanceHistory>;

/** GET /users/{userId}/attendance: a person's own record, for their dashboard. */
export const MemberAttendance = z.object({
  /** Meetings attended in the current calendar month, school time. */
  attended_this_month: z.number().int(),
  /** Consecutive weeks (Monday to Sunday, school time), up to this week or the last, with at least one class. */
  streak_weeks: z.number().int(),
  history: z.array(
    z.object({
      class_id: z.uuid(),
      class_name: z.string(),
      date: z.string(),
      start_time: z.string(),
      checked_in_at: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type MemberAttendance = z.infer<typeof MemberAttendance>;

/**
 * A YouTube or Vimeo link in the form that embeds it, playing muted at once, so a class's video
 * starts without sound on the page; null for any other link.
 */
export function toEmbedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = parsed.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = parsed.pathname.split('/');
    youtube =
      first === 'watch'
        ? parsed.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(first ?? '')
          ? (second ?? null)
          : null;
  }
  if (youtube && /^[\w-]{6,20}$/.test(youtube))
    return `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&mute=1&rel=0`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parsed.pathname.split('/').find((part) => /^\d+$/.test(part));
    if (id) return `https://player.vimeo.com/video/${id}?autoplay=1&muted=1`;
  }
  return null;
}
