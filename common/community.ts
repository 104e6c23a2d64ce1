import { z } from 'zod';
import { pageLimit, pageOffset } from './api';
import { PublicProfile } from './users';

/** Fellow students shown per course before "Show more", and the most one page may ask for. */
export const COMMUNITY_PAGE_SIZE = 12;
export const COMMUNITY_MAX_PAGE_SIZE = 48;

/** The community screens' texts: the member's community page and the administrators' management page. */
export const COMMUNITY_MESSAGES = {
  loadFailed: 'Failed to load community data',
  noFellowStudents: 'No fellow students found in your courses',
  privateProfile: 'Private Profile',
  currentUserFailed: 'Unable to load current user data',
  updateFailed: 'Update Failed',
  deleteFailed: 'Delete Failed',
  copyFailed: 'Failed to copy email addresses',
  noEmails: 'No email addresses found to copy',
  courseNotFound: 'Course not found',
} as const;

/** One of the member's courses with the first page of their fellow public students. */
export const CommunityCourse = z.object({
  course_id: z.uuid(),
  course_name: z.string(),
  students: z.array(PublicProfile),
  /** How many fellow public students the course has in all. */
  total: z.number().int(),
});
export type CommunityCourse = z.infer<typeof CommunityCourse>;

/**
 * GET /community: the instructors (the active administrators), then each course the caller is
 * enrolled in with the active students who share it and keep a public profile, never the caller.
 */
export const CommunityResponse = z.object({
  instructors: z.array(PublicProfile),
  courses: z.array(CommunityCourse),
});
export type CommunityResponse = z.infer<typeof CommunityResponse>;

/** GET /community/courses/{id}/students?limit&offset: a further page of one course's fellow students. */
export const CommunityStudentsQuery = z.object({
  limit: pageLimit(COMMUNITY_PAGE_SIZE, COMMUNITY_MAX_PAGE_SIZE),
  offset: pageOffset,
});
export type CommunityStudentsQuery = z.input<typeof CommunityStudentsQuery>;

export const CommunityStudentsResponse = z.object({
  students: z.array(PublicProfile),
  total: z.number().int(),
});
export type CommunityStudentsResponse = z.infer<typeof CommunityStudentsResponse>;
