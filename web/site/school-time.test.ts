import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockLabel,
  daysBetween,
  monthWeeks,
  schoolDate,
  schoolTime,
  weekdayOf,
} from './school-time';

const LA = 'America/Los_Angeles';

describe("the school's dates and times", () => {
  it('reads an instant as the school’s calendar day and clock, whatever the device’s zone', () => {
    // 02:30 UTC on 3 March is still the evening of 2 March in California.
    expect(schoolDate('2026-03-03T02:30:00Z', LA)).toBe('2026-03-02');
    expect(schoolTime('2026-03-03T02:30:00Z', LA)).toBe('6:30 PM');
    // After the spring change the offset is seven hours.
    expect(schoolTime('2026-03-09T19:00:00Z', LA)).toBe('12:00 PM');
  });

  it('moves and counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-02', '2026-03-02')).toBe(1);
    expect(daysBetween('2026-03-30', '2026-04-02')).toBe(4);
    expect(weekdayOf('2026-03-02')).toBe('monday');
  });

  it('lays a month out in weeks from Sunday, blank outside it', () => {
    const weeks = monthWeeks(2026, 3);
    expect(weeks[0]![0]).toBe('2026-03-01');
    expect(weeks.at(-1)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', null, null, null, null]);
    const february = monthWeeks(2026, 2);
    expect(february).toHaveLength(4);
    expect(monthWeeks(2026, 8)[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
  });

  it('writes a 24-hour time as people read it', () => {
    expect(clockLabel('00:30')).toBe('12:30 AM');
    expect(clockLabel('12:00')).toBe('12:00 PM');
    expect(clockLabel('18:05')).toBe('6:05 PM');
  });
});
