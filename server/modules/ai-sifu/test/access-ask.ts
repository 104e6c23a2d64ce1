import { AiUsage, AskResponse, UserUsageResponse } from '../../../../common/ai-sifu';
import { aiConversations } from '../../../db/schema';
import { ownAccountOnly, rowsWhere, type MatrixEntry } from '../../../test/access-matrix';

/*
 * Matrix entries for asking AI Sifu and its usage: a student asks about a course they are enrolled
 * in (B is not enrolled in A's course; administrators are refused, they read the analytics), and
 * each member reads their own usage.
 */

export const AI_ASK_ENTRIES: MatrixEntry[] = [
  {
    route: 'POST /api/ai-sifu/ask',
    call: (w) => ({ body: { question: 'What is zhan zhuang?', course_id: w.course.id } }),
    expect: {
      studentB: { status: 403, code: 'SIFU_NOT_ENROLLED' },
      admin: { status: 403, code: 'SIFU_ADMIN_REFUSED' },
    },
    unchanged: (t, w) => rowsWhere(t, aiConversations, aiConversations.user_id, w.a.user.id),
    check: (res) => {
      if (res.statusCode === 200) AskResponse.parse(res.json());
    },
  },
  {
    route: 'GET /api/ai-sifu/usage',
    expect: ownAccountOnly,
    check: (res, actor, w) => {
      if (res.statusCode !== 200) return;
      const usage = AiUsage.parse(res.json());
      // Each reads their own: only A is enrolled in A's course.
      const seesA = usage.courses.some((course) => course.course_id === w.course.id);
      if (seesA !== (actor === 'studentA')) throw new Error(`${actor} read another member's usage`);
    },
  },
  {
    route: 'GET /api/admin/ai-sifu/user-usage/:userId',
    call: (w) => ({ params: { userId: w.a.user.id } }),
    check: (res) => {
      if (res.statusCode === 200) UserUsageResponse.parse(res.json());
    },
  },
];
