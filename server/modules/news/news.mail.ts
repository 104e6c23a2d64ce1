import type { MailMessage } from '../../platform/mail';
import type { NewsRow } from './news.repo';

/** Line breaks would let a one-line field forge the lines of the e-mail below it. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

/** The plain-text e-mail a member receives about an important news item. */
export function importantNewsMail(
  item: Pick<NewsRow, 'id' | 'title' | 'description' | 'body' | 'author_name'>,
  member: { name: string; email: string },
  site: string,
): MailMessage {
  return {
    to: member.email,
    subject: `Important news: ${oneLine(item.title)}`,
    text: [
      `Hello ${oneLine(member.name)},`,
      '',
      oneLine(item.title),
      '',
      item.description,
      '',
      item.body,
      '',
      `— ${oneLine(item.author_name)}`,
      '',
      `Read it on Kwoon: ${site}/app/news/${item.id}`,
      '',
      'You receive this because e-mail notifications are on; you can turn them off in Settings.',
      '',
    ].join('\n'),
  };
}
