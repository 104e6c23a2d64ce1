import {
  COURSE_REQUEST_STATUS_LABELS,
  type CourseRequest,
  type CourseRequestsResponse,
  type CourseRequestStatus,
  type PopularRequestsResponse,
} from '../../../common/course-requests';
import type { AuthContext } from '../../platform/auth';
import { assertSelfOrAdmin } from '../../platform/auth';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createCourseRequestsRepo, type CourseRequestRow } from './course-requests.repo';

interface Page {
  limit: number;
  offset: number;
}

const toRequest = (row: CourseRequestRow | Omit<CourseRequestRow, 'email' | 'email_notifications'>) => ({
  id: row.id,
  user_id: row.user_id,
  user_name: row.user_name,
  subject: row.subject,
  experience: row.experience,
  reason: row.reason,
  status: row.status,
  admin_notes: row.admin_notes,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Open (not completed or declined) requests one user may have at a time. */
export const MAX_OPEN_COURSE_REQUESTS = 10;
export const TOO_MANY_OPEN_REQUESTS_MESSAGE =
  `You already have ${MAX_OPEN_COURSE_REQUESTS} open course requests. ` +
  'Please wait until the school has answered one, or delete one, before asking for another.';

const requestNotFound = () => notFound('Course request not found', 'COURSE_REQUEST_NOT_FOUND');

/** The e-mail a requester gets when an admin changes the status of their request. */
export function statusChangeMail(row: CourseRequestRow): { subject: string; text: string } {
  const lines = [
    `Hello ${row.user_name},`,
    '',
    `The status of your course request "${row.subject}" is now: ${COURSE_REQUEST_STATUS_LABELS[row.status]}.`,
  ];
  if (row.admin_notes) lines.push('', `Notes from the school: ${row.admin_notes}`);
  lines.push('', 'Thank you for telling us what you would like to learn.');
  return { subject: `Your course request: ${row.subject}`, text: lines.join('\n') };
}

export function createCourseRequestsService(platform: Platform) {
  const repo = createCourseRequestsRepo(platform.db);

  async function load(id: string): Promise<CourseRequestRow> {
    const row = await repo.find(id);
    if (!row) throw requestNotFound();
    return row;
  }

  return {
    async create(
      auth: AuthContext,
      input: { subject: string; experience: string; reason: string },
    ): Promise<CourseRequest> {
      const now = platform.clock.now();
      // The author's lock serialises their concurrent requests, so none gets past the cap.
      const id = await platform.withAdvisoryLock(`course-requests:${auth.user.id}`, () =>
        repo.insertUnderCap(
          { ...input, user_id: auth.user.id, created_at: now, updated_at: now },
          MAX_OPEN_COURSE_REQUESTS,
        ),
      );
      if (!id) throw conflict(TOO_MANY_OPEN_REQUESTS_MESSAGE, 'TOO_MANY_OPEN_REQUESTS');
      return toRequest(await load(id));
    },

    async popular(limit: number): Promise<PopularRequestsResponse> {
      const rows = await repo.popular(limit);
      return { requests: rows.map((row) => ({ ...row, latest_at: row.latest_at.toISOString() })) };
    },

    async forUser(auth: AuthContext, userId: string, page: Page): Promise<CourseRequestsResponse> {
      assertSelfOrAdmin(auth, userId);
      // An administrator may name anyone: an id nobody has is a 404, not an empty list.
      if (auth.user.id !== userId && !(await repo.userExists(userId))) {
        throw notFound('User not found', 'USER_NOT_FOUND');
      }
      const { rows, total } = await repo.listForUser(userId, page);
      return { requests: rows.map(toRequest), total };
    },

    async adminList(status: CourseRequestStatus | undefined, page: Page): Promise<CourseRequestsResponse> {
      const { rows, total } = await repo.listAll(status, page);
      return { requests: rows.map(toRequest), total };
    },

    /** The requester is e-mailed when the status really changes, unless they turned e-mail off. */
    async updateStatus(
      id: string,
      change: { status: CourseRequestStatus; admin_notes?: string | null },
    ): Promise<CourseRequest> {
      const result = await platform.tx(() => repo.updateStatus(id, change, platform.clock.now()));
      if (!result) throw requestNotFound();
      const row = await load(id);
      if (result.previous !== row.status && row.email_notifications) {
        await platform.mailer.send({ to: row.email, ...statusChangeMail(row) });
      }
      return toRequest(row);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const row = await load(id);
      if (row.user_id !== auth.user.id && !auth.user.is_admin) {
        throw forbidden('You can only delete your own course requests', 'NOT_OWNER');
      }
      if (!(await repo.remove(id))) throw requestNotFound();
    },
  };
}
export type CourseRequestsService = ReturnType<typeof createCourseRequestsService>;
