import { CONVERSATION_NOT_FOUND, NOTE_NOT_FOUND } from '../../../../common/ai-sifu';
import { assertSelfOrAdmin, type AuthContext } from '../../../platform/auth';
import { forbidden, notFound } from '../../../platform/errors';

/*
 * Who reaches a student's AI conversations and notes. As with every other per-user list of the
 * school, the student and the administrators read them; only the student changes them. Anyone
 * else's ids answer as missing, so they cannot be probed.
 */

export const conversationNotFound = () => notFound(CONVERSATION_NOT_FOUND, 'CONVERSATION_NOT_FOUND');
export const noteNotFound = () => notFound(NOTE_NOT_FOUND, 'NOTE_NOT_FOUND');
export const userNotFound = () => notFound('User not found', 'USER_NOT_FOUND');
export const NOT_OWNER_MESSAGE = 'Only the student who asked can change their conversations and notes';

interface Owned {
  user_id: string;
}

function assertCanRead(auth: AuthContext, record: Owned, missing: () => Error) {
  if (record.user_id !== auth.user.id && !auth.user.is_admin) throw missing();
}

function assertCanChange(auth: AuthContext, record: Owned, missing: () => Error) {
  assertCanRead(auth, record, missing);
  if (record.user_id !== auth.user.id) throw forbidden(NOT_OWNER_MESSAGE, 'NOT_OWNER');
}

export const assertCanReadConversation = (auth: AuthContext, conversation: Owned) =>
  assertCanRead(auth, conversation, conversationNotFound);
export const assertCanChangeConversation = (auth: AuthContext, conversation: Owned) =>
  assertCanChange(auth, conversation, conversationNotFound);
export const assertCanReadNote = (auth: AuthContext, note: Owned) => assertCanRead(auth, note, noteNotFound);
export const assertCanChangeNote = (auth: AuthContext, note: Owned) =>
  assertCanChange(auth, note, noteNotFound);

/**
 * The student a `/users/{id}/…` list belongs to: the caller, or anyone for an administrator (an
 * id nobody has is then a 404, not an empty list).
 */
export async function assertCanReadListsOf(
  auth: AuthContext,
  userId: string,
  userExists: (id: string) => Promise<boolean>,
): Promise<void> {
  assertSelfOrAdmin(auth, userId);
  if (userId !== auth.user.id && !(await userExists(userId))) throw userNotFound();
}
