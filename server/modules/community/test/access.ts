import { expect } from 'vitest';
import { CommunityResponse, CommunityStudentsResponse } from '../../../../common/community';
import type { MatrixEntry } from '../../../test/access-matrix';

/* Matrix entries for the community: every signed-in member reads their own, never another's. */

export const COMMUNITY_ENTRIES: MatrixEntry[] = [
  {
    route: 'GET /api/community',
    // Each caller gets their own community; B is in no course, so B's has no course sections.
    expect: { studentB: 'allowed' },
    check: (res, actor, w) => {
      if (res.statusCode !== 200) return;
      const body = CommunityResponse.parse(res.json());
      if (actor === 'studentA') expect(body.courses.map((c) => c.course_id)).toContain(w.course.id);
      if (actor === 'studentB') expect(body.courses).toEqual([]);
    },
  },
  {
    route: 'GET /api/community/courses/:id/students',
    call: (w) => ({ params: { id: w.course.id } }),
    // Only those enrolled in the course see its students: B is not, and neither is the admin.
    expect: {
      studentB: { status: 404, code: 'COURSE_NOT_FOUND' },
      admin: { status: 404, code: 'COURSE_NOT_FOUND' },
    },
    check: (res, actor) => {
      if (actor === 'studentA') CommunityStudentsResponse.parse(res.json());
    },
  },
];
