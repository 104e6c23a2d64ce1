import {
  APPOINTMENT_TYPE_LABELS,
  BOOKING_STATUS_LABELS,
  type CalendarBooking,
} from '../../../common/bookings';
import { CLASS_TYPE_LABELS, type CalendarClass } from '../../../common/classes';
import { Dialog } from '../components/dialog';
import { clockLabel, dayOfDate, longDate, schoolTime } from '../../../common/school-time';

/** The recurring classes meeting on a date, one entry per session, earliest first. */
export function classesOn(date: string, classes: CalendarClass[]) {
  const day = dayOfDate(date);
  return classes
    .flatMap((item) =>
      item.sessions.filter((session) => session.day_of_week === day).map((session) => ({ item, session })),
    )
    .sort((a, b) => a.session.start_time.localeCompare(b.session.start_time));
}

/** A day's schedule: its recurring classes and its bookings (with details only for administrators). */
export function DayDialog({
  date,
  classes,
  bookings,
  timeZone,
  onClose,
  onBook,
}: {
  date: string | null;
  classes: CalendarClass[];
  bookings: CalendarBooking[];
  timeZone: string;
  onClose: () => void;
  onBook: () => void;
}) {
  const meetings = date ? classesOn(date, classes) : [];
  return (
    <Dialog open={date !== null} title={date ? longDate(date) : ''} onClose={onClose} wide>
      <h3 className="kw-dialog-subtitle">Classes</h3>
      {meetings.length === 0 ? (
        <p className="kw-muted">No recurring classes on this day.</p>
      ) : (
        <ul className="kw-schedule" role="list">
          {meetings.map(({ item, session }) => (
            <li key={`${item.id}-${session.start_time}`} className="kw-schedule-item">
              <p className="kw-schedule-title">
                <span className="kw-dot-mark kw-dot-class" aria-hidden="true" />
                <strong>{item.class_name}</strong>{' '}
                <span className="kw-muted">· {CLASS_TYPE_LABELS[item.class_type]}</span>
              </p>
              <dl className="kw-schedule-facts">
                <div>
                  <dt>Time</dt>
                  <dd>
                    {clockLabel(session.start_time)}-{clockLabel(session.end_time)}
                  </dd>
                </div>
                <div>
                  <dt>Instructor</dt>
                  <dd>{item.instructor_name || 'TBD'}</dd>
                </div>
                <div>
                  <dt>Location</dt>
                  <dd>{item.location || 'TBD'}</dd>
                </div>
                <div>
                  <dt>Enrolled</dt>
                  <dd>
                    {item.current_enrollment}/{item.max_capacity}
                  </dd>
                </div>
                <div>
                  <dt>Focus</dt>
                  <dd>{item.skill_focus || 'General Training'}</dd>
                </div>
              </dl>
              {item.description && <p className="kw-schedule-description">{item.description}</p>}
              <a href="/classes" className="kw-link-arrow">
                More info<span className="kw-visually-hidden"> about {item.class_name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 className="kw-dialog-subtitle">Bookings</h3>
      {bookings.length === 0 ? (
        <p className="kw-muted">No bookings yet on this day.</p>
      ) : (
        <ul className="kw-schedule" role="list">
          {bookings.map((booking, index) => (
            <li key={booking.id ?? `${booking.start_time}-${index}`} className="kw-schedule-item">
              <p className="kw-schedule-title">
                <span className={`kw-dot-mark kw-dot-${booking.appointment_type}`} aria-hidden="true" />
                <strong>{APPOINTMENT_TYPE_LABELS[booking.appointment_type]}</strong>{' '}
                <span className="kw-muted">
                  · {schoolTime(booking.start_time, timeZone)}-{schoolTime(booking.end_time, timeZone)} ·{' '}
                  {BOOKING_STATUS_LABELS[booking.status]}
                </span>
              </p>
              {booking.full_name !== undefined && (
                <dl className="kw-schedule-facts">
                  <div>
                    <dt>Name</dt>
                    <dd>{booking.full_name}</dd>
                  </div>
                  <div>
                    <dt>E-mail</dt>
                    <dd>{booking.email}</dd>
                  </div>
                  {booking.phone_number && (
                    <div>
                      <dt>Phone</dt>
                      <dd>{booking.phone_number}</dd>
                    </div>
                  )}
                  {booking.notes && (
                    <div>
                      <dt>Notes</dt>
                      <dd>{booking.notes}</dd>
                    </div>
                  )}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="kw-dialog-actions">
        <button type="button" className="kw-button kw-button-outline" onClick={onClose}>
          Close
        </button>
        <button type="button" className="kw-button kw-button-primary" onClick={onBook}>
          Create New Booking
        </button>
      </div>
    </Dialog>
  );
}
