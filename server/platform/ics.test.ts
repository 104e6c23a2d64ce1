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
});
