import {
  NOTE_EXISTS,
  SIFU_STATS_WINDOW_DAYS,
  type NoteListResponse,
  type NoteStats,
  type StudentNote,
} from '../../../../common/ai-sifu';
import type { AuthContext } from '../../../platform/auth';
import { badRequest, conflict } from '../../../platform/errors';
import type { Platform } from '../../../platform';
import type { Page } from './conversations.repo';
import type { ConversationsService } from './conversations.service';
import { createNotesRepo, type NoteRow, type NoteWithConversationRow } from './notes.repo';
import { toNote, toNoteWithConversation } from './sifu-notes.present';
import {
  assertCanChangeConversation,
  assertCanChangeNote,
  assertCanReadNote,
  noteNotFound,
} from './sifu-notes.access';

const DAY_MS = 24 * 60 * 60_000;
export const NOTE_COURSE_MISMATCH = 'A note belongs to the course of the answer it is written on';

const list = ({ rows, total }: { rows: NoteWithConversationRow[]; total: number }): NoteListResponse => ({
  notes: rows.map(toNoteWithConversation),
  total,
});

export function createNotesService(platform: Platform, deps: { conversations: ConversationsService }) {
  const repo = createNotesRepo(platform.db);
  const canReadListsOf = deps.conversations.canReadListsOf;

  async function load(auth: AuthContext, id: string): Promise<NoteRow> {
    const row = await repo.find(id);
    if (!row) throw noteNotFound();
    assertCanReadNote(auth, row);
    return row;
  }

  return {
    /** At most one note per answer: a second, even one racing the first, is a 409 NOTE_EXISTS. */
    async create(
      auth: AuthContext,
      input: { ai_conversation_id: string; course_id: string | null; note_text: string },
    ): Promise<StudentNote> {
      const conversation = await deps.conversations.load(auth, input.ai_conversation_id);
      assertCanChangeConversation(auth, conversation);
      if (input.course_id !== null && input.course_id !== conversation.course_id) {
        throw badRequest(NOTE_COURSE_MISMATCH, 'NOTE_COURSE_MISMATCH');
      }
      const now = platform.clock.now();
      const row = await repo.insertUnlessNoted({
        user_id: auth.user.id,
        ai_conversation_id: conversation.id,
        course_id: conversation.course_id,
        note_text: input.note_text,
        created_at: now,
        updated_at: now,
      });
      if (!row) throw conflict(NOTE_EXISTS, 'NOTE_EXISTS');
      return toNote(row);
    },

    get: async (auth: AuthContext, id: string): Promise<StudentNote> => toNote(await load(auth, id)),

    async update(auth: AuthContext, id: string, noteText: string): Promise<StudentNote> {
      assertCanChangeNote(auth, await load(auth, id));
      const row = await repo.updateText(id, noteText, platform.clock.now());
      if (!row) throw noteNotFound();
      return toNote(row);
    },

    /** The answer stays; the student sees it without their note again. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      assertCanChangeNote(auth, await load(auth, id));
      if (!(await repo.remove(id))) throw noteNotFound();
    },

    async forUser(auth: AuthContext, userId: string, page: Page) {
      await canReadListsOf(auth, userId);
      return list(await repo.listForUser(userId, page));
    },

    async forCourse(auth: AuthContext, userId: string, courseId: string, limit: number) {
      await canReadListsOf(auth, userId);
      return list(await repo.listForCourse(userId, courseId, limit));
    },

    async search(auth: AuthContext, userId: string, query: { q: string; limit: number }) {
      await canReadListsOf(auth, userId);
      return list(await repo.searchForUser(userId, query.q, query.limit));
    },

    async stats(auth: AuthContext, userId: string): Promise<NoteStats> {
      await canReadListsOf(auth, userId);
      const since = new Date(platform.clock.now().getTime() - SIFU_STATS_WINDOW_DAYS * DAY_MS);
      return repo.statsForUser(userId, since);
    },

    async forConversation(auth: AuthContext, conversationId: string): Promise<NoteListResponse> {
      await deps.conversations.load(auth, conversationId);
      const rows = await repo.forConversation(conversationId);
      return { notes: rows.map(toNoteWithConversation), total: rows.length };
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
