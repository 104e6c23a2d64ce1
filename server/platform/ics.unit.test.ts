import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icsText, icsTime } from './ics';

const event = {
  uid: 'booking-1@kwoon.example.org',
  sequence: 2,
  stamp: new Date('2026-03-02T18:00:00Z'),
  start: new Date('2026-03-09T19:00:00Z'),
  end: new Date('2026-03-09T20:00:00Z'),
  summary: 'Group session at Redwood Internal Arts Foundation',
  location: 'Redwood Internal Arts Foundation, 1120 Sebastopol Road, Santa Rosa, CA 95407',
  description: `Your booking. To see, move or cancel it: https://kwoon.example.org/workshops/manage/${'x'.repeat(43)}`,
};

describe('calendar files', () => {
  it('writes one published event with UTC times and CRLF lines of at most 75 octets', () => {
    const file = calendarFile(event, '-//Kwoon//Bookings//EN');
    expect(file.endsWith('\r\n')).toBe(true);
    const lines = file.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(file).not.toMatch(/[^\r]\n/);
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:PUBLISH\r\n');
    expect(unfolded).toContain('UID:booking-1@kwoon.example.org\r\n');
    expect(unfolded).toContain('SEQUENCE:2\r\n');
    expect(unfolded).toContain('DTSTAMP:20260302T180000Z\r\n');
    expect(unfolded).toContain('DTSTART:20260309T190000Z\r\n');
    expect(unfolded).toContain('DTEND:20260309T200000Z\r\n');
    expect(unfolded).toContain(
      'LOCATION:Redwood Internal Arts Foundation\\, 1120 Sebastopol Road\\, Santa Rosa\\, CA 95407\r\n',
    );
    expect(unfolded).toContain(`/workshops/manage/${'x'.repeat(43)}\r\n`);
  });

  it('folds between characters, never inside one', () => {
    const line = `SUMMARY:${'太极'.repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('escapes text and writes instants', () => {
    expect(icsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    expect(icsTime(new Date('2026-11-01T20:00:00.000Z'))).toBe('20261101T200000Z');
  });

  it('writes every line break as \\n, a lone CR too, and drops other control characters but tab', () => {
    expect(icsText('a\r\nb\rc\nd')).toBe('a\\nb\\nc\\nd');
    expect(icsText('a\u0000b\u000bc\u001bd\u007fe\u0085f\tg')).toBe('abcdef\tg');
  });

  it('escapes every text property, the product id and the UID too: no value adds a line or an event', () => {
    const hostile = 'Evil, Inc.; \\ \r\nEND:VEVENT\r\nBEGIN:VEVENT\rSUMMARY:Free\nX:\u0000\u001b';
    const file = calendarFile(
      {
        ...event,
        uid: `${hostile}@kwoon.example.org`,
        summary: hostile,
        location: hostile,
        description: hostile,
      },
      `-//${hostile}//Bookings//EN`,
    );
    const lines = file.split('\r\n').slice(0, -1);
    expect(file).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    // eslint-disable-next-line no-control-regex
    expect(file).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // A line is a property (NAME:value) or the continuation of a folded one.
      expect(line).toMatch(/^([A-Z-]+:| )/);
    }
    const unfolded = file.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(unfolded.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    const escaped = 'Evil\\, Inc.\\; \\\\ \\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Free\\nX:';
    expect(unfolded).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${escaped}//Bookings//EN`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:${escaped}@kwoon.example.org`,
      'SEQUENCE:2',
      'DTSTAMP:20260302T180000Z',
      'DTSTART:20260309T190000Z',
      'DTEND:20260309T200000Z',
      `SUMMARY:${escaped}`,
      `LOCATION:${escaped}`,
      `DESCRIPTION:${escaped}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });
});
