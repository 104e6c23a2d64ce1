import { aiConversations, studentNotes } from '../../../db/schema';
import { ownAccountOnly, rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createConversation, createNote } from './factories-conversations';

/*
 * Matrix entries for AI Sifu's conversations and notes (Sifu's Notes). A student reaches only
 * their own: B's calls with A's ids find nothing. Administrators read every student's history, as
 * every other per-user list, but a conversation and its note are changed by their student alone.
 */

/** A conversation of A's in A's course, with A's note on it unless `noted` is false. */
const freshSifu =
  (noted = true) =>
  async (t: TestApp, w: World) => {
    const conversation = await createConversation(t, w.a.user.id, { course_id: w.course.id });
    const note = noted ? await createNote(t, conversation) : undefined;
    return { sifu: { conversationId: conversation.id, noteId: note?.id } };
  };
const sifuOf = (w: World) => w.sifu!;
const conversation = (w: World) => ({ params: { id: sifuOf(w).conversationId } });
const note = (w: World) => ({ params: { id: sifuOf(w).noteId! } });
const ofA = (w: World) => ({ params: { id: w.a.user.id } });
const ofAInCourse = (w: World) => ({ params: { id: w.a.user.id, courseId: w.course.id } });
const conversationRows = (t: TestApp, w: World) =>
  rowsWhere(t, aiConversations, aiConversations.id, sifuOf(w).conversationId);
const noteRows = (t: TestApp, w: World) =>
  rowsWhere(t, studentNotes, studentNotes.ai_conversation_id, sifuOf(w).conversationId);
/** Administrators read a student's conversations and notes but do not change them. */
const notTheAdmins = { admin: { status: 403, code: 'NOT_OWNER' } } as const;

export const AI_CONVERSATION_ENTRIES: MatrixEntry[] = [
  // Everyone reads their own latest conversations.
  { route: 'GET /api/ai-sifu/history', expect: ownAccountOnly },
  { route: 'GET /api/users/:id/ai-conversations', call: ofA },
  {
    route: 'GET /api/users/:id/ai-conversations/search',
    call: (w) => ({ ...ofA(w), query: { q: 'knees' } }),
  },
  { route: 'GET /api/users/:id/ai-conversations/course/:courseId', call: ofAInCourse },
  { route: 'GET /api/users/:id/ai-conversations/stats', call: ofA },
  { route: 'GET /api/ai-conversations/:id', fresh: freshSifu(), call: conversation },
  { route: 'GET /api/ai-conversations/:id/notes', fresh: freshSifu(), call: conversation },
  {
    route: 'DELETE /api/ai-conversations/:id',
    fresh: freshSifu(),
    call: conversation,
    unchanged: async (t, w) => [await conversationRows(t, w), await noteRows(t, w)],
    expect: notTheAdmins,
  },
  {
    route: 'POST /api/ai-conversations',
    status: 201,
    call: () => ({
      body: { question_text: 'Why sink the elbows?', response_text: 'To connect to the root.' },
    }),
    // Each keeps a conversation in their own history.
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/student-notes',
    status: 201,
    fresh: freshSifu(false),
    call: (w) => ({ body: { ai_conversation_id: sifuOf(w).conversationId, note_text: 'Ask at class' } }),
    unchanged: noteRows,
    expect: notTheAdmins,
  },
  { route: 'GET /api/student-notes/:id', fresh: freshSifu(), call: note },
  {
    route: 'PUT /api/student-notes/:id',
    fresh: freshSifu(),
    call: (w) => ({ ...note(w), body: { note_text: 'Rewritten' } }),
    unchanged: noteRows,
    expect: notTheAdmins,
  },
  {
    route: 'DELETE /api/student-notes/:id',
    fresh: freshSifu(),
    call: note,
    unchanged: noteRows,
    expect: notTheAdmins,
  },
  { route: 'GET /api/users/:id/notes', call: ofA },
  { route: 'GET /api/users/:id/notes/course/:courseId', call: ofAInCourse },
  { route: 'GET /api/users/:id/notes/search', call: (w) => ({ ...ofA(w), query: { q: 'class' } }) },
  { route: 'GET /api/users/:id/notes/stats', call: ofA },
  { route: 'GET /api/admin/ai-conversations' },
  { route: 'GET /api/admin/ai-conversations/analytics' },
  { route: 'GET /api/admin/ai-conversations/active-users' },
  {
    route: 'POST /api/admin/ai-conversations/cleanup',
    // Nothing in the matrix's world is ten years old.
    call: () => ({ body: { days_old: 3650 } }),
  },
];
