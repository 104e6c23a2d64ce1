import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { conversations, messages } from '../schema';

const MINUTE = 60_000;

/** The demo students' conversation, oldest first; the last one, to Mei, is still unread. */
export const DEMO_CONVERSATION = [
  {
    from: 'mei',
    minutesAgo: 2 * 24 * 60,
    text: 'Hi Daniel! Are you coming to push hands practice on Saturday?',
  },
  {
    from: 'daniel',
    minutesAgo: 2 * 24 * 60 - 30,
    text: 'Yes, I will be there. Could we go over the peng-lu drill?',
  },
  {
    from: 'mei',
    minutesAgo: 24 * 60,
    text: 'Sure. There is a video of it in the push hands lessons, if you want to look first.',
  },
  { from: 'daniel', minutesAgo: 45, text: 'Thanks! I watched it twice. See you at nine.' },
] as const;

/** Daniel's support request, as POST /support writes it; no administrator has read it yet. */
export const DEMO_SUPPORT_REQUEST = [
  'Support request: Lesson video stutters on my phone',
  'Category: Technical problem',
  'Priority: Medium',
  '',
  'The video of the Santi posture lesson stops every few seconds on my phone; on my laptop it plays fine.',
  '',
  'Browser: Safari on iOS 18',
].join('\n');

/** Written straight into the tables, as the rest of the demo seed is, in the seed's transaction. */
export async function seedDemoMessages(db: Db, userIds: Record<string, string>, now: Date): Promise<void> {
  const mei = userIds.mei!;
  const daniel = userIds.daniel!;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const [low, high] = mei < daniel ? [mei, daniel] : [daniel, mei];
  const [chat] = await db
    .insert(conversations)
    .values({
      kind: 'direct',
      user1_id: low,
      user2_id: high,
      created_at: at(DEMO_CONVERSATION[0].minutesAgo),
    })
    .returning();
  const written = await db
    .insert(messages)
    .values(
      DEMO_CONVERSATION.map((line, i) => {
        const sent_at = at(line.minutesAgo);
        const last = i === DEMO_CONVERSATION.length - 1;
        return {
          conversation_id: chat!.id,
          sender_id: userIds[line.from]!,
          recipient_id: line.from === 'mei' ? daniel : mei,
          text: line.text,
          sent_at,
          read_at: last ? null : new Date(sent_at.getTime() + 10 * MINUTE),
        };
      }),
    )
    .returning();
  const newest = written.at(-1)!;
  await db
    .update(conversations)
    .set({ last_message_id: newest.id, last_message_at: newest.sent_at })
    .where(eq(conversations.id, chat!.id));

  const sentAt = at(3 * 60);
  const [support] = await db
    .insert(conversations)
    .values({ kind: 'support', user1_id: daniel, created_at: sentAt })
    .returning();
  const [request] = await db
    .insert(messages)
    .values({
      conversation_id: support!.id,
      sender_id: daniel,
      recipient_id: null,
      text: DEMO_SUPPORT_REQUEST,
      sent_at: sentAt,
    })
    .returning();
  await db
    .update(conversations)
    .set({ last_message_id: request!.id, last_message_at: sentAt })
    .where(eq(conversations.id, support!.id));
}
