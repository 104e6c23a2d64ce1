import { BOOKING_MESSAGES, WORKSHOP_GROUP_SIZE } from '../../../common/bookings';
import { HoursList } from '../layout';
import type { SiteSchool } from '../types';
import { BookingCalendarIsland } from './booking-calendar';
import type { CalendarClass } from '../../../common/classes';

export interface WorkshopsPageProps {
  /** The school's date today, in its time zone. */
  today: string;
  timeZone: string;
  /** The published weekly classes; null when they could not be read (the calendar stands). */
  classes: CalendarClass[] | null;
}

/** `/workshops`: the booking calendar, with what a session is and when the school is open. */
export function WorkshopsPage({
  school,
  today,
  timeZone,
  classes,
}: WorkshopsPageProps & { school: SiteSchool }) {
  return (
    <>
      <section className="kw-hero kw-hero-compact" aria-labelledby="workshops-title">
        <div className="kw-container">
          <p className="kw-eyebrow">Workshops and private classes</p>
          <h1 id="workshops-title" className="kw-display">
            Book a Session
          </h1>
          <p className="kw-lead">
            Choose a day to see its classes and book a group session or a 1-on-1 with an instructor. Times are{' '}
            {school.address.city} time.
          </p>
        </div>
      </section>
      <section className="kw-section" aria-label="Booking calendar">
        <div className="kw-container kw-workshops-grid">
          <BookingCalendarIsland today={today} timeZone={timeZone} classes={classes ?? []} />
          <aside className="kw-card kw-workshops-aside" aria-labelledby="workshops-info">
            <h2 id="workshops-info" className="kw-footer-title">
              About sessions
            </h2>
            <p>
              <strong>Group sessions</strong> are workshops of {WORKSHOP_GROUP_SIZE} students. A{' '}
              <strong>1-on-1</strong> is a private class with an instructor.
            </p>
            <h3>Hours</h3>
            {school.hours.length > 0 ? (
              <HoursList school={school} />
            ) : (
              <p>
                {BOOKING_MESSAGES.hours}. {BOOKING_MESSAGES.weekends}.
              </p>
            )}
            {classes === null && (
              <p className="kw-muted" role="status">
                The weekly classes could not be loaded; the calendar shows the bookings only.
              </p>
            )}
            <p>
              <a href="/classes">See the weekly classes</a>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
