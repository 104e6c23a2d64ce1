import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_CONVERSATION_NAME,
  type ConversationListResponse,
  type MessageListResponse,
} from '../../../common/messages';
import { ADMIN_NOT_FOUND_MESSAGE, type SupportRequestResponse } from '../../../common/support';
import { and, eq, inArray } from 'drizzle-orm';
import { conversations, mailOutbox, messages, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { sendMessage } from '../messages/test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Person = Awaited<ReturnType<typeof createUser>>;
/** Moves the clock on, so messages sent one after another are ordered by time, not by id. */
const tick = () => t.clock.set(new Date(t.clock.now().getTime() + 1000));

const request = {
  subject: 'Video stops at 2:10',
  category: 'bug',
  priority: 'high',
  description: 'The second lesson of Silk Reeling stops playing.',
  steps_to_reproduce: 'Open the lesson, press play, wait.',
  browser_info: 'Firefox 140 on Linux',
};
const submit = (who: Person, body: object = request) =>
  t.app.inject({ method: 'POST', url: '/api/support', headers: who.auth, payload: body });
const get = (who: Person, url: string) => t.call('GET', url, undefined, who.auth);
const unreadOf = async (who: Person) =>
  (await get(who, `/api/users/${who.user.id}/messages/unread-count`)).json<{ unread_count: number }>()
    .unread_count;
const list = async (who: Person) =>
  (await get(who, `/api/users/${who.user.id}/conversations`)).json<ConversationListResponse>();

describe('POST /api/support', () => {
  it(`answers 404 "${ADMIN_NOT_FOUND_MESSAGE}" while no administrator is active, saving nothing`, async () => {
    // Tests run in a random order: the administrators another test made step aside for this one.
    const { db } = t.database;
    const active = await db
      .update(users)
      .set({ is_active: false })
      .where(and(eq(users.is_admin, true), eq(users.is_active, true)))
      .returning({ id: users.id });
    try {
      await createAdmin(t, { is_active: false });
      const member = await createUser(t);
      const stored = async () => ({
        conversations: await db.$count(conversations),
        messages: await db.$count(messages),
        mail: await db.$count(mailOutbox),
      });
      const before = await stored();
      const res = await submit(member);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ADMIN_NOT_FOUND_MESSAGE, code: 'ADMIN_NOT_FOUND' });
      expect(await stored()).toEqual(before);
    } finally {
      if (active.length > 0)
        await db
          .update(users)
          .set({ is_active: true })
          .where(
            inArray(
              users.id,
              active.map((row) => row.id),
            ),
          );
    }
  });

  it('becomes one message in the member support conversation, e-mailed to every active administrator', async () => {
    const [sifu, shifu] = [
      await createAdmin(t, { name: 'Sifu Lin' }),
      await createAdmin(t, { name: 'Shifu Wu' }),
    ];
    const member = await createUser(t, { name: 'Daniel Park' });
    // Support requests other tests left unread count for every administrator too.
    const unreadBefore = await unreadOf(shifu);
    const res = await submit(member);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<SupportRequestResponse>();
    expect(body.message).toMatchObject({
      conversation_id: body.conversation_id,
      sender_id: member.user.id,
      recipient_id: null,
      read_at: null,
      text: [
        'Support request: Video stops at 2:10',
        'Category: Bug report',
        'Priority: High',
        '',
        'The second lesson of Silk Reeling stops playing.',
        '',
        'Steps to reproduce:',
        'Open the lesson, press play, wait.',
        '',
        'Browser: Firefox 140 on Linux',
      ].join('\n'),
    });

    const mailed = t.mail.filter(
      (m) => m.subject.includes('Video stops at 2:10') && m.text.includes(member.user.email),
    );
    const admins = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.is_admin, true), eq(users.is_active, true)));
    expect(mailed.map((m) => m.to).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(mailed.map((m) => m.to)).toEqual(expect.arrayContaining([sifu.user.email, shifu.user.email]));
    expect(mailed[0]!.subject).toBe('Support request (Bug report, High): Video stops at 2:10');
    expect(mailed[0]!.text).toContain(`Daniel Park (${member.user.email}) asked for support`);
    expect(mailed[0]!.text).toContain('/app/messages');

    // The member sees the school; each administrator sees the member, unread until one reads it.
    expect((await list(member)).conversations).toEqual([
      expect.objectContaining({
        id: body.conversation_id,
        kind: 'support',
        other_user: { id: null, name: SUPPORT_CONVERSATION_NAME, avatar: null },
        unread_count: 0,
      }),
    ]);
    for (const admin of [sifu, shifu]) {
      expect((await list(admin)).conversations).toContainEqual(
        expect.objectContaining({
          id: body.conversation_id,
          other_user: expect.objectContaining({ id: member.user.id, name: 'Daniel Park' }),
          unread_count: 1,
        }),
      );
    }
    expect(await unreadOf(shifu)).toBe(unreadBefore + 1);
    const read = await t.call('PUT', `/api/messages/${body.message.id}/read`, undefined, sifu.auth);
    expect(read.json()).toEqual({ success: true, updated: 1 });
    expect(await unreadOf(shifu)).toBe(unreadBefore);
    expect(await unreadOf(sifu)).toBe(unreadBefore);

    // An administrator's answer goes to the member, and a second request joins the same conversation.
    tick();
    const answer = await sendMessage(t, shifu, {
      conversation_id: body.conversation_id,
      text: 'Fixed, thanks!',
    });
    expect(answer.recipient_id).toBe(member.user.id);
    expect(await unreadOf(member)).toBe(1);
    tick();
    const again = await submit(member, { ...request, subject: 'Another', category: 'other' });
    expect(again.json<SupportRequestResponse>().conversation_id).toBe(body.conversation_id);
    const page = await get(member, `/api/conversations/${body.conversation_id}/messages`);
    expect(page.json<MessageListResponse>().messages.map((m) => m.sender_id)).toEqual([
      member.user.id,
      shifu.user.id,
      member.user.id,
    ]);
    // Steps to reproduce are kept only for a bug.
    expect(again.json<SupportRequestResponse>().message.text).not.toContain('Steps to reproduce');
  });

  it('is for members: an administrator answers in Messages', async () => {
    const admin = await createAdmin(t);
    const res = await submit(admin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ADMIN_SUPPORT_REQUEST' });
  });

  it.each([
    [{ ...request, subject: '  ' }, 'Subject is required'],
    [{ ...request, description: '' }, 'Description is required'],
    [{ ...request, category: 'complaint' }, 'Please choose a category'],
    [{ ...request, priority: 'whenever' }, 'Please choose a priority'],
    [{ ...request, subject: 'x'.repeat(201) }, 'Must be at most 200 characters'],
  ])('refuses %j with its message', async (body, message) => {
    const member = await createUser(t);
    const res = await submit(member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    expect((await list(member)).total).toBe(0);
  });

  it("keeps another member's support conversation from students, and lets no one else post in it", async () => {
    await createAdmin(t);
    const [member, other] = [await createUser(t), await createUser(t)];
    const body = (await submit(member)).json<SupportRequestResponse>();
    expect((await get(other, `/api/conversations/${body.conversation_id}`)).statusCode).toBe(404);
    const res = await t.call(
      'POST',
      '/api/messages',
      { conversation_id: body.conversation_id, text: 'me too' },
      other.auth,
    );
    expect(res.statusCode).toBe(404);
    const markByMember = await t.call('PUT', `/api/messages/${body.message.id}/read`, undefined, member.auth);
    expect(markByMember.statusCode).toBe(403);
  });
});
