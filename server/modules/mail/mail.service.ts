import type { OutboxMessageDetail, OutboxResponse } from '../../../common/mail';
import { notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createMailRepo } from './mail.repo';

export function createMailService(platform: Platform) {
  const repo = createMailRepo(platform.db);
  return {
    async outbox(query: { limit: number; offset: number }): Promise<OutboxResponse> {
      const { rows, total } = await repo.list(query);
      return {
        messages: rows.map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          sent_at: row.sent_at?.toISOString() ?? null,
        })),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    async message(id: string): Promise<OutboxMessageDetail> {
      const row = await repo.find(id);
      if (!row) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
      return {
        id: row.id,
        to_address: row.to_address,
        subject: row.subject,
        status: row.status,
        error: row.error,
        created_at: row.created_at.toISOString(),
        sent_at: row.sent_at?.toISOString() ?? null,
        text: row.text_body,
        attachments: row.attachments.map((file) => ({
          filename: file.filename,
          content_type: file.contentType,
          content: file.content,
        })),
      };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
