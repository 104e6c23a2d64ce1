import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createMailer, smtpTransport } from './mail';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let t: TestApp;
let server: SMTPServer;
let port: number;
const received: Received[] = [];

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

describe('mailer over SMTP', () => {
  it('delivers the message and marks the outbox row sent', async () => {
    const mailer = createMailer(
      t.database.db,
      smtpTransport(`smtp://127.0.0.1:${port}`),
      'Kwoon <no-reply@kwoon.local>',
      t.clock,
      t.app.log,
    );
    await mailer.send({
      to: 'mei@example.org',
      subject: 'Your workshop booking',
      text: 'See you at the Saturday Baguazhang workshop.',
    });
    mailer.close();

    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.from).toBe('no-reply@kwoon.local');
    expect(message.to).toEqual(['mei@example.org']);
    expect(message.raw).toMatch(/^From: Kwoon <no-reply@kwoon\.local>\r?$/m);
    expect(message.raw).toMatch(/^To: mei@example\.org\r?$/m);
    expect(message.raw).toMatch(/^Subject: Your workshop booking\r?$/m);
    expect(message.raw).toContain('See you at the Saturday Baguazhang workshop.');

    expect(await outboxRow('Your workshop booking')).toMatchObject({
      to_address: 'mei@example.org',
      text_body: 'See you at the Saturday Baguazhang workshop.',
      status: 'sent',
      error: null,
      sent_at: t.clock.now(),
    });
  });

  it('records a delivery failure as failed without throwing', async () => {
    const mailer = createMailer(
      t.database.db,
      smtpTransport(`smtp://127.0.0.1:${await closedPort()}`),
      'Kwoon <no-reply@kwoon.local>',
      t.clock,
      t.app.log,
    );
    await expect(
      mailer.send({ to: 'daniel@example.org', subject: 'Undeliverable', text: 'Nobody is listening.' }),
    ).resolves.toBeUndefined();
    mailer.close();

    const row = await outboxRow('Undeliverable');
    expect(row).toMatchObject({ status: 'failed', sent_at: null });
    expect(row!.error).toMatch(/ECONNREFUSED/);
    expect(received.map((m) => m.to[0])).not.toContain('daniel@example.org');
  });
});
