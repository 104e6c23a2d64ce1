import { useId, useState, type FormEvent } from 'react';
import {
  APPOINTMENT_TYPE_LABELS,
  APPOINTMENT_TYPES,
  BOOKING_DURATIONS,
  BOOKING_MESSAGES,
  DEFAULT_BOOKING_DURATION,
  type AppointmentType,
  type BookingCreatedResponse,
} from '../../../common/bookings';
import { callApi } from '../components/api';
import { Dialog } from '../components/dialog';
import { daysBetween } from '../../../common/school-time';
import { TimeSlotField, useFreeSlots } from './time-slots';
import { FieldLabel } from '../components/field-label';

export type BookingOutcome = { ok: true; count: number } | { ok: false; message: string | null };

interface Values {
  appointment_type: AppointmentType;
  start_date: string;
  end_date: string;
  time: string;
  duration_minutes: number;
  full_name: string;
  email: string;
  phone_number: string;
  notes: string;
  website: string;
}

const initial = (date: string): Values => ({
  appointment_type: 'workshop',
  start_date: date,
  end_date: date,
  time: '',
  duration_minutes: DEFAULT_BOOKING_DURATION,
  full_name: '',
  email: '',
  phone_number: '',
  notes: '',
  website: '',
});

/**
 * The booking form: one booking per day of the range, each at the chosen time.
 * The start date cannot be before today, the end date not before the start (it follows the start
 * until changed), and only the day's free slots are offered. The caller gives it a new key for
 * an empty form.
 */
export function BookingDialog({
  open,
  date,
  today,
  onClose,
  onDone,
}: {
  open: boolean;
  date: string;
  today: string;
  onClose: () => void;
  onDone: (outcome: BookingOutcome) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initial(date));
  const [sending, setSending] = useState(false);
  const slots = useFreeSlots(
    open && values.start_date >= today ? values.start_date : '',
    values.duration_minutes,
    values.appointment_type,
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const endDate = values.end_date || values.start_date;
  const days =
    values.start_date && endDate >= values.start_date ? daysBetween(values.start_date, endDate) + 1 : 0;
  const ready =
    values.start_date >= today &&
    endDate >= values.start_date &&
    values.time !== '' &&
    values.full_name.trim() !== '' &&
    values.email.trim() !== '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || sending) return;
    setSending(true);
    const result = await callApi<BookingCreatedResponse>('/api/bookings', {
      method: 'POST',
      body: { ...values, end_date: endDate },
    });
    setSending(false);
    if (result.ok) onDone({ ok: true, count: result.body.bookings.length });
    else onDone({ ok: false, message: result.status === 409 || result.status === 400 ? result.error : null });
  };

  const text = (
    name: 'full_name' | 'email' | 'phone_number',
    label: string,
    type: string,
    required: boolean,
  ) => (
    <div className="kw-field">
      <FieldLabel htmlFor={`${id}-${name}`} required={required}>
        {label}
      </FieldLabel>
      <input
        id={`${id}-${name}`}
        type={type}
        required={required}
        autoComplete={name === 'full_name' ? 'name' : name === 'email' ? 'email' : 'tel'}
        value={values[name]}
        onChange={(event) => set(name, event.target.value)}
      />
    </div>
  );

  return (
    <Dialog open={open} title="Book a Session" onClose={onClose}>
      <form className="kw-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <fieldset className="kw-radio-group">
          <legend>Session type</legend>
          {APPOINTMENT_TYPES.map((type) => (
            <label key={type} className="kw-radio">
              <input
                type="radio"
                name={`${id}-type`}
                value={type}
                checked={values.appointment_type === type}
                onChange={() => set('appointment_type', type)}
              />
              {APPOINTMENT_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <div className="kw-form-row">
          <div className="kw-field">
            <FieldLabel htmlFor={`${id}-start`} required>
              Start date
            </FieldLabel>
            <input
              id={`${id}-start`}
              type="date"
              required
              min={today}
              value={values.start_date}
              onChange={(event) => {
                const start = event.target.value;
                // The end follows the start while it is unset or would fall before it.
                setValues((v) => ({
                  ...v,
                  start_date: start,
                  end_date:
                    !v.end_date || v.end_date === v.start_date || v.end_date < start ? start : v.end_date,
                }));
              }}
            />
          </div>
          <div className="kw-field">
            <label htmlFor={`${id}-end`}>End date</label>
            <input
              id={`${id}-end`}
              type="date"
              min={values.start_date || today}
              value={values.end_date}
              onChange={(event) => set('end_date', event.target.value)}
            />
          </div>
        </div>
        {days > 1 && (
          <p className="kw-note" role="status">
            {days} days selected: one booking per day
          </p>
        )}
        <div className="kw-form-row">
          <TimeSlotField
            id={`${id}-time`}
            slots={slots}
            value={values.time}
            onChange={(time) => set('time', time)}
          />
          <div className="kw-field">
            <label htmlFor={`${id}-duration`}>Duration</label>
            <select
              id={`${id}-duration`}
              value={values.duration_minutes}
              onChange={(event) => set('duration_minutes', Number(event.target.value))}
            >
              {BOOKING_DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
          </div>
        </div>
        {text('full_name', 'Full name', 'text', true)}
        {text('email', 'E-mail', 'email', true)}
        {text('phone_number', 'Phone', 'tel', false)}
        <div className="kw-field">
          <label htmlFor={`${id}-notes`}>
            Notes<span className="kw-muted"> (optional)</span>
          </label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            value={values.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        </div>
        {/* Left empty by people, who never see it; robots fill it in. */}
        <div className="kw-honeypot" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input
            id={`${id}-website`}
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(event) => set('website', event.target.value)}
          />
        </div>
        <div className="kw-dialog-actions">
          <button type="button" className="kw-button kw-button-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="kw-button kw-button-primary" disabled={!ready || sending}>
            {sending ? BOOKING_MESSAGES.sending : 'Book Session'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
