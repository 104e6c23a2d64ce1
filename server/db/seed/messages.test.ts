import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_CONVERSATION_NAME,
  type ConversationListResponse,
  type MessageListResponse,
} from '../../../common/messages';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { DEMO_ADMIN, DEMO_STUDENTS } from './demo-accounts';
import { DEMO_CONVERSATION, DEMO_SUPPORT_REQUEST } from './messages';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

async function signIn(username: string, password: string) {
  const res = await t.call('POST', '/api/user/authenticate', { username, password });
  const body = res.json<{ token: string; user: { id: string } }>();
  return { id: body.user.id, headers: { authorization: `Bearer ${body.token}` } };
}
const get = <T>(who: { headers: Record<string, string> }, url: string) =>
  t.call('GET', url, undefined, who.headers).then((res) => res.json<T>());

describe('the demo messages', () => {
  it("are Mei and Daniel's conversation, with one unread for Mei, and Daniel's support request", async () => {
    const [mei, daniel] = await Promise.all(DEMO_STUDENTS.map((s) => signIn(s.username, s.password)));
    const meis = await get<ConversationListResponse>(mei!, `/api/users/${mei!.id}/conversations`);
    expect(meis.conversations).toEqual([
      expect.objectContaining({
        other_user: expect.objectContaining({ name: 'Daniel Okafor' }),
        unread_count: 1,
        last_message: expect.objectContaining({ text: DEMO_CONVERSATION.at(-1)!.text }),
      }),
    ]);
    const page = await get<MessageListResponse>(
      mei!,
      `/api/conversations/${meis.conversations[0]!.id}/messages`,
    );
    expect(page.messages.map((m) => m.text)).toEqual(DEMO_CONVERSATION.map((line) => line.text));

    const daniels = await get<ConversationListResponse>(daniel!, `/api/users/${daniel!.id}/conversations`);
    expect(daniels.conversations.map((c) => c.other_user.name)).toEqual([
      'Mei Chen',
      SUPPORT_CONVERSATION_NAME,
    ]);

    const admin = await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const admins = await get<ConversationListResponse>(admin, `/api/users/${admin.id}/conversations`);
    expect(admins.conversations).toEqual([
      expect.objectContaining({
        kind: 'support',
        unread_count: 1,
        last_message: expect.objectContaining({ text: DEMO_SUPPORT_REQUEST }),
      }),
    ]);
  });
});
