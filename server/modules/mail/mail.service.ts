import type { OutboxResponse } from '../../../common/mail';
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
  };
}
export type MailService = ReturnType<typeof createMailService>;
