import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

export const MailStatus = z.enum(['pending', 'sent', 'logged', 'failed']);
export type MailStatus = z.infer<typeof MailStatus>;

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 200;

export const OutboxQuery = z.object({
  limit: pageLimit(OUTBOX_DEFAULT_LIMIT, OUTBOX_MAX_LIMIT),
  offset: pageOffset,
});
export type OutboxQuery = z.input<typeof OutboxQuery>;

/** One e-mail as the platform recorded it; the body stays out of the listing. */
export const OutboxMessage = z.object({
  id: z.uuid(),
  to_address: z.string(),
  subject: z.string(),
  status: MailStatus,
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxAttachment = z.object({
  filename: z.string(),
  content_type: z.string(),
  content: z.string(),
});
export type OutboxAttachment = z.infer<typeof OutboxAttachment>;

/** One outbox message with its body and attached files, for an administrator following up on what was sent. */
export const OutboxMessageDetail = OutboxMessage.extend({
  text: z.string(),
  attachments: z.array(OutboxAttachment),
});
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetail>;

export const OutboxResponse = z.object({
  messages: z.array(OutboxMessage),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type OutboxResponse = z.infer<typeof OutboxResponse>;
