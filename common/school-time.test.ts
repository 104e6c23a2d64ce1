import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockLabel,
  dateParts,
  dayBounds,
  dayLabel,
  dayOfDate,
  datesTouched,
  daysBetween,
  fromSchoolLocal,
  isRealDate,
  longDate,
  monthLabel,
  monthWeeks,
  schoolDate,
  schoolDateTime,
  schoolTime,
  shortSchoolDateTime,
  toSchoolLocal,
  weekStart,
  weekdayOf,
  zonedInstant,
  zonedParts,
} from './school-time';

const LA = 'America/Los_Angeles';

describe('school time in America/Los_Angeles', () => {
  it('puts noon on the day DST starts (2026-03-08) at 19:00 UTC, and an hour there is an hour', () => {
    const start = zonedInstant('2026-03-08', '12:00', LA);
    expect(start.toISOString()).toBe('2026-03-08T19:00:00.000Z');
    expect(zonedParts(start, LA)).toEqual({ date: '2026-03-08', time: '12:00' });
    const end = new Date(start.getTime() + 60 * 60_000);
    expect(zonedParts(end, LA)).toEqual({ date: '2026-03-08', time: '13:00' });
  });

  it('puts noon on the day DST ends (2026-11-01) at 20:00 UTC, and an hour there is an hour', () => {
    const start = zonedInstant('2026-11-01', '12:00', LA);
    expect(start.toISOString()).toBe('2026-11-01T20:00:00.000Z');
    expect(zonedParts(start, LA)).toEqual({ date: '2026-11-01', time: '12:00' });
    expect(zonedParts(new Date(start.getTime() + 60 * 60_000), LA).time).toBe('13:00');
  });

  it('moves a time in the spring gap forward and takes the first of a time that happens twice', () => {
    // 02:30 on 2026-03-08 does not exist: the clocks go from 02:00 PST to 03:00 PDT.
    expect(zonedInstant('2026-03-08', '02:30', LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(zonedParts(zonedInstant('2026-03-08', '02:30', LA), LA).time).toBe('03:30');
    // 01:30 on 2026-11-01 happens in PDT, then again in PST: the first one.
    expect(zonedInstant('2026-11-01', '01:30', LA).toISOString()).toBe('2026-11-01T08:30:00.000Z');
  });

  it('makes the days the clocks change 23 and 25 hours long', () => {
    const spring = dayBounds('2026-03-08', LA);
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = dayBounds('2026-11-01', LA);
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
  });

  it("knows the school's today, weekdays and calendar arithmetic", () => {
    // 02:00 UTC on the 3rd is still the evening of the 2nd in California.
    expect(schoolDate(new Date('2026-03-03T02:00:00Z'), LA)).toBe('2026-03-02');
    expect(weekdayOf('2026-03-08')).toBe('Sunday');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(daysBetween('2026-03-01', '2026-03-14')).toBe(13);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-02-28')).toBe(true);
    expect(datesTouched(new Date('2026-03-03T06:00:00Z'), new Date('2026-03-03T09:00:00Z'), LA)).toEqual([
      '2026-03-02',
      '2026-03-03',
    ]);
  });

  it('says an instant in words in the school time', () => {
    expect(schoolDateTime(new Date('2026-03-09T19:00:00Z'), LA)).toBe(
      'Monday, March 9, 2026 at 12:00 PM PDT',
    );
  });

  it('works in another zone', () => {
    expect(zonedInstant('2026-03-29', '12:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
  });
});

describe("the school's dates and times in words and on the calendar", () => {
  it('reads an instant as the school’s calendar day and clock, whatever the device’s zone', () => {
    // 02:30 UTC on 3 March is still the evening of 2 March in California.
    expect(schoolDate('2026-03-03T02:30:00Z', LA)).toBe('2026-03-02');
    expect(schoolTime('2026-03-03T02:30:00Z', LA)).toBe('6:30 PM');
    // After the spring change the offset is seven hours.
    expect(schoolTime('2026-03-09T19:00:00Z', LA)).toBe('12:00 PM');
    expect(shortSchoolDateTime('2026-03-09T01:30:00Z', LA)).toBe('Mar 8, 2026 6:30 PM');
  });

  it('moves a datetime-local field between the school’s clock and instants', () => {
    expect(toSchoolLocal('2026-03-09T01:30:00Z', LA)).toBe('2026-03-08T18:30');
    expect(fromSchoolLocal('2026-03-08T18:30', LA)).toBe('2026-03-09T01:30:00.000Z');
    expect(fromSchoolLocal('2026-03-08T02:30', LA)).toBe('2026-03-08T10:30:00.000Z');
    expect(fromSchoolLocal('2026-03-08', LA)).toBe('');
    expect(toSchoolLocal('', LA)).toBe('');
  });

  it('moves and counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-02', '2026-03-02')).toBe(0);
    expect(daysBetween('2026-03-30', '2026-04-02')).toBe(3);
    expect(dayOfDate('2026-03-02')).toBe('monday');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(dateParts('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8 });
  });

  it('lays a month out in weeks from Sunday, blank outside it', () => {
    const weeks = monthWeeks(2026, 3);
    expect(weeks[0]![0]).toBe('2026-03-01');
    expect(weeks.at(-1)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', null, null, null, null]);
    const february = monthWeeks(2026, 2);
    expect(february).toHaveLength(4);
    expect(monthWeeks(2026, 8)[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
  });

  it('writes times and dates as people read them', () => {
    expect(clockLabel('00:30')).toBe('12:30 AM');
    expect(clockLabel('12:00')).toBe('12:00 PM');
    expect(clockLabel('18:05')).toBe('6:05 PM');
    expect(longDate('2026-03-09')).toBe('Monday, March 9, 2026');
    expect(dayLabel('2026-03-08')).toBe('Sunday, March 8');
    expect(dayLabel('')).toBe('');
    expect(monthLabel(2026, 3)).toBe('March 2026');
  });
});
