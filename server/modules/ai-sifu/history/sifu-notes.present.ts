import type {
  AdminConversation,
  AiConversation,
  NoteWithConversation,
  StudentNote,
} from '../../../../common/ai-sifu';
import type { AnswerSources } from '../../../db/schema';
import type { AdminConversationRow, ConversationRow } from './conversations.repo';
import type { NoteWithConversationRow } from './notes.repo';

interface NoteFields {
  id: string;
  ai_conversation_id: string;
  course_id: string | null;
  note_text: string;
  created_at: Date;
  updated_at: Date;
}

export const toNote = (row: NoteFields): StudentNote => ({
  id: row.id,
  ai_conversation_id: row.ai_conversation_id,
  course_id: row.course_id,
  note_text: row.note_text,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const toNoteWithConversation = (row: NoteWithConversationRow): NoteWithConversation => ({
  ...toNote(row),
  question_text: row.question_text,
  response_text: row.response_text,
  course_title: row.course_title,
});

/** The sources as kept with the answer; a list missing from an older row reads as none. */
const sourcesOf = (sources: Partial<AnswerSources> | null) => ({
  terms_used: sources?.terms_used ?? [],
  manual_sections: sources?.manual_sections ?? [],
  classical_references: sources?.classical_references ?? [],
  lessons_used: sources?.lessons_used ?? [],
});

const conversationFields = (row: Omit<ConversationRow, 'note'>) => ({
  id: row.id,
  question_text: row.question_text,
  response_text: row.response_text,
  created_at: row.created_at.toISOString(),
  course_context: row.course_id,
  course_title: row.course_title,
  cached_response: row.cached_response,
  response_time_ms: row.response_time_ms,
  ...sourcesOf(row.sources),
});

export const toConversation = (row: ConversationRow): AiConversation => ({
  ...conversationFields(row),
  note: row.note ? toNote(row.note) : null,
});

export const toAdminConversation = (row: AdminConversationRow): AdminConversation => ({
  ...conversationFields(row),
  user_id: row.user_id,
  user_name: row.user_name,
});
