import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from './clock';
import type { JobAttempt, Jobs } from './jobs';
import { renderMailHtml } from './mail-html';

/** A file sent with a message, kept in the outbox with it (a calendar invitation, say). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text. */
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Delivers one message for the job worker; the outbox row is written first and updated after. */
export interface MailTransport {
  kind: 'smtp' | 'log';
  send(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

/** Sends the text with a branded HTML alternative made from it (mail-html.ts); the text part comes first. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const { attachments, ...rest } = message;
      await transporter.sendMail({
        ...rest,
        html: renderMailHtml(message),
        ...(attachments?.length
          ? {
              attachments: attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
      });
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
        {
          mail: {
            to: message.to,
            subject: message.subject,
            text: message.text,
            attachments: message.attachments?.map((file) => file.filename) ?? [],
          },
        },
        'e-mail kept in the outbox (no SMTP_URL set)',
      );
    },
    close: () => {},
  };
}

export const MAIL_JOB = 'mail.send';
const MailDelivery = z.object({ outboxId: z.uuid() });

/**
 * E-mail goes through the outbox: `send` only writes the message and queues its delivery, inside
 * the caller's transaction when there is one, so a request never waits on SMTP and a message is
 * kept exactly when the change it reports is. The job worker delivers it and retries a failure.
 */
export function createMailer(db: Db, jobs: Jobs, transport: MailTransport, from: string, clock: Clock) {
  async function write(messages: MailMessage[], tx: Tx) {
    if (messages.length === 0) return;
    const rows = await tx
      .insert(mailOutbox)
      .values(
        messages.map((message) => ({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          attachments: message.attachments ?? [],
          created_at: clock.now(),
        })),
      )
      .returning({ id: mailOutbox.id });
    for (const row of rows) await deliveryJob.enqueue({ outboxId: row.id }, { tx });
  }

  /** Delivers one outbox message; a failure before the last attempt leaves it pending with the error. */
  async function deliver({ outboxId }: z.output<typeof MailDelivery>, job: JobAttempt) {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).limit(1);
    if (!row || row.status === 'sent' || row.status === 'logged') return;
    try {
      await transport.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.attachments.length > 0 ? { attachments: row.attachments } : {}),
        from,
      });
    } catch (error) {
      const last = job.attempt >= job.maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          status: last ? 'failed' : 'pending',
          error: error instanceof Error ? error.message : String(error),
        })
        .where(eq(mailOutbox.id, row.id));
      throw error;
    }
    await db
      .update(mailOutbox)
      .set({ status: transport.kind === 'smtp' ? 'sent' : 'logged', sent_at: clock.now(), error: null })
      .where(eq(mailOutbox.id, row.id));
  }
  const deliveryJob = jobs.define(MAIL_JOB, MailDelivery, deliver);

  /** In the caller's transaction, or in one of its own after which the worker is woken. */
  async function keep(messages: MailMessage[], tx?: Tx) {
    if (tx) return write(messages, tx);
    await db.transaction((own) => write(messages, own));
    jobs.wake();
  }

  return {
    /** Keeps the message in the outbox and queues its delivery; `tx` makes both part of the caller's transaction. */
    send: (message: MailMessage, tx?: Tx): Promise<void> => keep([message], tx),
    /** Several messages, all kept or none. */
    sendAll: (messages: MailMessage[], tx?: Tx): Promise<void> => keep(messages, tx),
    close: () => transport.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
