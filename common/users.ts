import { z } from 'zod';
import { pageLimit, pageOffset, requiredText } from './api';

export const PASSWORD_MIN_LENGTH = 8;
export const USERS_DEFAULT_LIMIT = 50;
export const USERS_MAX_LIMIT = 200;
export const USER_COURSES_DEFAULT_LIMIT = 50;
export const USER_COURSES_MAX_LIMIT = 200;
export const PASSWORD_MESSAGE = 'Password must be at least 8 characters long';
/** The server refuses the most common passwords (OWASP ASVS V6.2); the list is not shipped to the browser. */
export const PASSWORD_COMMON_MESSAGE = 'This password is too common. Please choose a less common one.';
export const PASSWORD_PERSONAL_MESSAGE = 'Password must not be the same as your username or email';

export const UserRole = z.enum(['admin', 'student']);
export type UserRole = z.infer<typeof UserRole>;

export const Visibility = z.enum(['public', 'private']);
export type Visibility = z.infer<typeof Visibility>;

export const Privacy = z.object({
  profile: Visibility,
  progress: Visibility,
  courses: Visibility,
});
export type Privacy = z.infer<typeof Privacy>;

export const Password = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGE)
  .max(200, 'Password must be at most 200 characters long');

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const Username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters long')
  .max(32, 'Username must be at most 32 characters long')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores');

export const Experience = z
  .number({ error: 'Experience must be a whole number of years, 0 or more' })
  .int('Experience must be a whole number of years, 0 or more')
  .min(0, 'Experience must be a whole number of years, 0 or more')
  .max(100, 'Experience must be at most 100 years');

/** The user as its owner and admins see it. */
export const User = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  is_admin: z.boolean(),
  role: UserRole,
  avatar: z.string().nullable(),
  belt: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  martial_art: z.string(),
  experience: z.number().int(),
  privacy: Privacy,
  allow_messages: z.boolean(),
  email_notifications: z.boolean(),
  current_courses: z.array(z.uuid()),
  current_course: z.uuid().nullable(),
  completed_courses: z.array(z.uuid()),
  progress: z.number(),
  requires_password_change: z.boolean(),
  is_active: z.boolean(),
  deletion_requested: z.boolean(),
  /**
   * Whether the owner has confirmed `email` by opening a link sent to it. Until then the account
   * owns nothing kept by that address (workshop bookings, class waitlist places).
   */
  email_verified: z.boolean(),
  /** A new address waiting for its owner to open the confirmation link; email stays in force until then. */
  pending_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof User>;

/**
 * Another user's profile as a non-admin sees it: name, avatar and role always;
 * the rest only where that user's privacy settings make it public.
 */
export const PublicProfile = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Left out of a private profile: a sign-in name is nobody else's business. */
  username: z.string().optional(),
  avatar: z.string().nullable(),
  role: UserRole,
  is_private: z.boolean(),
  allow_messages: z.boolean(),
  belt: z.string().nullable().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  martial_art: z.string().optional(),
  experience: z.number().int().optional(),
  current_courses: z.array(z.uuid()).optional(),
  progress: z.number().optional(),
  /** The current courses by name, when the user's courses are public; progress only when that is public too. */
  courses: z
    .array(z.object({ course_id: z.uuid(), course_name: z.string(), progress: z.number().optional() }))
    .optional(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const ProfileResponse = z.union([User, PublicProfile]);
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** Avatars are images uploaded to the school's own media store. */
export const AVATAR_URL = /^\/media\/(avatars\/[a-z0-9-]+\.[a-z0-9]+)$/;

export const ProfileFields = z.object({
  name: requiredText('Name is required', 100),
  email: Email,
  username: Username,
  avatar: z.string().trim().regex(AVATAR_URL, 'Please upload the avatar image first').nullable().optional(),
  city: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  martial_art: z.string().trim().max(100).optional(),
  experience: Experience.optional(),
});

/**
 * PUT /user/{id}: the full user body. Users editing themselves must send current_password;
 * new_password only when changing it. Admin-only fields are ignored for students.
 */
export const UpdateUserInput = ProfileFields.extend({
  privacy: Privacy.optional(),
  allow_messages: z.boolean().optional(),
  email_notifications: z.boolean().optional(),
  current_password: z.string().max(200).optional(),
  new_password: Password.optional(),
  belt: z.string().trim().max(50).nullable().optional(),
  is_admin: z.boolean().optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserInput = z.input<typeof UpdateUserInput>;

/**
 * PUT /user/{id}/email-notifications: the one low-risk setting that needs no password (owner or
 * admin); see docs/security.md, "Accounts".
 */
export const EmailNotificationsInput = z.object({ enabled: z.boolean() });
export type EmailNotificationsInput = z.infer<typeof EmailNotificationsInput>;

/** Users deactivating their own account confirm with their password; admins deactivating others do not. */
export const DeactivateInput = z.object({
  isDeletionRequest: z.boolean().default(false),
  password: z.string().max(200).optional(),
});
export type DeactivateInput = z.input<typeof DeactivateInput>;

/**
 * POST /verify/users?limit&offset&q&role (admin): the users, those who asked for their account's
 * deletion first, then oldest account first; `q` matches part of the name, username or e-mail.
 */
export const UserListQuery = z.object({
  limit: pageLimit(USERS_DEFAULT_LIMIT, USERS_MAX_LIMIT),
  offset: pageOffset,
  q: z
    .string()
    .trim()
    .max(100, 'Search text must be at most 100 characters')
    .optional()
    .describe('Part of a name, username or e-mail address, in any case'),
  role: UserRole.optional().describe('Only administrators, or only students'),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserListResponse = z.object({ users: z.array(User), total: z.number().int() });
export type UserListResponse = z.infer<typeof UserListResponse>;

/** A course the user is enrolled in (filled by the courses domain). */
export const UserCourse = z.object({
  courseId: z.uuid(),
  courseName: z.string(),
  progress: z.number(),
  startDate: z.string().nullable(),
});

/** GET /user/{id}/courses?limit&offset: most recently started first. */
export const UserCoursesQuery = z.object({
  limit: pageLimit(USER_COURSES_DEFAULT_LIMIT, USER_COURSES_MAX_LIMIT),
  offset: pageOffset,
});
export type UserCoursesQuery = z.input<typeof UserCoursesQuery>;

export const UserCoursesResponse = z.object({ courses: z.array(UserCourse), total: z.number().int() });
export type UserCoursesResponse = z.infer<typeof UserCoursesResponse>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

/** Users editing their own profile confirm with their current password (PUT /user/{id}). */
export const PROFILE_PASSWORD_REQUIRED_MESSAGE = 'Password is required to update profile';

export const DEACTIVATE_PASSWORD_REQUIRED_MESSAGE = 'Password is required to deactivate your account';

/** How long the link that confirms a new e-mail address stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const EMAIL_CHANGE_INVALID_MESSAGE =
  'This confirmation link is invalid or has expired. Please request a new one in Settings.';

/** POST /user/confirm-email: the token from the link sent to the new address. */
export const ConfirmEmailInput = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_INVALID_MESSAGE })
    .trim()
    .min(1, EMAIL_CHANGE_INVALID_MESSAGE)
    .max(200, EMAIL_CHANGE_INVALID_MESSAGE),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInput>;

export const ConfirmEmailResponse = z.object({ success: z.literal(true), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/** Hides most of an address's local part but keeps its domain: "student@example.org" → "s*****t@example.org". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const masked =
    local.length <= 2
      ? '*'.repeat(local.length)
      : local[0] + '*'.repeat(local.length - 2) + local[local.length - 1];
  return at < 0 ? masked : `${masked}${email.slice(at)}`;
}

/** Initials for the generated avatar: first letters of the first and last name. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/**
 * POST /admin/users (admin): an account made by an administrator. The password is set here and
 * shared with the person by other means; city and country (the recovery answers) stay empty
 * until they fill them in (docs/decisions/0026-community-and-user-management.md).
 */
export const CreateUserInput = ProfileFields.extend({
  password: Password,
  is_admin: z.boolean().default(false),
  belt: z.string().trim().max(50).nullable().optional(),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;

/** PUT /admin/user/{id}/deletion-request (admin): the first step of a deletion, or its withdrawal. */
export const DeletionRequestInput = z.object({
  requested: z.boolean({ error: 'requested must be true or false' }),
});
export type DeletionRequestInput = z.infer<typeof DeletionRequestInput>;

/** GET /admin/users/emails (admin): every student's address, trimmed, empties skipped. */
export const StudentEmailsResponse = z.object({ emails: z.array(z.string()) });
export type StudentEmailsResponse = z.infer<typeof StudentEmailsResponse>;

export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';

/**
 * The administrators' user form: name, username and e-mail required, the password only
 * for a new user (blank keeps the current one when editing), experience a whole number ≥ 0.
 */
export const userFormSchema = (isNew: boolean) =>
  ProfileFields.extend({
    experience: Experience,
    is_admin: z.boolean(),
    password: isNew
      ? z.string().min(1, PASSWORD_REQUIRED_MESSAGE).pipe(Password)
      : z.union([z.literal(''), Password]),
  });
