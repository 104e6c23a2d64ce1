import { conversations, messages } from '../../../db/schema';
import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { createChat } from './factories';

/*
 * Matrix entries for messages and support. A's conversation is with the administrator, so the
 * administrator acts as its other member; student B is an outsider, whose every call on A's ids
 * answers as if they did not exist.
 */

/** A student of their own in A's place, whose conversation with the administrator the call may change. */
const freshChat = async (t: TestApp, w: World) => {
  const a = await createUser(t);
  return { a, chat: await createChat(t, a.user.id, w.admin.user.id) };
};
const chatRows = (t: TestApp, w: World) =>
  rowsWhere(t, conversations, conversations.id, w.chat.conversationId);
const chatMessages = (t: TestApp, w: World) =>
  rowsWhere(t, messages, messages.conversation_id, w.chat.conversationId);
const conversation = (w: World) => ({ params: { id: w.chat.conversationId } });
const ofA = (w: World) => ({ params: { id: w.a.user.id } });

export const MESSAGE_ENTRIES: MatrixEntry[] = [
  { route: 'GET /api/users/:id/conversations', call: ofA },
  { route: 'GET /api/users/:id/messages/deleted', call: ofA },
  { route: 'GET /api/users/:id/messages/unread-count', call: ofA },
  { route: 'GET /api/users/:id/messages/recent', call: ofA },
  { route: 'GET /api/users/:id/messages/search', call: (w) => ({ ...ofA(w), query: { q: 'hello' } }) },
  {
    route: 'POST /api/conversations',
    status: 201,
    fresh: async (t) => ({ outsider: (await createUser(t)).user.id }),
    call: (w) => ({ body: { user1_id: w.a.user.id, user2_id: w.outsider } }),
    // Only one of the pair may start their conversation, an administrator included.
    expect: { admin: { status: 403, code: 'NOT_PARTICIPANT' } },
  },
  { route: 'GET /api/conversations/:id', call: conversation },
  { route: 'GET /api/conversations/:id/messages', call: conversation },
  { route: 'PUT /api/conversations/:id/read', fresh: freshChat, call: conversation, unchanged: chatMessages },
  {
    route: 'DELETE /api/conversations/:id/delete-for-me',
    fresh: freshChat,
    call: conversation,
    unchanged: chatRows,
  },
  { route: 'DELETE /api/conversations/:id', fresh: freshChat, call: conversation, unchanged: chatRows },
  {
    route: 'POST /api/messages',
    status: 201,
    fresh: freshChat,
    call: (w) => ({ body: { conversation_id: w.chat.conversationId, text: 'See you at practice' } }),
    unchanged: chatMessages,
  },
  {
    route: 'PUT /api/messages/:id/read',
    fresh: freshChat,
    call: (w) => ({ params: { id: w.chat.toA } }),
    unchanged: chatMessages,
    // The administrator sent it: only its recipient marks it read.
    expect: { admin: { status: 403, code: 'NOT_RECIPIENT' } },
  },
  {
    route: 'DELETE /api/messages/:id',
    fresh: freshChat,
    call: (w) => ({ params: { id: w.chat.fromA } }),
    unchanged: chatMessages,
  },
  {
    route: 'DELETE /api/messages/:id/delete-for-me',
    fresh: freshChat,
    call: (w) => ({ params: { id: w.chat.fromA } }),
    unchanged: chatMessages,
  },
  { route: 'POST /api/messages/:id/restore', call: (w) => ({ params: { id: w.chat.fromA } }) },
  { route: 'GET /api/admin/conversations' },
  { route: 'GET /api/admin/messages/stats' },
  {
    route: 'POST /api/support',
    status: 201,
    call: () => ({ body: { subject: 'Billing', category: 'account', description: 'Where is my receipt?' } }),
    // Each member writes to their own support conversation; administrators answer in Messages.
    expect: { studentB: 'allowed', admin: { status: 403, code: 'ADMIN_SUPPORT_REQUEST' } },
  },
];
