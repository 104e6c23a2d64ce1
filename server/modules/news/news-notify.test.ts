import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_EMAIL_BATCH, type News } from '../../../common/news';
import { jobs, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createAdmin, createUser } from '../../test/factories';
import { newsBody } from './test/factories';
import { NEWS_NOTIFY_JOB } from './news.service';

/*
 * An important, published item saved with notify_members is e-mailed once to every active
 * student whose e-mail notifications are on, through the outbox in batches.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let reader: Awaited<ReturnType<typeof createUser>>;
let optedOut: Awaited<ReturnType<typeof createUser>>;
let deactivated: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  reader = await createUser(t, { name: 'Mei Chen' });
  optedOut = await createUser(t);
  await t.database.db.update(users).set({ email_notifications: false }).where(eq(users.id, optedOut.user.id));
  deactivated = await createUser(t, { is_active: false });
});
afterAll(async () => t?.close());

const save = (payload: object, id?: string) =>
  t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/admin/news/${id}` : '/api/admin/news',
    headers: admin.auth,
    payload,
  });
const saved = async (payload: object, id?: string) => {
  const res = await save(payload, id);
  expect(res.statusCode, res.body).toBe(id ? 200 : 201);
  return res.json<{ news: News }>().news;
};
const mailAbout = (title: string) => t.mail.filter((m) => m.subject === `Important news: ${title}`);
const important = (overrides: Record<string, unknown> = {}) =>
  newsBody({ is_important: true, notify_members: true, ...overrides });

/** Everyone the mailing should reach now: active students with e-mail notifications on. */
async function notifiable(): Promise<string[]> {
  const rows = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.is_admin, false), eq(users.is_active, true), eq(users.email_notifications, true)));
  return rows.map((row) => row.email).sort();
}

/** How many mailings of an item were started: the batches that begin at the first member. */
async function firstBatches(newsId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, NEWS_NOTIFY_JOB),
        sql`${jobs.payload}->>'newsId' = ${newsId}`,
        sql`${jobs.payload}->>'after' is null`,
      ),
    );
  return row!.n;
}

describe('notify_members', () => {
  it('e-mails an important, published item to each member who wants e-mail, once', async () => {
    const body = important();
    const item = await saved(body);
    expect(item.notified_at).toBe(t.clock.now().toISOString());
    const sent = mailAbout(body.title);
    expect(sent.map((m) => m.to).sort()).toEqual(await notifiable());
    const recipients = sent.map((m) => m.to);
    expect(recipients).toContain(reader.user.email);
    expect(recipients).not.toContain(optedOut.user.email);
    expect(recipients).not.toContain(deactivated.user.email);
    expect(recipients).not.toContain(admin.user.email);
    const mine = sent.find((m) => m.to === reader.user.email)!;
    expect(mine.text).toContain('Hello Mei Chen,');
    expect(mine.text).toContain(body.description);
    expect(mine.text).toContain(body.body);
    expect(mine.text).toContain(`/app/news/${item.id}`);
    expect(mine.text).toContain('turn them off in Settings');

    // Saved again, asked again: nobody hears of it twice, and the first time stays on record.
    t.clock.advance(60_000);
    const again = await saved(important({ title: body.title, body: 'Updated directions.' }), item.id);
    expect(again.notified_at).toBe(item.notified_at);
    expect(mailAbout(body.title)).toHaveLength(sent.length);
    expect(await firstBatches(item.id)).toBe(1);
  });

  it('sends nothing for an item that is not important, a draft, or a save without the flag', async () => {
    const plain = important({ is_important: false });
    const draft = important({ status: 'draft' });
    const quiet = important({ notify_members: false });
    for (const body of [plain, draft, quiet]) {
      const item = await saved(body);
      expect(item.notified_at).toBeNull();
      expect(mailAbout(body.title)).toEqual([]);
    }
  });

  it('sends when a draft is saved published and important with the flag', async () => {
    const body = important({ status: 'draft' });
    const item = await saved(body);
    expect(mailAbout(body.title)).toEqual([]);
    // Publishing alone (the status call) does not e-mail: only a save that asks does.
    await t.call('PUT', `/api/admin/news/${item.id}/status`, { status: 'published' }, admin.auth);
    expect(mailAbout(body.title)).toEqual([]);
    const published = await saved(important({ title: body.title }), item.id);
    expect(published.notified_at).not.toBeNull();
    expect(
      mailAbout(body.title)
        .map((m) => m.to)
        .sort(),
    ).toEqual(await notifiable());
  });

  it(`goes out ${NEWS_EMAIL_BATCH} members per batch, each member once`, async () => {
    const extra = await Promise.all(Array.from({ length: NEWS_EMAIL_BATCH + 3 }, () => createUser(t)));
    const members = await notifiable();
    expect(members.length).toBeGreaterThan(NEWS_EMAIL_BATCH);
    const body = important();
    const item = await saved(body);
    const to = mailAbout(body.title).map((m) => m.to);
    expect(to.sort()).toEqual(members);
    expect(new Set(to).size).toBe(to.length);
    expect(to).toContain(extra[0]!.user.email);
    // One job per batch, and a last one that finds nobody left.
    const [batches] = await t.database.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, NEWS_NOTIFY_JOB), sql`${jobs.payload}->>'newsId' = ${item.id}`));
    expect(batches!.n).toBe(Math.ceil(members.length / NEWS_EMAIL_BATCH) + 1);
  });

  it('stops sending when the item is taken back to draft before its batches run', async () => {
    const quiet = await createTestApp({}, { runJobsBeforeReply: false });
    try {
      const boss = await createAdmin(quiet);
      await createUser(quiet);
      const body = important();
      const res = await quiet.app.inject({
        method: 'POST',
        url: '/api/admin/news',
        headers: boss.auth,
        payload: body,
      });
      const id = res.json<{ news: News }>().news.id;
      await quiet.app.inject({
        method: 'PUT',
        url: `/api/admin/news/${id}/status`,
        headers: boss.auth,
        payload: { status: 'draft' },
      });
      await quiet.app.jobs.drain({ schedules: false });
      expect(quiet.mail.filter((m) => m.subject === `Important news: ${body.title}`)).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  itConcurrently('sends once when several saves of one item ask at the same moment', async () => {
    const body = important({ notify_members: false });
    const item = await saved(body);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => save(important({ title: body.title, body: `Take ${i}` }), item.id)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    await t.app.jobs.drain({ schedules: false });
    const to = mailAbout(body.title).map((m) => m.to);
    expect(to.sort()).toEqual(await notifiable());
    expect(new Set(to).size).toBe(to.length);
    // Only one save won the claim and started the mailing.
    expect(await firstBatches(item.id)).toBe(1);
  });

  itConcurrently('sends each of several items created at the same moment once', async () => {
    const bodies = Array.from({ length: 3 }, () => important());
    const answers = await Promise.all(bodies.map((body) => save(body)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    await t.app.jobs.drain({ schedules: false });
    const members = await notifiable();
    for (const body of bodies)
      expect(
        mailAbout(body.title)
          .map((m) => m.to)
          .sort(),
      ).toEqual(members);
  });
});
