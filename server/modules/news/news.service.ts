import { z } from 'zod';
import {
  NEWS_EMAIL_BATCH,
  NEWS_NOT_FOUND,
  type News,
  type NewsListResponse,
  type NewsStatus,
  type ParsedNewsInput,
} from '../../../common/news';
import { publicUrl } from '../../config';
import type { Platform } from '../../platform';
import type { AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { MediaRegistry } from '../uploads/uploads.service';
import type { UsersService } from '../users/users.service';
import { importantNewsMail } from './news.mail';
import { createNewsRepo, type NewsFields, type NewsRow } from './news.repo';

export const NEWS_NOTIFY_JOB = 'news.notify-members';

/** One batch of the mailing about an important item: the members after `after`, in id order. */
const NotifyBatch = z.object({ newsId: z.uuid(), after: z.uuid().nullable() });
type NotifyBatch = z.infer<typeof NotifyBatch>;

interface Page {
  limit: number;
  offset: number;
}

const newsNotFound = () => notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');

const toNews = (row: NewsRow): News => ({
  ...row,
  notified_at: row.notified_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const toList = ({ rows, total }: { rows: NewsRow[]; total: number }): NewsListResponse => ({
  news: rows.map(toNews),
  total,
});

const fieldsOf = (input: ParsedNewsInput): NewsFields => ({
  title: input.title,
  description: input.description,
  body: input.body,
  author_name: input.author_name,
  tags: input.tags,
  status: input.status,
  thumbnail_url: input.thumbnail_url,
  is_important: input.is_important,
});

/**
 * News of the school for the members' area. An important, published item saved with
 * `notify_members` is e-mailed to every active member (student) whose e-mail notifications are
 * on, once per item: the save claims the item (`notified_at`) in its transaction and queues the
 * first batch; each batch job writes NEWS_EMAIL_BATCH e-mails to the outbox and queues the next
 * batch in one transaction (docs/decisions/0027-news-e-mail-batches.md).
 */
export function createNewsService(
  platform: Platform,
  deps: { users: Pick<UsersService, 'notifiableMembers'>; files?: MediaRegistry },
) {
  const repo = createNewsRepo(platform.db);
  // Thumbnails are the news' files (`deps.files` is uploads).
  const thumbnails = deps.files?.register({
    folders: ['news-thumbnails'],
    uses: (publicId) => repo.fileUses(publicId),
  });
  const now = () => platform.clock.now();
  const site = publicUrl(platform.config);

  /**
   * The first batch is queued by the claim, which only one save wins; each later one carries a
   * dedupe key naming where it starts, which tells a batch run twice that it was already sent.
   */
  const queueBatch = (batch: NotifyBatch): Promise<string | undefined> =>
    notifyJob.enqueue(batch, {
      maxAttempts: 5,
      ...(batch.after ? { dedupeKey: `news-notify:${batch.newsId}:${batch.after}` } : {}),
    });

  const notifyJob = platform.jobs.define(NEWS_NOTIFY_JOB, NotifyBatch, async (batch) => {
    await platform.tx(async () => {
      const item = await repo.find(batch.newsId);
      // Deleted or taken back to draft while the batches went out: the rest are not sent.
      if (!item || item.status !== 'published') return;
      const members = await deps.users.notifiableMembers(batch.after, NEWS_EMAIL_BATCH);
      if (members.length === 0) return;
      // The next batch is queued with this one's e-mails: a batch run again after it committed
      // (its worker stopped before marking it done) finds its successor queued and sends nothing.
      const next = await queueBatch({ newsId: item.id, after: members.at(-1)!.id });
      if (!next) return;
      await platform.mailer.sendAll(members.map((member) => importantNewsMail(item, member, site)));
    });
  });

  /**
   * Saves an item and, when asked, claims its mailing in the same transaction: two concurrent
   * saves of one item both reach the claim, and the row lock lets only the first find it unclaimed.
   */
  async function save(write: () => Promise<NewsRow | undefined>, notify: boolean): Promise<News> {
    const row = await platform.tx(async () => {
      const saved = await write();
      if (!saved) throw newsNotFound();
      if (!notify) return saved;
      const claimed = await repo.claimNotification(saved.id, now());
      if (!claimed) return saved;
      await queueBatch({ newsId: claimed.id, after: null });
      return claimed;
    });
    return toNews(row);
  }

  /** The thumbnail an item showed before a change, dropped when it shows it no longer. */
  async function discardThumbnail(before: string | null, after: string | null) {
    if (before && before !== after) await thumbnails?.release(before);
  }

  return {
    /** Published items, newest first. */
    listPublished: async (page: Page): Promise<NewsListResponse> => toList(await repo.listPublished(page)),

    /** Published items carrying a tag, whatever its case. */
    listByTag: async (tag: string, page: Page): Promise<NewsListResponse> =>
      toList(await repo.listPublished(page, tag)),

    /** Published items matching the words, best match first. */
    search: async (q: string, page: Page): Promise<NewsListResponse> => toList(await repo.search(q, page)),

    tagCounts: () => repo.tagCounts(),

    /** One item, counted as read; a draft is found only by an administrator. */
    async read(auth: AuthContext, id: string): Promise<News> {
      const row = await repo.read(id, auth.user.is_admin);
      if (!row) throw newsNotFound();
      return toNews(row);
    },

    adminList: async (status: NewsStatus | 'all' | undefined, page: Page): Promise<NewsListResponse> =>
      toList(await repo.listAll(status === 'all' ? undefined : status, page)),

    create: (input: ParsedNewsInput): Promise<News> =>
      save(() => repo.insert(fieldsOf(input), now()), input.notify_members),

    /** Replaces the whole item; its views and whether it was e-mailed stay. A replaced thumbnail goes. */
    async update(id: string, input: ParsedNewsInput): Promise<News> {
      const before = await repo.find(id);
      const item = await save(() => repo.update(id, fieldsOf(input), now()), input.notify_members);
      await discardThumbnail(before?.thumbnail_url ?? null, item.thumbnail_url);
      return item;
    },

    setStatus: (id: string, status: NewsStatus): Promise<News> =>
      save(() => repo.update(id, { status }, now()), false),

    /** Deletes an item and its uploaded thumbnail, unless another item shows it. */
    async remove(id: string): Promise<void> {
      const row = await repo.remove(id);
      if (!row) throw newsNotFound();
      await discardThumbnail(row.thumbnail_url, null);
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;
