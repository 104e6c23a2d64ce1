import { once } from 'node:events';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { backoffMs, createJobs, DEFAULT_MAX_ATTEMPTS } from './jobs';
import { createMailer, logTransport, smtpTransport, type MailTransport } from './mail';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let t: TestApp;
let server: SMTPServer;
let port: number;
const received: Received[] = [];
// What the SMTP server received is counted per test.
beforeEach(() => {
  received.length = 0;
});

beforeAll(async () => {
  t = await createTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const outboxRow = async (subject: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0];

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const free = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

const FROM = 'Kwoon <no-reply@kwoon.local>';

/** A mailer with its own worker, drained by the test. */
function mailerWith(transport: MailTransport) {
  const jobs = createJobs(t.database.db, t.clock, t.app.log, { pollMs: 0 });
  return { jobs, mailer: createMailer(t.database.db, jobs, transport, FROM, t.clock) };
}

/** Fails its first `failures` deliveries, then hands them to `inner`. */
function flaky(inner: MailTransport, failures: number): MailTransport {
  let left = failures;
  return {
    ...inner,
    async send(message) {
      if (left-- > 0) throw new Error('421 service not available');
      await inner.send(message);
    },
  };
}

const jobOf = async (outboxId: string) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'outboxId' = ${outboxId}`)
  )[0];

describe('mailer over SMTP', () => {
  it('keeps attachments in the outbox and sends them as parts of the message', async () => {
    const { jobs: worker, mailer } = mailerWith(smtpTransport(`smtp://127.0.0.1:${port}`));
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'rosa@example.org',
      subject: 'Booking with a calendar file',
      text: 'Your booking is confirmed.',
      attachments: [
        { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8', content: calendar },
      ],
    });
    expect((await outboxRow('Booking with a calendar file'))?.attachments).toEqual([
      { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8', content: calendar },
    ]);
    await worker.drain();
    mailer.close();
    expect(received).toHaveLength(1);
    const raw = received[0]!.raw;
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; name=booking\.ics\r?$/m);
    expect(raw).toMatch(/filename=booking\.ics/);
    expect(raw).toContain('Your booking is confirmed.');
  });

  it('logs the names of the attachments when there is no SMTP server', async () => {
    const lines: unknown[] = [];
    const log = { ...t.app.log, info: (entry: unknown) => lines.push(entry) } as typeof t.app.log;
    await logTransport(log).send({
      from: FROM,
      to: 'rosa@example.org',
      subject: 'Calendar',
      text: 'Hello',
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    expect(lines).toEqual([
      { mail: { to: 'rosa@example.org', subject: 'Calendar', text: 'Hello', attachments: ['booking.ics'] } },
    ]);
  });

  it('keeps the message in the outbox, and the worker delivers it and marks it sent', async () => {
    const smtp = smtpTransport(`smtp://127.0.0.1:${port}`);
    const { jobs: worker, mailer } = mailerWith(smtp);
    await mailer.send({
      to: 'mei@example.org',
      subject: 'Your workshop booking',
      text: 'See you at the Saturday Baguazhang workshop.',
    });
    expect(await outboxRow('Your workshop booking')).toMatchObject({ status: 'pending', sent_at: null });
    expect(received).toHaveLength(0);

    await worker.drain();
    mailer.close();

    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.from).toBe('no-reply@kwoon.local');
    expect(message.to).toEqual(['mei@example.org']);
    expect(message.raw).toMatch(/^From: Kwoon <no-reply@kwoon\.local>\r?$/m);
    expect(message.raw).toMatch(/^To: mei@example\.org\r?$/m);
    expect(message.raw).toMatch(/^Subject: Your workshop booking\r?$/m);
    expect(message.raw).toContain('See you at the Saturday Baguazhang workshop.');
    // The text first, then the school's HTML made from it: a client shows the last part it can.
    expect(message.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    const textAt = message.raw.search(/^Content-Type: text\/plain/m);
    const htmlAt = message.raw.search(/^Content-Type: text\/html/m);
    expect(textAt).toBeGreaterThan(0);
    expect(htmlAt).toBeGreaterThan(textAt);

    const row = await outboxRow('Your workshop booking');
    expect(row).toMatchObject({
      to_address: 'mei@example.org',
      text_body: 'See you at the Saturday Baguazhang workshop.',
      status: 'sent',
      error: null,
      sent_at: t.clock.now(),
    });
    expect(await jobOf(row!.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failed delivery later and sends it once the server answers', async () => {
    const { jobs: worker, mailer } = mailerWith(flaky(smtpTransport(`smtp://127.0.0.1:${port}`), 2));
    await mailer.send({ to: 'lin@example.org', subject: 'Class moved', text: 'Thursday, 7 pm.' });

    await worker.drain();
    let row = await outboxRow('Class moved');
    expect(row).toMatchObject({ status: 'pending', error: '421 service not available', sent_at: null });
    expect(await jobOf(row!.id)).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due again before its backoff has passed.
    await worker.drain();
    expect((await jobOf(row!.id))!.attempts).toBe(1);
    t.clock.advance(backoffMs(1));
    await worker.drain();
    expect(await jobOf(row!.id)).toMatchObject({ status: 'pending', attempts: 2 });
    t.clock.advance(backoffMs(2));
    await worker.drain();
    mailer.close();

    row = await outboxRow('Class moved');
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(await jobOf(row!.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(received.filter((m) => m.to[0] === 'lin@example.org')).toHaveLength(1);
  });

  it('marks the message failed and its job dead after the last attempt, without throwing', async () => {
    const { jobs: worker, mailer } = mailerWith(smtpTransport(`smtp://127.0.0.1:${await closedPort()}`));
    await expect(
      mailer.send({ to: 'daniel@example.org', subject: 'Undeliverable', text: 'Nobody is listening.' }),
    ).resolves.toBeUndefined();
    for (let attempt = 1; attempt <= DEFAULT_MAX_ATTEMPTS; attempt++) {
      await worker.drain();
      t.clock.advance(backoffMs(attempt));
    }
    mailer.close();

    const row = await outboxRow('Undeliverable');
    expect(row).toMatchObject({ status: 'failed', sent_at: null });
    expect(row!.error).toMatch(/ECONNREFUSED/);
    expect(await jobOf(row!.id)).toMatchObject({ status: 'dead', attempts: DEFAULT_MAX_ATTEMPTS });
    expect(received.map((m) => m.to[0])).not.toContain('daniel@example.org');
  });
});
