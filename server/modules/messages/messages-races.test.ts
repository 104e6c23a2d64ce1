import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { ConversationListResponse, MessageListResponse } from '../../../common/messages';
import type { SupportRequestResponse } from '../../../common/support';
import { conversations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createAdmin, createUser } from '../../test/factories';
import { sendMessage } from './test/factories';

/*
 * Requests that race each other: on PostgreSQL (DATABASE_URL set) they run at once on several
 * connections; on PGlite one after another, where they still hold the answers to the same rules.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Person = Awaited<ReturnType<typeof createUser>>;
const post = (who: Person, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload });
const get = (who: Person, url: string) => t.call('GET', url, undefined, who.auth);
const unreadOf = async (who: Person) =>
  (await get(who, `/api/users/${who.user.id}/messages/unread-count`)).json<{ unread_count: number }>()
    .unread_count;

describe('racing requests', () => {
  itConcurrently('make one conversation per pair, whichever side starts it how often', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(i % 2 ? a : b, '/api/conversations', {
          user1_id: i % 3 ? a.user.id : b.user.id,
          user2_id: i % 3 ? b.user.id : a.user.id,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((res) => res.json<{ conversation_id: string }>().conversation_id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.user1_id, a.user.id < b.user.id ? a.user.id : b.user.id));
    expect(rows).toHaveLength(1);
  });

  itConcurrently('make one conversation when both people write first at the same moment', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const [fromA, fromB] = await Promise.all([
      sendMessage(t, a, { recipient_id: b.user.id, text: 'hi B' }),
      sendMessage(t, b, { recipient_id: a.user.id, text: 'hi A' }),
    ]);
    expect(fromA.conversation_id).toBe(fromB.conversation_id);
  });

  itConcurrently(
    'keep the order by sent_at then id, the newest as last message, and exact counts',
    async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      const opened = await sendMessage(t, a, { recipient_id: b.user.id, text: 'start' });
      const id = opened.conversation_id;
      // The clock stands still, so every message ties on sent_at and only the id orders them.
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          sendMessage(t, i % 2 ? a : b, { conversation_id: id, text: `m${i}` }),
        ),
      );
      const page = (await get(a, `/api/conversations/${id}/messages?limit=100`)).json<MessageListResponse>();
      const expected = [opened, ...sent]
        .sort((x, y) => (x.sent_at === y.sent_at ? (x.id < y.id ? -1 : 1) : x.sent_at < y.sent_at ? -1 : 1))
        .map((m) => m.id);
      expect(page.messages.map((m) => m.id)).toEqual(expected);
      const listed = (await get(a, `/api/users/${a.user.id}/conversations`)).json<ConversationListResponse>();
      expect(listed.conversations[0]!.last_message!.id).toBe(expected.at(-1));
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
      expect(row!.last_message_id).toBe(expected.at(-1));

      expect(await unreadOf(b)).toBe(6);
      expect(await unreadOf(a)).toBe(5);
      const toB = page.messages.filter((m) => m.recipient_id === b.user.id);
      // Reading each message and the whole conversation at once counts each message once.
      const reads = await Promise.all([
        ...toB.map((m) =>
          t.app.inject({ method: 'PUT', url: `/api/messages/${m.id}/read`, headers: b.auth }),
        ),
        t.app.inject({ method: 'PUT', url: `/api/conversations/${id}/read`, headers: b.auth }),
        t.app.inject({ method: 'PUT', url: `/api/conversations/${id}/read`, headers: b.auth }),
      ]);
      const updated = reads.map((res) => res.json<{ updated: number }>().updated);
      expect(updated.reduce((sum, n) => sum + n, 0)).toBe(6);
      expect(await unreadOf(b)).toBe(0);
      expect(await unreadOf(a)).toBe(5);
    },
  );

  itConcurrently('make one support conversation per member under parallel requests', async () => {
    await createAdmin(t);
    const member = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post(member, '/api/support', { subject: `Question ${i}`, category: 'other', description: 'Help' }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((res) => res.json<SupportRequestResponse>().conversation_id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.user1_id, member.user.id));
    expect(rows).toHaveLength(1);
    const page = (
      await get(member, `/api/conversations/${[...ids][0]}/messages`)
    ).json<MessageListResponse>();
    expect(page.total).toBe(4);
  });
});
