import {
  COMMUNITY_MESSAGES,
  COMMUNITY_PAGE_SIZE,
  type CommunityResponse,
  type CommunityStudentsResponse,
} from '../../../common/community';
import type { AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import type { CourseAccess } from '../enrollments/course-access.service';
import { toPublicProfile, type UserRow } from '../users/users.service';
import { createCommunityRepo } from './community.repo';

/** What the community needs from the users domain (passed in by server/modules/index.ts). */
export interface Instructors {
  activeAdmins(): Promise<UserRow[]>;
}

/**
 * The member's community (the course instructors, then fellow students per course): everyone in
 * it is shown as a non-admin sees another person (toPublicProfile), so a private profile keeps its
 * details to itself here too.
 */
export function createCommunityService(
  platform: Platform,
  deps: { users: Instructors; access: Pick<CourseAccess, 'takenCourses' | 'isTaking' | 'takers'> },
) {
  const { access } = deps;
  const repo = createCommunityRepo(platform.db);

  async function studentsPage(
    courseId: string,
    callerId: string,
    page: { limit: number; offset: number },
  ): Promise<CommunityStudentsResponse> {
    const { rows, total } = await repo.fellowStudents(access.takers(courseId), callerId, page);
    return { students: rows.map((row) => toPublicProfile(row)), total };
  }

  return {
    async overview(auth: AuthContext): Promise<CommunityResponse> {
      const me = auth.user.id;
      const [admins, mine] = await Promise.all([deps.users.activeAdmins(), access.takenCourses(me)]);
      const courses = await Promise.all(
        mine.map(async (course) => ({
          course_id: course.id,
          course_name: course.title,
          ...(await studentsPage(course.id, me, { limit: COMMUNITY_PAGE_SIZE, offset: 0 })),
        })),
      );
      return {
        instructors: admins.filter((admin) => admin.id !== me).map((admin) => toPublicProfile(admin)),
        courses,
      };
    },

    /** A further page of one course's fellow students: only for someone who has the course (else 404). */
    async courseStudents(
      auth: AuthContext,
      courseId: string,
      page: { limit: number; offset: number },
    ): Promise<CommunityStudentsResponse> {
      if (!(await access.isTaking(auth.user.id, courseId)))
        throw notFound(COMMUNITY_MESSAGES.courseNotFound, 'COURSE_NOT_FOUND');
      return studentsPage(courseId, auth.user.id, page);
    },
  };
}
export type CommunityService = ReturnType<typeof createCommunityService>;
