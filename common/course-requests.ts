import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

export const COURSE_REQUEST_SUBJECT_MAX = 200;
export const COURSE_REQUEST_TEXT_MAX = 2000;
export const POPULAR_REQUESTS_DEFAULT_LIMIT = 10;
export const POPULAR_REQUESTS_MAX_LIMIT = 50;
export const COURSE_REQUESTS_DEFAULT_LIMIT = 50;
export const COURSE_REQUESTS_MAX_LIMIT = 100;

/**
 * A course request's status (the course_request_status enum):
 * pending — new, nobody has looked at it yet (the default);
 * under_review — an instructor is considering it;
 * planned — the school intends to make the course;
 * completed — the course exists now;
 * declined — the school will not make it.
 * Any status may follow any other; every change e-mails the requester.
 */
export const COURSE_REQUEST_STATUSES = [
  'pending',
  'under_review',
  'planned',
  'completed',
  'declined',
] as const;
export const STATUS_MESSAGE = `Status must be one of ${COURSE_REQUEST_STATUSES.join(', ')}`;
export const CourseRequestStatus = z.enum(COURSE_REQUEST_STATUSES, { error: STATUS_MESSAGE });
export type CourseRequestStatus = z.infer<typeof CourseRequestStatus>;

export const COURSE_REQUEST_STATUS_LABELS: Record<CourseRequestStatus, string> = {
  pending: 'Pending',
  under_review: 'Under review',
  planned: 'Planned',
  completed: 'Completed',
  declined: 'Declined',
};

const requiredField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /course-requests: what the student wants to learn, their background and why. */
export const CreateCourseRequestInput = z.object({
  subject: requiredField('Subject', COURSE_REQUEST_SUBJECT_MAX),
  experience: requiredField('Experience', COURSE_REQUEST_TEXT_MAX),
  reason: requiredField('Reason', COURSE_REQUEST_TEXT_MAX),
});
export type CreateCourseRequestInput = z.input<typeof CreateCourseRequestInput>;

/**
 * PUT /admin/course-requests/{id}/status. admin_notes: left out keeps the current notes;
 * null or blank clears them.
 */
export const UpdateCourseRequestStatusInput = z.object({
  status: CourseRequestStatus,
  admin_notes: z
    .string({ error: 'Admin notes must be text' })
    .trim()
    .max(COURSE_REQUEST_TEXT_MAX, `Admin notes must be at most ${COURSE_REQUEST_TEXT_MAX} characters`)
    .nullable()
    .optional()
    .transform((notes) => (notes === undefined ? undefined : notes || null)),
});
export type UpdateCourseRequestStatusInput = z.input<typeof UpdateCourseRequestStatusInput>;

export const CourseRequest = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string(),
  subject: z.string(),
  experience: z.string(),
  reason: z.string(),
  status: CourseRequestStatus,
  admin_notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseRequest = z.infer<typeof CourseRequest>;

export const CourseRequestResponse = z.object({ request: CourseRequest });
export type CourseRequestResponse = z.infer<typeof CourseRequestResponse>;

export const CourseRequestsResponse = z.object({
  requests: z.array(CourseRequest),
  total: z.number().int(),
});
export type CourseRequestsResponse = z.infer<typeof CourseRequestsResponse>;

/** Requests grouped by subject, compared case- and space-insensitively; subject is the latest spelling. */
export const PopularRequest = z.object({
  subject: z.string(),
  request_count: z.number().int(),
  latest_at: z.string(),
});
export type PopularRequest = z.infer<typeof PopularRequest>;

export const PopularRequestsResponse = z.object({ requests: z.array(PopularRequest) });
export type PopularRequestsResponse = z.infer<typeof PopularRequestsResponse>;

export const PopularRequestsQuery = z.object({
  limit: pageLimit(POPULAR_REQUESTS_DEFAULT_LIMIT, POPULAR_REQUESTS_MAX_LIMIT),
});
export type PopularRequestsQuery = z.input<typeof PopularRequestsQuery>;

export const CourseRequestsQuery = z.object({
  limit: pageLimit(COURSE_REQUESTS_DEFAULT_LIMIT, COURSE_REQUESTS_MAX_LIMIT),
  offset: pageOffset,
});
export type CourseRequestsQuery = z.input<typeof CourseRequestsQuery>;

export const AdminCourseRequestsQuery = CourseRequestsQuery.extend({
  status: CourseRequestStatus.optional(),
});
export type AdminCourseRequestsQuery = z.input<typeof AdminCourseRequestsQuery>;
