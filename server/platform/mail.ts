import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from './clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one message; the outbox row is written before and updated after. */
export interface MailTransport {
  kind: 'smtp' | 'log';
  send(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the log is the only place an operator or a demo visitor can read a message, codes
 * and links included, so the text is logged in full.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'e-mail kept in the outbox (no SMTP_URL set)',
      );
    },
    close: () => {},
  };
}

export function createMailer(
  db: Db,
  transport: MailTransport,
  from: string,
  clock: Clock,
  log: FastifyBaseLogger,
) {
  return {
    /** Writes the message to the outbox and delivers it; a delivery failure is recorded, never thrown. */
    async send(message: MailMessage): Promise<void> {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          created_at: clock.now(),
        })
        .returning({ id: mailOutbox.id });
      try {
        await transport.send({ ...message, from });
        await db
          .update(mailOutbox)
          .set({ status: transport.kind === 'smtp' ? 'sent' : 'logged', sent_at: clock.now() })
          .where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        log.warn({ err: error }, 'e-mail delivery failed');
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, row!.id));
      }
    },
    close: () => transport.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
