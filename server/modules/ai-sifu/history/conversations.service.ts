import {
  SIFU_COURSE_NOT_FOUND,
  SIFU_NOT_ENROLLED,
  SIFU_STATS_WINDOW_DAYS,
  type ActiveUser,
  type AdminConversation,
  type AiConversation,
  type AiConversationListResponse,
  type AiConversationStats,
  type ConversationAnalytics,
} from '../../../../common/ai-sifu';
import type { AuthContext } from '../../../platform/auth';
import { forbidden, notFound } from '../../../platform/errors';
import type { Platform } from '../../../platform';
import type { CourseAccess } from '../../enrollments/course-access.service';
import { createConversationsRepo, type ConversationRow, type Page } from './conversations.repo';
import { toAdminConversation, toConversation } from './sifu-notes.present';
import {
  assertCanChangeConversation,
  assertCanReadConversation,
  assertCanReadListsOf,
  conversationNotFound,
} from './sifu-notes.access';

const DAY_MS = 24 * 60 * 60_000;
/** The admin's active users are counted over the same 30 days as the analytics' active users. */
export const ACTIVE_USERS_WINDOW_DAYS = 30;

const list = ({ rows, total }: { rows: ConversationRow[]; total: number }): AiConversationListResponse => ({
  conversations: rows.map(toConversation),
  total,
});

export function createConversationsService(
  platform: Platform,
  deps: { access: Pick<CourseAccess, 'canOpen'> },
) {
  const repo = createConversationsRepo(platform.db);
  const daysAgo = (days: number) => new Date(platform.clock.now().getTime() - days * DAY_MS);
  const canReadListsOf = (auth: AuthContext, userId: string) =>
    assertCanReadListsOf(auth, userId, (id) => repo.userExists(id));

  async function load(auth: AuthContext, id: string): Promise<ConversationRow> {
    const row = await repo.find(id);
    if (!row) throw conversationNotFound();
    assertCanReadConversation(auth, row);
    return row;
  }

  /** A conversation the student brings is kept under a course they study (any course for an administrator). */
  async function assertCanFileUnder(auth: AuthContext, courseId: string) {
    if (!auth.user.is_admin && (await deps.access.canOpen(auth.user.id, courseId))) return;
    if (!(await repo.courseExists(courseId))) throw notFound(SIFU_COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
    if (!auth.user.is_admin) throw forbidden(SIFU_NOT_ENROLLED, 'NOT_ENROLLED');
  }

  return {
    /** For the notes, which are written on conversations and listed per student as they are. */
    load,
    canReadListsOf,

    history: async (auth: AuthContext, limit: number) =>
      list(await repo.listForUser(auth.user.id, { limit, offset: 0 })),

    async forUser(auth: AuthContext, userId: string, page: Page) {
      await canReadListsOf(auth, userId);
      return list(await repo.listForUser(userId, page));
    },

    async search(auth: AuthContext, userId: string, query: { q: string; limit: number }) {
      await canReadListsOf(auth, userId);
      return list(await repo.searchForUser(userId, query.q, query.limit));
    },

    async forCourse(auth: AuthContext, userId: string, courseId: string, limit: number) {
      await canReadListsOf(auth, userId);
      return list(await repo.listForCourse(userId, courseId, limit));
    },

    async stats(auth: AuthContext, userId: string): Promise<AiConversationStats> {
      await canReadListsOf(auth, userId);
      return repo.statsForUser(userId, daysAgo(SIFU_STATS_WINDOW_DAYS));
    },

    get: async (auth: AuthContext, id: string): Promise<AiConversation> =>
      toConversation(await load(auth, id)),

    /**
     * Keeps a question and answer the student brings in their history: nothing is asked of AI
     * Sifu, so nothing counts against an allowance or in the question log.
     */
    async create(
      auth: AuthContext,
      input: { question_text: string; response_text: string; course_context: string | null },
    ): Promise<AiConversation> {
      if (input.course_context) await assertCanFileUnder(auth, input.course_context);
      const id = await repo.insert({
        user_id: auth.user.id,
        course_id: input.course_context,
        question_text: input.question_text,
        response_text: input.response_text,
        origin: 'brought',
        created_at: platform.clock.now(),
      });
      return toConversation((await repo.find(id))!);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      assertCanChangeConversation(auth, await load(auth, id));
      if (!(await repo.removeOwn(id, auth.user.id))) throw conversationNotFound();
    },

    /* Administrators ------------------------------------------------------------------------ */

    async adminList(page: Page): Promise<{ conversations: AdminConversation[]; total: number }> {
      const { rows, total } = await repo.listAll(page);
      return { conversations: rows.map(toAdminConversation), total };
    },

    async analytics(): Promise<ConversationAnalytics> {
      const [totals, by_course] = await Promise.all([
        repo.totals(daysAgo(SIFU_STATS_WINDOW_DAYS)),
        repo.byCourse(),
      ]);
      return { ...totals, by_course };
    },

    async activeUsers(limit: number): Promise<{ users: ActiveUser[] }> {
      const rows = await repo.activeUsers(daysAgo(ACTIVE_USERS_WINDOW_DAYS), limit);
      return { users: rows.map((row) => ({ ...row, last_question_at: row.last_question_at.toISOString() })) };
    },

    /** Conversations older than `daysOld` days go, their notes with them, and the question log's rows of that age. */
    async cleanup(daysOld: number): Promise<{ success: true; deleted: number }> {
      const deleted = await platform.tx(() => repo.removeOlderThan(daysAgo(daysOld)));
      return { success: true, deleted };
    },
  };
}
export type ConversationsService = ReturnType<typeof createConversationsService>;
