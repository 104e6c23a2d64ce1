import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../common/messages';
import { linkParts, shortTime, withDaySeparators } from './message-format';

const message = (id: string, sentAt: string): Message => ({
  id,
  conversation_id: 'c',
  sender_id: 's',
  sender_name: 'Mei',
  recipient_id: 'r',
  text: 'hi',
  sent_at: sentAt,
  read_at: null,
  deleted_for_everyone: false,
});

describe('linkParts', () => {
  it('cuts web addresses out of the text, leaving the sentence punctuation outside', () => {
    expect(linkParts('See https://kwoon.example/a?b=1. Or www.taiji.org, then (http://x.org)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://kwoon.example/a?b=1', href: 'https://kwoon.example/a?b=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.taiji.org', href: 'https://www.taiji.org' },
      { kind: 'text', text: ', then (' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('links only http(s) addresses and keeps markup as text', () => {
    const text = 'javascript:alert(1) <a href="https://evil.example">x</a> data:text/html,hi';
    const parts = linkParts(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual([
      'https://evil.example',
    ]);
  });

  it('answers plain text as one part and an empty text as none', () => {
    expect(linkParts('Stand like a tree')).toEqual([{ kind: 'text', text: 'Stand like a tree' }]);
    expect(linkParts('')).toEqual([]);
  });
});

describe('withDaySeparators', () => {
  it('puts a separator before the first message of each day, named Today, Yesterday or the date', () => {
    const now = dayjs('2026-03-10T15:00:00');
    const items = withDaySeparators(
      [
        message('1', dayjs('2025-12-31T09:00:00').toISOString()),
        message('2', dayjs('2026-03-02T09:00:00').toISOString()),
        message('3', dayjs('2026-03-02T18:00:00').toISOString()),
        message('4', dayjs('2026-03-09T23:59:00').toISOString()),
        message('5', dayjs('2026-03-10T00:01:00').toISOString()),
      ],
      now,
    );
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.message.id))).toEqual([
      'Wednesday, December 31, 2025',
      '1',
      'Monday, March 2',
      '2',
      '3',
      'Yesterday',
      '4',
      'Today',
      '5',
    ]);
  });

  it('answers nothing for no messages', () => {
    expect(withDaySeparators([])).toEqual([]);
  });
});

describe('shortTime', () => {
  it('shows the hour today and the date before', () => {
    const now = dayjs('2026-03-10T15:00:00');
    expect(shortTime(dayjs('2026-03-10T09:05:00').toISOString(), now)).toBe('9:05 AM');
    expect(shortTime(dayjs('2026-01-04T09:05:00').toISOString(), now)).toBe('Jan 4');
    expect(shortTime(dayjs('2025-01-04T09:05:00').toISOString(), now)).toBe('Jan 4, 2025');
  });
});
