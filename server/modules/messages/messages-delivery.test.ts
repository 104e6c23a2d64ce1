import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONVERSATION_DELETED_EVENT,
  MESSAGE_CREATED_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_READ_EVENT,
  UNREAD_EMAIL_DELAY_MINUTES,
  UNREAD_EMAIL_INTERVAL_MINUTES,
} from '../../../common/messages';
import type { LiveEvent } from '../../../common/live';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createAdmin, createUser } from '../../test/factories';
import { createConversation, createMessage, sendMessage } from './test/factories';
import { userChannel } from '../live/live.service';
import { UNREAD_EMAIL_JOB } from './messages.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const START = new Date('2026-03-02T18:00:00Z');
beforeEach(() => t.clock.set(START));

type Person = Awaited<ReturnType<typeof createUser>>;
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const unreadMails = (who: Person) =>
  t.mail.filter((m) => m.to === who.user.email && m.subject.startsWith('New message'));

/** Every live event published to the people's channels, by person, as the event stream hands them on. */
async function listen(...people: Person[]) {
  const heard = new Map<string, LiveEvent[]>(people.map((p) => [p.user.id, []]));
  const stops = await Promise.all(
    people.map((p) =>
      // The log's id is the stream's business (Last-Event-ID); these tests look at what was said.
      t.app.events.subscribe(userChannel(p.user.id), (payload) => {
        const { type, data } = payload as LiveEvent;
        heard.get(p.user.id)!.push({ type, data });
      }),
    ),
  );
  return {
    heard: (p: Person) => heard.get(p.user.id)!,
    stop: () => Promise.all(stops.map((stop) => stop())),
  };
}

describe('live events', () => {
  it('tell both people of a new message, a read, a deletion and a removed conversation', async () => {
    const [a, b, outsider] = [await createUser(t), await createUser(t), await createUser(t)];
    const admin = await createAdmin(t);
    const live = await listen(a, b, outsider, admin);
    const sent = await sendMessage(t, a, { recipient_id: b.user.id, text: 'hello' });
    const created = {
      type: MESSAGE_CREATED_EVENT,
      data: { conversation_id: sent.conversation_id, message_id: sent.id },
    };
    await t.app.inject({ method: 'PUT', url: `/api/messages/${sent.id}/read`, headers: b.auth });
    const read = {
      type: MESSAGE_READ_EVENT,
      data: { conversation_id: sent.conversation_id, message_id: sent.id },
    };
    await t.app.inject({ method: 'DELETE', url: `/api/messages/${sent.id}`, headers: a.auth });
    const deleted = {
      type: MESSAGE_DELETED_EVENT,
      data: { conversation_id: sent.conversation_id, message_id: sent.id },
    };
    await t.call('DELETE', `/api/conversations/${sent.conversation_id}`, undefined, admin.auth);
    const gone = { type: CONVERSATION_DELETED_EVENT, data: { conversation_id: sent.conversation_id } };
    await expect.poll(() => live.heard(b).length).toBe(4);
    for (const person of [a, b]) expect(live.heard(person)).toEqual([created, read, deleted, gone]);
    expect(live.heard(outsider)).toEqual([]);
    expect(live.heard(admin)).toEqual([]);
    await live.stop();
  });

  it('tell the member and every administrator of a support message, and nothing of a refused send', async () => {
    const [sifu, shifu] = [await createAdmin(t), await createAdmin(t)];
    const member = await createUser(t);
    const live = await listen(member, sifu, shifu);
    const res = await t.call(
      'POST',
      '/api/support',
      { subject: 'Login', category: 'account', description: 'Cannot sign in on my phone' },
      member.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    await t.call('POST', '/api/messages', { recipient_id: member.user.id, text: 'refused' }, member.auth);
    await expect.poll(() => live.heard(shifu).length).toBe(1);
    for (const person of [member, sifu, shifu]) {
      expect(live.heard(person)).toEqual([expect.objectContaining({ type: MESSAGE_CREATED_EVENT })]);
    }
    await live.stop();
  });
});

describe(`the unread e-mail after ${UNREAD_EMAIL_DELAY_MINUTES} minutes`, () => {
  it(`is sent once per conversation per ${UNREAD_EMAIL_INTERVAL_MINUTES} minutes while messages stay unread`, async () => {
    const [a, b] = [await createUser(t, { name: 'Mei Chen' }), await createUser(t)];
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'one' });
    t.clock.set(minutes(UNREAD_EMAIL_DELAY_MINUTES - 1));
    await t.app.jobs.drain();
    expect(unreadMails(b)).toHaveLength(0);
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'two' });
    t.clock.set(minutes(UNREAD_EMAIL_DELAY_MINUTES));
    await t.app.jobs.drain();
    expect(unreadMails(b)).toHaveLength(1);
    expect(unreadMails(b)[0]).toMatchObject({ subject: 'New message from Mei Chen' });
    expect(unreadMails(b)[0]!.text).toContain('/app/messages');
    // The second message's job finds the hour not over.
    t.clock.set(minutes(2 * UNREAD_EMAIL_DELAY_MINUTES));
    await t.app.jobs.drain();
    expect(unreadMails(b)).toHaveLength(1);
    // An hour later a new unread message is e-mailed again.
    t.clock.set(minutes(UNREAD_EMAIL_INTERVAL_MINUTES));
    await sendMessage(t, a, { recipient_id: b.user.id, text: 'three' });
    t.clock.set(minutes(UNREAD_EMAIL_INTERVAL_MINUTES + UNREAD_EMAIL_DELAY_MINUTES));
    await t.app.jobs.drain();
    expect(unreadMails(b)).toHaveLength(2);
    // The sender is never told of their own messages.
    expect(unreadMails(a)).toHaveLength(0);
  });

  it('is not sent once read, when deleted, or to someone who turned e-mails off', async () => {
    const a = await createUser(t);
    const [reader, quiet] = [await createUser(t), await createUser(t)];
    const read = await sendMessage(t, a, { recipient_id: reader.user.id, text: 'read me' });
    await t.app.inject({ method: 'PUT', url: `/api/messages/${read.id}/read`, headers: reader.auth });
    const off = await t.call(
      'PUT',
      `/api/user/${quiet.user.id}/email-notifications`,
      { enabled: false },
      quiet.auth,
    );
    expect(off.statusCode, off.body).toBe(200);
    await sendMessage(t, a, { recipient_id: quiet.user.id, text: 'you will not hear' });
    const deleted = await createUser(t);
    const gone = await sendMessage(t, a, { recipient_id: deleted.user.id, text: 'never mind' });
    await t.app.inject({ method: 'DELETE', url: `/api/messages/${gone.id}`, headers: a.auth });
    t.clock.set(minutes(UNREAD_EMAIL_DELAY_MINUTES));
    await t.app.jobs.drain();
    for (const person of [reader, quiet, deleted]) expect(unreadMails(person)).toHaveLength(0);
  });

  itConcurrently(
    'is sent once when two instances run the jobs of two messages at the same moment',
    async () => {
      const second = await createSecondInstance(t);
      try {
        const [a, b] = [await createUser(t), await createUser(t)];
        const conversation = await createConversation(t, a.user.id, b.user.id);
        const jobs = [];
        for (const text of ['first', 'second']) {
          const message = await createMessage(t, {
            conversation_id: conversation.id,
            sender_id: a.user.id,
            recipient_id: b.user.id,
            text,
          });
          jobs.push({ messageId: message.id, recipientId: b.user.id });
        }
        for (const payload of jobs) await t.app.jobs.enqueue(UNREAD_EMAIL_JOB, payload, { runAt: START });
        second.clock.set(START);
        await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
        const sent = [...t.mail, ...second.mail].filter(
          (m) => m.to === b.user.email && m.subject.startsWith('New message'),
        );
        expect(sent).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
