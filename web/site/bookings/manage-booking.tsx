import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  APPOINTMENT_TYPE_LABELS,
  BOOKING_DURATIONS,
  BOOKING_MESSAGES,
  BOOKING_NOT_FOUND_MESSAGE,
  BOOKING_STATUS_LABELS,
  type Booking,
} from '../../../common/bookings';
import { callApi } from '../components/api';
import { Dialog } from '../components/dialog';
import { island } from '../island';
import { schoolDate, schoolDateTime, schoolTime } from '../../../common/school-time';
import { TimeSlotField, useFreeSlots } from './time-slots';
import { FieldLabel } from '../components/field-label';
import { LoadingNotice, MissingNotice } from '../components/load-state';

const minutesBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 60_000);

function MoveForm({
  booking,
  today,
  token,
  onMoved,
}: {
  booking: Booking;
  today: string;
  token: string;
  onMoved: (booking: Booking) => void;
}) {
  const id = useId();
  const length = minutesBetween(booking.start_time, booking.end_time);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [duration, setDuration] = useState<number>(
    (BOOKING_DURATIONS as readonly number[]).includes(length) ? length : 60,
  );
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const slots = useFreeSlots(date >= today ? date : '', duration, booking.appointment_type);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time || sending) return;
    setSending(true);
    setError(null);
    const result = await callApi<{ booking: Booking }>(`/api/bookings/manage/${encodeURIComponent(token)}`, {
      method: 'PUT',
      body: { date, time, duration_minutes: duration },
    });
    setSending(false);
    if (result.ok) onMoved(result.body.booking);
    else setError(result.error ?? BOOKING_MESSAGES.saveFailed);
  };

  return (
    <form
      className="kw-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
    >
      <h2 id={`${id}-title`}>Move this booking</h2>
      <div className="kw-form-row">
        <div className="kw-field">
          <FieldLabel htmlFor={`${id}-date`} required>
            New date
          </FieldLabel>
          <input
            id={`${id}-date`}
            type="date"
            min={today}
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="kw-field">
          <label htmlFor={`${id}-duration`}>Duration</label>
          <select
            id={`${id}-duration`}
            value={duration}
            onChange={(event) => setDuration(Number(event.target.value))}
          >
            {BOOKING_DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </select>
        </div>
      </div>
      {date && <TimeSlotField id={`${id}-time`} slots={slots} value={time} onChange={setTime} />}
      {error && (
        <p role="alert" className="kw-error-text">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="kw-button kw-button-primary" disabled={!date || !time || sending}>
          {sending ? 'Moving…' : 'Move booking'}
        </button>
      </div>
    </form>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; booking: Booking; notice?: string };

/** The e-mailed link's page: the booking, and cancelling or moving it. */
function ManageBooking({ token, today, timeZone }: { token: string; today: string; timeZone: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const path = `/api/bookings/manage/${encodeURIComponent(token)}`;
  useEffect(() => {
    void callApi<{ booking: Booking }>(path).then((result) =>
      setState(
        result.ok
          ? { kind: 'ready', booking: result.body.booking }
          : {
              kind: 'missing',
              message: result.status === 404 || !result.error ? BOOKING_NOT_FOUND_MESSAGE : result.error,
            },
      ),
    );
  }, [path]);

  const handleCancel = async () => {
    setCancelError(null);
    const result = await callApi<{ booking: Booking }>(`${path}/cancel`, { method: 'PUT' });
    setConfirming(false);
    if (result.ok)
      setState({ kind: 'ready', booking: result.body.booking, notice: BOOKING_MESSAGES.cancelled });
    else setCancelError(result.error ?? BOOKING_MESSAGES.saveFailed);
  };

  if (state.kind === 'loading') return <LoadingNotice>Loading your booking…</LoadingNotice>;
  if (state.kind === 'missing')
    return (
      <MissingNotice message={state.message}>
        The link may be mistyped, or the booking removed. You can <a href="/workshops">book a new session</a>.
      </MissingNotice>
    );

  const { booking } = state;
  const open = booking.status === 'scheduled' || booking.status === 'confirmed';
  const upcoming = schoolDate(booking.start_time, timeZone) >= today;
  return (
    <div className="kw-stack">
      <div className="kw-card kw-offer-card">
        <p className="kw-eyebrow">{APPOINTMENT_TYPE_LABELS[booking.appointment_type]}</p>
        <h2 className="kw-class-name">{schoolDateTime(booking.start_time, timeZone)}</h2>
        <dl className="kw-class-facts">
          <div>
            <dt>Until</dt>
            <dd>{schoolTime(booking.end_time, timeZone)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{BOOKING_STATUS_LABELS[booking.status]}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{booking.full_name}</dd>
          </div>
        </dl>
        {state.notice && (
          <p role="status" className="kw-success-text">
            {state.notice}
          </p>
        )}
        {cancelError && (
          <p role="alert" className="kw-error-text">
            {cancelError}
          </p>
        )}
        {open && upcoming && (
          <div className="kw-actions">
            <button type="button" className="kw-button kw-button-outline" onClick={() => setConfirming(true)}>
              Cancel booking
            </button>
          </div>
        )}
      </div>
      {open && upcoming && (
        <MoveForm
          booking={booking}
          today={today}
          token={token}
          onMoved={(moved) =>
            setState({ kind: 'ready', booking: moved, notice: BOOKING_MESSAGES.rescheduled })
          }
        />
      )}
      <Dialog
        open={confirming}
        title="Cancel this booking?"
        role="alertdialog"
        onClose={() => setConfirming(false)}
      >
        <p>This action cannot be undone.</p>
        <div className="kw-dialog-actions">
          <button type="button" className="kw-button kw-button-outline" onClick={() => setConfirming(false)}>
            Keep booking
          </button>
          <button type="button" className="kw-button kw-button-danger" onClick={() => void handleCancel()}>
            Cancel booking
          </button>
        </div>
      </Dialog>
    </div>
  );
}

export const ManageBookingIsland = island('manage-booking', ManageBooking);
export { ManageBooking as ManageBookingView };

/** `/workshops/manage/{token}`: the page around the booking, which only the island reads. */
export function ManageBookingPage({
  token,
  today,
  timeZone,
}: {
  token: string;
  today: string;
  timeZone: string;
}) {
  return (
    <section className="kw-section" aria-labelledby="manage-title">
      <div className="kw-container kw-narrow kw-stack">
        <h1 id="manage-title">Your booking</h1>
        <ManageBookingIsland token={token} today={today} timeZone={timeZone} />
      </div>
    </section>
  );
}
