import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MessageResponse } from '../../../../common/messages';
import { conversations, messages } from '../../../db/schema';
import type { TestApp } from '../../../test/app';
import type { createUser } from '../../../test/factories';

type Person = Awaited<ReturnType<typeof createUser>>;

/** A direct conversation of the pair, stored as the app stores it (the lower id first). */
export async function createConversation(t: TestApp, a: string, b: string) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await t.database.db
    .insert(conversations)
    .values({ kind: 'direct', user1_id: low, user2_id: high, created_at: t.clock.now() })
    .returning();
  return row!;
}

/** A message written straight to the table, with its conversation's newest message moved to it. */
export async function createMessage(
  t: TestApp,
  input: {
    conversation_id: string;
    sender_id: string;
    recipient_id: string | null;
    text?: string;
    sent_at?: Date;
  },
) {
  const sent_at = input.sent_at ?? t.clock.now();
  const [row] = await t.database.db
    .insert(messages)
    .values({ text: 'Hello from the training hall', ...input, sent_at })
    .returning();
  await t.database.db
    .update(conversations)
    .set({ last_message_id: row!.id, last_message_at: sent_at })
    .where(eq(conversations.id, input.conversation_id));
  return row!;
}

/** Sends through the API, as the web app does, and expects it to be accepted. */
export async function sendMessage(t: TestApp, from: Person, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: from.auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MessageResponse>().message;
}

/** A direct conversation of two people with one message each way: what the access matrix acts on. */
export async function createChat(t: TestApp, a: string, b: string) {
  const conversation = await createConversation(t, a, b);
  const fromA = await createMessage(t, { conversation_id: conversation.id, sender_id: a, recipient_id: b });
  const toA = await createMessage(t, { conversation_id: conversation.id, sender_id: b, recipient_id: a });
  return { conversationId: conversation.id, fromA: fromA.id, toA: toA.id };
}
