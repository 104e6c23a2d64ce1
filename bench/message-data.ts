/**
 * The messaging data set for `npm run bench:messages`, generated in SQL (INSERT … SELECT over
 * generate_series): `BENCH_USERS` people (the signed-up benchmark student among them), each in a
 * conversation with the next `PARTNERS` people, and `BENCH_MESSAGES` messages spread evenly over
 * the conversations, alternating sides a minute apart; the last two of each are unread.
 */
import type { Database } from '../server/db/client';
import { loadStatements } from './data';

export const USERS = Number(process.env.BENCH_USERS ?? 5000);
export const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
/** Each person starts conversations with the next ten, so everyone is in twenty. */
const PARTNERS = 10;
const PER_CONVERSATION = Math.max(1, Math.round(MESSAGES / (USERS * PARTNERS)));

const STATEMENTS = [
  `insert into users (name, email, username, password_hash, city, country, martial_art)
   select 'Student ' || g, 'bench-student-' || g || '@example.org', 'bench_s' || g,
     'not-a-real-hash', 'Oakland', 'United States', 'Taijiquan'
   from generate_series(1, ${USERS} - (select count(*) from users)) g`,
  `create unlogged table bench_people as
   select id, row_number() over (order by created_at, id) - 1 as n from users`,
  `insert into conversations (kind, user1_id, user2_id, created_at)
   select 'direct', least(a.id, b.id), greatest(a.id, b.id), now() - interval '30 days'
   from bench_people a cross join generate_series(1, ${PARTNERS}) k
   join bench_people b on b.n = (a.n + k) % ${USERS}`,
  `insert into messages (conversation_id, sender_id, recipient_id, text, sent_at, read_at)
   select c.id,
     case when s % 2 = 0 then c.user1_id else c.user2_id end,
     case when s % 2 = 0 then c.user2_id else c.user1_id end,
     'Practice note ' || s || ': sink the shoulders, drop the elbows, and keep the root ' || (s * 7919 % 1000),
     now() - make_interval(mins => ${PER_CONVERSATION} - s) - make_interval(secs => abs(hashtext(c.id::text)) % 86400),
     case when s > ${PER_CONVERSATION} - 2 then null else now() end
   from conversations c cross join generate_series(1, ${PER_CONVERSATION}) s`,
  `update conversations c set last_message_id = m.id, last_message_at = m.sent_at
   from (select distinct on (conversation_id) conversation_id, id, sent_at from messages
         order by conversation_id, sent_at desc, id desc) m
   where m.conversation_id = c.id`,
  `drop table bench_people`,
  // Fresh statistics, as autovacuum would gather soon after a real bulk load.
  `analyze`,
];

/** Loads the data set (its statements end with ANALYZE); returns the row counts and how long each step took. */
export const loadMessageData = (database: Database) =>
  loadStatements(database, STATEMENTS, ['users', 'conversations', 'messages'], { vacuum: false });
