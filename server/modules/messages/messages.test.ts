import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DELETE_FOR_EVERYONE_MINUTES,
  DELETE_WINDOW_PASSED,
  MESSAGE_TEXT_MAX,
  MESSAGE_TEXT_REQUIRED,
  MESSAGE_TEXT_TOO_LONG,
  MESSAGES_NOT_ALLOWED,
  RECIPIENT_INACTIVE,
  SELF_MESSAGE_REFUSED,
  type ConversationListResponse,
  type CreateConversationResponse,
  type DeletedMessagesResponse,
  type MessageListResponse,
  type MessagesInContextResponse,
} from '../../../common/messages';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { sendMessage } from './test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => t.clock.set(new Date('2026-03-02T18:00:00Z')));

type Person = Awaited<ReturnType<typeof createUser>>;
const tick = (seconds = 1) => t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));

const get = (who: Person, url: string) => t.call('GET', url, undefined, who.auth);
const call = (who: Person, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.call(method, url, payload, who.auth);
const conversationsOf = async (who: Person, query = '') => {
  const res = await get(who, `/api/users/${who.user.id}/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationListResponse>();
};
const messagesIn = async (who: Person, conversationId: string, query = '') => {
  const res = await get(who, `/api/conversations/${conversationId}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessageListResponse>();
};
const unreadOf = async (who: Person) =>
  (await get(who, `/api/users/${who.user.id}/messages/unread-count`)).json<{ unread_count: number }>()
    .unread_count;

describe('POST /api/messages', () => {
  it('starts the conversation with the recipient, who sees it unread, and the sender sees it read', async () => {
    const mei = await createUser(t, { name: 'Mei Chen' });
    const wei = await createUser(t, { name: 'Wei Zhang' });
    const sent = await sendMessage(t, mei, { recipient_id: wei.user.id, text: '  Push hands on Sunday?  ' });
    expect(sent).toMatchObject({
      sender_id: mei.user.id,
      sender_name: 'Mei Chen',
      recipient_id: wei.user.id,
      text: '  Push hands on Sunday?  ',
      read_at: null,
      deleted_for_everyone: false,
    });

    const forWei = await conversationsOf(wei);
    expect(forWei.total).toBe(1);
    expect(forWei.conversations[0]).toMatchObject({
      id: sent.conversation_id,
      kind: 'direct',
      other_user: { id: mei.user.id, name: 'Mei Chen', avatar: null },
      last_message: { id: sent.id, text: sent.text, sender_id: mei.user.id },
      unread_count: 1,
    });
    expect((await conversationsOf(mei)).conversations[0]).toMatchObject({
      other_user: { id: wei.user.id, name: 'Wei Zhang' },
      unread_count: 0,
    });
    expect(await unreadOf(wei)).toBe(1);

    // A reply by conversation goes into the same conversation.
    tick();
    const reply = await sendMessage(t, wei, { conversation_id: sent.conversation_id, text: 'Yes, at nine' });
    expect(reply).toMatchObject({ conversation_id: sent.conversation_id, recipient_id: mei.user.id });
    expect((await conversationsOf(mei)).total).toBe(1);
  });

  it('keeps text as sent: markup is plain text', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const text = '<script>alert(1)</script> see https://example.org & <b>bold</b>';
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text });
    expect((await messagesIn(b, sent.conversation_id)).messages[0]!.text).toBe(text);
  });

  it.each([
    [{ text: '' }, MESSAGE_TEXT_REQUIRED],
    [{ text: '   \n ' }, MESSAGE_TEXT_REQUIRED],
    [{}, MESSAGE_TEXT_REQUIRED],
    [{ text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }, MESSAGE_TEXT_TOO_LONG],
    [{ text: 42 }, MESSAGE_TEXT_REQUIRED],
  ])('refuses %j with its message and saves nothing', async (fields, message) => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const res = await call(a, 'POST', '/api/messages', { recipient_id: b.user.id, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    expect((await conversationsOf(a)).total).toBe(0);
  });

  it('accepts exactly the longest text', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'x'.repeat(MESSAGE_TEXT_MAX) });
  });

  it.each([
    [{ text: 'hi' }],
    [
      {
        recipient_id: '00000000-0000-4000-8000-000000000000',
        conversation_id: '00000000-0000-4000-8000-000000000000',
        text: 'hi',
      },
    ],
    [{ recipient_id: 'not-a-uuid', text: 'hi' }],
    [{ conversation_id: 'nope', text: 'hi' }],
  ])('refuses a body that names no single destination (%j)', async (body) => {
    const a = await createUser(t);
    const res = await call(a, 'POST', '/api/messages', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('refuses a message to yourself', async () => {
    const a = await createUser(t);
    const res = await call(a, 'POST', '/api/messages', { recipient_id: a.user.id, text: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SELF_MESSAGE_REFUSED, code: 'SELF_MESSAGE_REFUSED' });
  });

  it('refuses someone who does not accept messages, except for an administrator', async () => {
    const a = await createUser(t);
    const closed = await createUser(t, { allow_messages: false });
    const res = await call(a, 'POST', '/api/messages', { recipient_id: closed.user.id, text: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES_NOT_ALLOWED, code: 'MESSAGES_NOT_ALLOWED' });
    expect((await conversationsOf(closed)).total).toBe(0);
    const admin = await createAdmin(t);
    await sendMessage(t, admin, { recipient_id: closed.user.id, text: 'About your class' });
    // Once the conversation exists, the setting still holds for the student.
    const conversation = (await conversationsOf(closed)).conversations[0]!;
    expect(conversation.other_user.id).toBe(admin.user.id);
  });

  it('refuses a deactivated account, even for an administrator, and an unknown one', async () => {
    const admin = await createAdmin(t);
    const gone = await createUser(t, { is_active: false });
    const res = await call(admin, 'POST', '/api/messages', { recipient_id: gone.user.id, text: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: RECIPIENT_INACTIVE, code: 'RECIPIENT_INACTIVE' });
    const unknown = await call(admin, 'POST', '/api/messages', {
      recipient_id: '00000000-0000-4000-8000-000000000000',
      text: 'hi',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('brings a conversation hidden by the recipient back with the new message only', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const first = await sendMessage(t, a, { recipient_id: b.user.id, text: 'old news' });
    tick();
    const hide = await call(b, 'DELETE', `/api/conversations/${first.conversation_id}/delete-for-me`);
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await conversationsOf(b)).total).toBe(0);
    expect((await conversationsOf(a)).total).toBe(1);
    expect(await unreadOf(b)).toBe(0);
    tick();
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'fresh news' });
    const back = await conversationsOf(b);
    expect(back.conversations[0]).toMatchObject({ last_message: { text: 'fresh news' }, unread_count: 1 });
    expect((await messagesIn(b, first.conversation_id)).messages.map((m) => m.text)).toEqual(['fresh news']);
    expect((await messagesIn(a, first.conversation_id)).messages.map((m) => m.text)).toEqual([
      'old news',
      'fresh news',
    ]);
  });
});

describe('POST /api/conversations', () => {
  it('answers 201 for a new pair and 200 with the same conversation after, whoever asks', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const first = await call(a, 'POST', '/api/conversations', { user1_id: a.user.id, user2_id: b.user.id });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<CreateConversationResponse>();
    expect(created).toMatchObject({
      created: true,
      conversation: { kind: 'direct', other_user: { id: b.user.id }, last_message: null, unread_count: 0 },
    });
    const again = await call(b, 'POST', '/api/conversations', { user1_id: a.user.id, user2_id: b.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<CreateConversationResponse>()).toMatchObject({
      conversation_id: created.conversation_id,
      created: false,
      conversation: { other_user: { id: a.user.id } },
    });
    expect((await conversationsOf(a)).conversations.map((c) => c.id)).toEqual([created.conversation_id]);
  });

  it('refuses a pair without the caller, yourself twice, and the privacy rules', async () => {
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    const outside = await call(a, 'POST', '/api/conversations', { user1_id: b.user.id, user2_id: c.user.id });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'NOT_PARTICIPANT' });
    const self = await call(a, 'POST', '/api/conversations', { user1_id: a.user.id, user2_id: a.user.id });
    expect(self.json()).toEqual({ error: SELF_MESSAGE_REFUSED, code: 'SELF_MESSAGE_REFUSED' });
    const closed = await createUser(t, { allow_messages: false });
    const refused = await call(a, 'POST', '/api/conversations', {
      user1_id: a.user.id,
      user2_id: closed.user.id,
    });
    expect(refused.json()).toMatchObject({ error: MESSAGES_NOT_ALLOWED });
    const bad = await call(a, 'POST', '/api/conversations', { user1_id: 'x', user2_id: a.user.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Invalid user id' });
  });
});

describe('GET /api/conversations/{id}/messages', () => {
  it('pages back from the newest, each page oldest first, with total and has_more', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    let conversationId = '';
    for (let i = 1; i <= 5; i++) {
      tick();
      const sent = await sendMessage(
        t,
        i % 2 ? a : b,
        i === 1
          ? { recipient_id: b.user.id, text: `m${i}` }
          : { conversation_id: conversationId, text: `m${i}` },
      );
      conversationId = sent.conversation_id;
    }
    const newest = await messagesIn(a, conversationId, '?limit=2');
    expect(newest.messages.map((m) => m.text)).toEqual(['m4', 'm5']);
    expect(newest).toMatchObject({ total: 5, has_more: true });
    const older = await messagesIn(a, conversationId, '?limit=2&offset=2');
    expect(older.messages.map((m) => m.text)).toEqual(['m2', 'm3']);
    const oldest = await messagesIn(a, conversationId, '?limit=2&offset=4');
    expect(oldest).toMatchObject({ has_more: false });
    expect(oldest.messages.map((m) => m.text)).toEqual(['m1']);
    expect(await messagesIn(a, conversationId, '?limit=2&offset=5')).toMatchObject({
      messages: [],
      total: 5,
      has_more: false,
    });
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
      const res = await get(a, `/api/conversations/${conversationId}/messages${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('reading', () => {
  it('marks one message, then the rest of the conversation, only for the recipient', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const first = await sendMessage(t, a, { recipient_id: b.user.id, text: 'one' });
    tick();
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'two' });
    tick();
    const bySender = await call(a, 'PUT', `/api/messages/${first.id}/read`);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toMatchObject({ code: 'NOT_RECIPIENT' });
    const one = await call(b, 'PUT', `/api/messages/${first.id}/read`);
    expect(one.json()).toEqual({ success: true, updated: 1 });
    expect((await call(b, 'PUT', `/api/messages/${first.id}/read`)).json()).toEqual({
      success: true,
      updated: 0,
    });
    expect(await unreadOf(b)).toBe(1);
    const rest = await call(b, 'PUT', `/api/conversations/${first.conversation_id}/read`);
    expect(rest.json()).toEqual({ success: true, updated: 1 });
    expect(await unreadOf(b)).toBe(0);
    const page = await messagesIn(a, first.conversation_id);
    expect(page.messages.every((m) => m.read_at === t.clock.now().toISOString())).toBe(true);
  });
});

describe('deleting', () => {
  it(`lets the sender delete for everyone within ${DELETE_FOR_EVERYONE_MINUTES} minutes, leaving a tombstone`, async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text: 'oops' });
    const byOther = await call(b, 'DELETE', `/api/messages/${sent.id}`);
    expect(byOther.statusCode).toBe(403);
    t.clock.set(new Date(t.clock.now().getTime() + DELETE_FOR_EVERYONE_MINUTES * 60_000));
    const res = await call(a, 'DELETE', `/api/messages/${sent.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: { id: sent.id, text: '', deleted_for_everyone: true } });
    const seen = (await messagesIn(b, sent.conversation_id)).messages;
    expect(seen).toEqual([expect.objectContaining({ id: sent.id, text: '', deleted_for_everyone: true })]);
    expect(await unreadOf(b)).toBe(0);
  });

  it('refuses the sender after the window, and lets an administrator delete any message', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text: 'too late' });
    t.clock.set(new Date(t.clock.now().getTime() + (DELETE_FOR_EVERYONE_MINUTES * 60 + 1) * 1000));
    const late = await call(a, 'DELETE', `/api/messages/${sent.id}`);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: DELETE_WINDOW_PASSED, code: 'DELETE_WINDOW_PASSED' });
    const admin = await createAdmin(t);
    const moderated = await call(admin, 'DELETE', `/api/messages/${sent.id}`);
    expect(moderated.statusCode, moderated.body).toBe(200);
    expect(moderated.json()).toMatchObject({ message: { deleted_for_everyone: true, text: '' } });
  });

  it('hides a message for one person, lists it as deleted, and restores it', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text: 'keep or not' });
    tick();
    const hidden = await call(b, 'DELETE', `/api/messages/${sent.id}/delete-for-me`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await messagesIn(b, sent.conversation_id)).messages).toEqual([]);
    expect((await messagesIn(a, sent.conversation_id)).messages).toHaveLength(1);
    expect(await unreadOf(b)).toBe(0);
    const deleted = await get(b, `/api/users/${b.user.id}/messages/deleted`);
    expect(deleted.json<DeletedMessagesResponse>().messages).toEqual([
      expect.objectContaining({ id: sent.id, other_user: expect.objectContaining({ id: a.user.id }) }),
    ]);
    const restored = await call(b, 'POST', `/api/messages/${sent.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await messagesIn(b, sent.conversation_id)).messages).toHaveLength(1);
    expect(
      (await get(b, `/api/users/${b.user.id}/messages/deleted`)).json<DeletedMessagesResponse>().messages,
    ).toEqual([]);
  });

  it('deletes a whole conversation permanently for an administrator only', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text: 'bye' });
    expect((await call(a, 'DELETE', `/api/conversations/${sent.conversation_id}`)).statusCode).toBe(403);
    const admin = await createAdmin(t);
    expect((await call(admin, 'DELETE', `/api/conversations/${sent.conversation_id}`)).statusCode).toBe(200);
    expect((await conversationsOf(a)).total).toBe(0);
    expect((await get(a, `/api/conversations/${sent.conversation_id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/conversations/${sent.conversation_id}`)).statusCode).toBe(404);
  });
});

describe("someone else's ids", () => {
  it('answer 404 on every call, and change nothing', async () => {
    const [a, b, intruder] = [await createUser(t), await createUser(t), await createUser(t)];
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text: 'private' });
    const conversation = `/api/conversations/${sent.conversation_id}`;
    const message = `/api/messages/${sent.id}`;
    const attempts: [string, string, object?][] = [
      ['GET', conversation],
      ['GET', `${conversation}/messages`],
      ['PUT', `${conversation}/read`],
      ['DELETE', `${conversation}/delete-for-me`],
      ['PUT', `${message}/read`],
      ['DELETE', message],
      ['DELETE', `${message}/delete-for-me`],
      ['POST', `${message}/restore`],
      ['POST', '/api/messages', { conversation_id: sent.conversation_id, text: 'let me in' }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: intruder.auth,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const page = await messagesIn(b, sent.conversation_id);
    expect(page.messages).toEqual([expect.objectContaining({ text: 'private', read_at: null })]);
    for (const list of ['conversations', 'messages/deleted', 'messages/unread-count', 'messages/recent']) {
      expect((await get(intruder, `/api/users/${a.user.id}/${list}`)).statusCode, list).toBe(403);
    }
  });
});

describe('lists', () => {
  it('filters conversations by the other name and keeps paging stable', async () => {
    const me = await createUser(t);
    const others = await Promise.all(['Lin Yu', 'Lin Bo', 'Chen Hao'].map((name) => createUser(t, { name })));
    for (const other of others) {
      tick();
      await sendMessage(t, me, { recipient_id: other.user.id, text: `hi ${other.user.name}` });
    }
    const lin = await conversationsOf(me, '?q=lin');
    expect(lin.total).toBe(2);
    expect(lin.conversations.map((c) => c.other_user.name)).toEqual(['Lin Bo', 'Lin Yu']);
    expect((await conversationsOf(me, '?q=%25')).total).toBe(0);
    const page = await conversationsOf(me, '?limit=1&offset=1');
    expect(page).toMatchObject({ total: 3 });
    expect(page.conversations.map((c) => c.other_user.name)).toEqual(['Lin Bo']);
    expect(await conversationsOf(me, '?offset=3')).toMatchObject({ conversations: [], total: 3 });
  });

  it('finds recent messages and full-text matches of the caller only', async () => {
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'Standing meditation builds the root' });
    tick();
    await sendMessage(t, b, { recipient_id: a.user.id, text: 'Rooting needs patience' });
    tick();
    await sendMessage(t, c, { recipient_id: b.user.id, text: 'meditation at dawn' });
    const recent = (
      await get(a, `/api/users/${a.user.id}/messages/recent?limit=1`)
    ).json<MessagesInContextResponse>();
    expect(recent.messages.map((m) => m.text)).toEqual(['Rooting needs patience']);
    const search = await get(
      a,
      `/api/users/${a.user.id}/messages/search?q=${encodeURIComponent('meditations')}`,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json<MessagesInContextResponse>().messages.map((m) => m.text)).toEqual([
      'Standing meditation builds the root',
    ]);
    const phrase = await get(
      a,
      `/api/users/${a.user.id}/messages/search?q=${encodeURIComponent('"needs patience" -dawn')}`,
    );
    expect(phrase.json<MessagesInContextResponse>().messages).toHaveLength(1);
    const odd = await get(a, `/api/users/${a.user.id}/messages/search?q=${encodeURIComponent('"&|!(:*')}`);
    expect(odd.statusCode).toBe(200);
    const empty = await get(a, `/api/users/${a.user.id}/messages/search?q=%20`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'Search text is required' });
  });

  it('gives administrators every conversation and the stats', async () => {
    const admin = await createAdmin(t);
    const [a, b] = [await createUser(t), await createUser(t)];
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'counted' });
    const list = await get(admin, '/api/admin/conversations?limit=100');
    expect(list.statusCode, list.body).toBe(200);
    const all = list.json<{ conversations: { participants: { id: string }[]; message_count: number }[] }>();
    expect(all.conversations).toContainEqual(
      expect.objectContaining({
        message_count: 1,
        participants: expect.arrayContaining([expect.objectContaining({ id: a.user.id })]),
      }),
    );
    const stats = await get(admin, '/api/admin/messages/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({
      total_messages: expect.any(Number),
      messages_last_24_hours: expect.any(Number),
    });
    expect((await get(a, '/api/admin/messages/stats')).statusCode).toBe(403);
  });
});
