import type { PublicProfile, User } from '../../../common/users';
import type { AuthContext } from '../../platform/auth';
import type { UserRow } from './users.repo';

/** The session a user is seen through: whose it is and whether it still needs a new password. */
export type Viewer = Pick<AuthContext, 'user' | 'requiresPasswordChange'>;

/** One of a user's enrolments, as the enrolments domain reports it. */
export interface EnrolledCourse {
  userId: string;
  courseId: string;
  courseName: string;
  progress: number;
  startDate: string;
  completed: boolean;
}

/** Course fields of a profile: current (not completed) courses, most recently started first. */
function courseFields(courses: EnrolledCourse[]) {
  const current = courses.filter((course) => !course.completed);
  const progress =
    current.length === 0 ? 0 : Math.round(current.reduce((sum, c) => sum + c.progress, 0) / current.length);
  return {
    current_courses: current.map((course) => course.courseId),
    current_course: current[0]?.courseId ?? null,
    completed_courses: courses.filter((course) => course.completed).map((course) => course.courseId),
    /** The average progress of the current courses. */
    progress,
  };
}

/**
 * A user row as the API shows it to its owner or an admin, with the user's enrolments (none when
 * not given) and the address waiting for confirmation, if any; requires_password_change comes
 * from the viewer's own session.
 */
/** A pending address that would move the account elsewhere: not the link that confirms its own address. */
function pendingChange(row: UserRow, pending: string | null): string | null {
  return pending && pending.toLowerCase() !== row.email.toLowerCase() ? pending : null;
}

export function toUser(
  row: UserRow,
  viewer?: Viewer | null,
  courses: EnrolledCourse[] = [],
  pendingEmail: string | null = null,
): User {
  const { current_courses, current_course, completed_courses, progress } = courseFields(courses);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    is_admin: row.is_admin,
    role: row.is_admin ? 'admin' : 'student',
    avatar: row.avatar,
    belt: row.belt,
    city: row.city,
    country: row.country,
    martial_art: row.martial_art,
    experience: row.experience,
    privacy: row.privacy,
    allow_messages: row.allow_messages,
    email_notifications: row.email_notifications,
    current_courses,
    current_course,
    completed_courses,
    progress,
    requires_password_change: viewer?.user.id === row.id ? viewer.requiresPasswordChange : false,
    is_active: row.is_active,
    deletion_requested: row.deletion_requested,
    email_verified: row.email_verified_at !== null,
    pending_email: pendingChange(row, pendingEmail),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Another user's profile as a non-admin sees it, honouring that user's privacy settings. */
export function toPublicProfile(row: UserRow, courses: EnrolledCourse[] = []): PublicProfile {
  const base = {
    id: row.id,
    name: row.name,
    username: row.username,
    avatar: row.avatar,
    role: row.is_admin ? ('admin' as const) : ('student' as const),
    allow_messages: row.allow_messages,
  };
  // A private profile shows its name, picture and role, as 'Private Profile': no details, and not
  // the username, which is half of what signs in to the account.
  if (row.privacy.profile === 'private') {
    const { username: _username, ...shown } = base;
    return { ...shown, is_private: true };
  }
  return {
    ...base,
    is_private: false,
    belt: row.belt,
    city: row.city,
    country: row.country,
    martial_art: row.martial_art,
    experience: row.experience,
    ...(row.privacy.courses === 'public'
      ? {
          current_courses: courseFields(courses).current_courses,
          courses: courses.map((course) => ({
            course_id: course.courseId,
            course_name: course.courseName,
            ...(row.privacy.progress === 'public' ? { progress: course.progress } : {}),
          })),
        }
      : {}),
    ...(row.privacy.progress === 'public' ? { progress: courseFields(courses).progress } : {}),
  };
}
