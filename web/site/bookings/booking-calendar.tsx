import { useCallback, useEffect, useState } from 'react';
import {
  BOOKING_MESSAGES,
  CALENDAR_DOTS_PER_DAY,
  type CalendarBooking,
  type CalendarResponse,
} from '../../../common/bookings';
import { callApi } from '../components/api';
import { Dialog } from '../components/dialog';
import { island } from '../island';
import {
  dateParts,
  lastOfMonth,
  longDate,
  monthLabel,
  monthWeeks,
  schoolDate,
  toDate,
} from '../../../common/school-time';
import { BookingDialog, type BookingOutcome } from './booking-dialog';
import type { CalendarClass } from '../../../common/classes';
import { classesOn, DayDialog } from './day-dialog';

const HEADERS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

type Dot = 'workshop' | 'private_class' | 'class';

function shiftMonth(year: number, month: number, by: number) {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The workshops' booking calendar: a month of days, Sunday first, each with up to
 * CALENDAR_DOTS_PER_DAY dots (bookings, then the recurring classes) and "+N" for more. Past days
 * cannot be chosen. A day opens its schedule, which leads to the booking form.
 */
function BookingCalendar({
  today,
  timeZone,
  classes,
}: {
  today: string;
  timeZone: string;
  classes: CalendarClass[];
}) {
  const start = dateParts(today);
  const [month, setMonth] = useState({ year: start.year, month: start.month });
  const [bookings, setBookings] = useState<CalendarBooking[]>([]);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [booking, setBooking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  // A new form for each day chosen; Try Again reopens the one just sent, as it was filled in.
  const [form, setForm] = useState({ key: 0, date: today });
  const first = toDate(month.year, month.month, 1);
  const last = lastOfMonth(month.year, month.month);

  // Asked again after a booking is made.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    void callApi<CalendarResponse>(`/api/bookings/calendar?start=${first}&end=${last}`, { auth: true }).then(
      (result) => {
        if (!current) return;
        // The calendar is empty when it cannot be read; the page shows no error for it.
        setBookings(result.ok ? result.body.bookings.filter((b) => b.status !== 'cancelled') : []);
        setLoadedFor(first);
      },
    );
    return () => {
      current = false;
    };
  }, [first, last, version]);

  const byDay = new Map<string, CalendarBooking[]>();
  for (const item of bookings) {
    const date = schoolDate(item.start_time, timeZone);
    byDay.set(date, [...(byDay.get(date) ?? []), item]);
  }
  const thisMonth = month.year === start.year && month.month === start.month;

  const handleDone = (result: BookingOutcome) => {
    setBooking(null);
    if (result.ok) setForm((current) => ({ ...current, key: current.key + 1 }));
    setOutcome(result);
    if (result.ok) setVersion((v) => v + 1);
  };
  const closeDay = useCallback(() => setDay(null), []);
  const closeBooking = useCallback(() => setBooking(null), []);

  return (
    <div className="kw-calendar">
      <div className="kw-calendar-head">
        <button
          type="button"
          className="kw-icon-button"
          aria-label="Previous month"
          disabled={thisMonth}
          onClick={() => setMonth(shiftMonth(month.year, month.month, -1))}
        >
          ‹
        </button>
        <h2 className="kw-calendar-title" aria-live="polite">
          {monthLabel(month.year, month.month)}
        </h2>
        <button
          type="button"
          className="kw-icon-button"
          aria-label="Next month"
          onClick={() => setMonth(shiftMonth(month.year, month.month, 1))}
        >
          ›
        </button>
      </div>
      <table className="kw-calendar-grid" aria-busy={loadedFor !== first}>
        <thead>
          <tr>
            {HEADERS.map(([short, long]) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month.year, month.month).map((week, index) => (
            <tr key={index}>
              {week.map((date, column) => {
                if (!date) return <td key={`empty-${column}`} className="kw-calendar-blank" />;
                const dayBookings = byDay.get(date) ?? [];
                const meetings = classesOn(date, classes);
                const dots: Dot[] = [
                  ...dayBookings.map((b) => b.appointment_type),
                  ...meetings.map((): Dot => 'class'),
                ];
                const past = date < today;
                const parts = [
                  meetings.length > 0 && plural(meetings.length, 'class'),
                  dayBookings.length > 0 && plural(dayBookings.length, 'booking'),
                ].filter(Boolean);
                return (
                  <td key={date} className={date === today ? 'kw-calendar-today' : undefined}>
                    <button
                      type="button"
                      className="kw-calendar-day"
                      disabled={past}
                      aria-current={date === today ? 'date' : undefined}
                      aria-label={`${longDate(date)}${date === today ? ', today' : ''}${parts.length ? `: ${parts.join(', ')}` : ''}`}
                      onClick={() => setDay(date)}
                    >
                      <span className="kw-calendar-number" aria-hidden="true">
                        {dateParts(date).day}
                      </span>
                      <span className="kw-calendar-dots" aria-hidden="true">
                        {dots.slice(0, CALENDAR_DOTS_PER_DAY).map((dot, i) => (
                          <span key={i} className={`kw-dot-mark kw-dot-${dot}`} />
                        ))}
                        {dots.length > CALENDAR_DOTS_PER_DAY && (
                          <span className="kw-calendar-more">+{dots.length - CALENDAR_DOTS_PER_DAY}</span>
                        )}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="kw-calendar-legend" aria-label="Legend">
        <li>
          <span className="kw-dot-mark kw-dot-workshop" aria-hidden="true" /> Group session
        </li>
        <li>
          <span className="kw-dot-mark kw-dot-private_class" aria-hidden="true" /> 1-on-1
        </li>
        <li>
          <span className="kw-dot-mark kw-dot-class" aria-hidden="true" /> Weekly class
        </li>
      </ul>
      <DayDialog
        date={day}
        classes={classes}
        bookings={day ? (byDay.get(day) ?? []) : []}
        timeZone={timeZone}
        onClose={closeDay}
        onBook={() => {
          if (day) setForm((current) => ({ key: current.key + 1, date: day }));
          setBooking(day);
          setDay(null);
        }}
      />
      <BookingDialog
        key={form.key}
        open={booking !== null}
        date={form.date}
        today={today}
        onClose={closeBooking}
        onDone={handleDone}
      />
      <Dialog
        open={outcome?.ok === true}
        title={BOOKING_MESSAGES.confirmedTitle}
        onClose={() => setOutcome(null)}
      >
        <p>
          {outcome?.ok && outcome.count > 1
            ? BOOKING_MESSAGES.confirmedMany(outcome.count)
            : BOOKING_MESSAGES.confirmedOne}
        </p>
        <div className="kw-dialog-actions">
          <button type="button" className="kw-button kw-button-primary" onClick={() => setOutcome(null)}>
            Great!
          </button>
        </div>
      </Dialog>
      <Dialog
        open={outcome?.ok === false}
        title={BOOKING_MESSAGES.errorTitle}
        role="alertdialog"
        onClose={() => setOutcome(null)}
      >
        <p>{BOOKING_MESSAGES.createFailed}</p>
        {outcome?.ok === false && outcome.message && <p className="kw-error-text">{outcome.message}</p>}
        <div className="kw-dialog-actions">
          <button type="button" className="kw-button kw-button-outline" onClick={() => setOutcome(null)}>
            Close
          </button>
          <button
            type="button"
            className="kw-button kw-button-primary"
            onClick={() => {
              setOutcome(null);
              setBooking(form.date);
            }}
          >
            Try Again
          </button>
        </div>
      </Dialog>
    </div>
  );
}

export const BookingCalendarIsland = island('booking-calendar', BookingCalendar);
export { BookingCalendar as BookingCalendarView };
