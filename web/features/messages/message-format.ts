import dayjs from 'dayjs';
import type { Message } from '../../../common/messages';

/** What stands in a message deleted for everyone. */
export const TOMBSTONE_TEXT = 'This message was deleted';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Web addresses: http(s) links and bare `www.` names. Only these two become links, so a message
 * can never produce a `javascript:` or `data:` address.
 */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.org."). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** A message's plain text cut into text and links; rendering the parts as React text never makes HTML. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const link = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const href = /^www\./i.test(link) ? `https://${link}` : link;
    parts.push({ kind: 'link', text: link, href });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export type HistoryItem = { kind: 'day'; key: string; label: string } | { kind: 'message'; message: Message };

/** 'Today', 'Yesterday', or the date, as a day separator reads in the reader's own time zone. */
export function dayLabel(day: dayjs.Dayjs, now: dayjs.Dayjs): string {
  if (day.isSame(now, 'day')) return 'Today';
  if (day.isSame(now.subtract(1, 'day'), 'day')) return 'Yesterday';
  return day.format(day.isSame(now, 'year') ? 'dddd, MMMM D' : 'dddd, MMMM D, YYYY');
}

/** The history (oldest first) with a separator before the first message of each day. */
export function withDaySeparators(messages: Message[], now = dayjs()): HistoryItem[] {
  const items: HistoryItem[] = [];
  let current = '';
  for (const message of messages) {
    const day = dayjs(message.sent_at);
    const key = day.format('YYYY-MM-DD');
    if (key !== current) {
      items.push({ kind: 'day', key, label: dayLabel(day, now) });
      current = key;
    }
    items.push({ kind: 'message', message });
  }
  return items;
}

/** A conversation row's time: the hour today, else the short date. */
export function shortTime(value: string, now = dayjs()): string {
  const time = dayjs(value);
  if (time.isSame(now, 'day')) return time.format('h:mm A');
  return time.format(time.isSame(now, 'year') ? 'MMM D' : 'MMM D, YYYY');
}
