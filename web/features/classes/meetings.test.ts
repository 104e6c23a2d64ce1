import { describe, expect, it } from 'vitest';
import type { ClassSession } from '../../../common/classes';
import { dayOfDate } from '../../../common/school-time';
import { defaultMeeting, sessionsOn } from './meetings';

const sessions: ClassSession[] = [
  { day_of_week: 'thursday', start_time: '18:00', end_time: '19:00' },
  { day_of_week: 'monday', start_time: '18:00', end_time: '19:00' },
  { day_of_week: 'monday', start_time: '07:00', end_time: '08:00' },
];

describe('meetings', () => {
  it('names the day of a school date', () => {
    expect(dayOfDate('2026-03-09')).toBe('monday');
    expect(dayOfDate('2026-03-08')).toBe('sunday');
  });

  it("lists a day's sessions earliest first", () => {
    expect(sessionsOn(sessions, '2026-03-09').map((s) => s.start_time)).toEqual(['07:00', '18:00']);
    expect(sessionsOn(sessions, '2026-03-10')).toEqual([]);
  });

  it("opens today's session that is on or still to come", () => {
    expect(defaultMeeting(sessions, '2026-03-09', '06:00')).toEqual({
      date: '2026-03-09',
      start_time: '07:00',
    });
    expect(defaultMeeting(sessions, '2026-03-09', '07:30')).toEqual({
      date: '2026-03-09',
      start_time: '07:00',
    });
    expect(defaultMeeting(sessions, '2026-03-09', '12:00')).toEqual({
      date: '2026-03-09',
      start_time: '18:00',
    });
  });

  it("keeps today's last session after it ended, for attendance taken late", () => {
    expect(defaultMeeting(sessions, '2026-03-09', '21:00')).toEqual({
      date: '2026-03-09',
      start_time: '18:00',
    });
  });

  it('opens the next meeting when the class does not meet today', () => {
    expect(defaultMeeting(sessions, '2026-03-10', '12:00')).toEqual({
      date: '2026-03-12',
      start_time: '18:00',
    });
    expect(defaultMeeting([], '2026-03-10', '12:00')).toBeNull();
  });
});
