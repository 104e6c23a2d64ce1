import { useEffect, useState } from 'react';
import type { AppointmentType, AvailabilityResponse } from '../../../common/bookings';
import { callApi } from '../components/api';
import { clockLabel } from '../../../common/school-time';

export const NO_FREE_TIMES = 'No free times on this day';

type Slots = { state: 'idle' | 'loading' } | { state: 'ready'; times: string[] } | { state: 'failed' };

/** The free start times of a day for a duration and a kind of session, asked of the server. */
export function useFreeSlots(date: string, duration: number, type: AppointmentType): Slots {
  const key = date ? `${date}/${duration}/${type}` : '';
  const [answer, setAnswer] = useState<{ key: string; slots: Slots }>({ key: '', slots: { state: 'idle' } });
  useEffect(() => {
    if (!key) return;
    let current = true;
    void callApi<AvailabilityResponse>(
      `/api/bookings/availability/${date}?duration=${duration}&type=${type}`,
    ).then((result) => {
      if (!current) return;
      setAnswer({
        key,
        slots: result.ok
          ? {
              state: 'ready',
              times: result.body.open
                ? result.body.slots.filter((slot) => slot.available).map((slot) => slot.time)
                : [],
            }
          : { state: 'failed' },
      });
    });
    return () => {
      current = false;
    };
  }, [key, date, duration, type]);
  if (!key) return { state: 'idle' };
  return answer.key === key ? answer.slots : { state: 'loading' };
}

/** The time slot select: only free times; says so when there are none. */
export function TimeSlotField({
  id,
  slots,
  value,
  onChange,
}: {
  id: string;
  slots: Slots;
  value: string;
  onChange: (time: string) => void;
}) {
  const times = slots.state === 'ready' ? slots.times : [];
  const message =
    slots.state === 'loading'
      ? 'Loading free times…'
      : slots.state === 'failed'
        ? 'The free times could not be loaded. Please try again.'
        : slots.state === 'ready' && times.length === 0
          ? NO_FREE_TIMES
          : null;
  return (
    <div className="kw-field">
      <label htmlFor={id}>
        Time slot<span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        required
        value={times.includes(value) ? value : ''}
        disabled={times.length === 0}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{times.length === 0 ? '—' : 'Choose a time'}</option>
        {times.map((time) => (
          <option key={time} value={time}>
            {clockLabel(time)}
          </option>
        ))}
      </select>
      {message && (
        <span id={`${id}-message`} className="kw-field-hint" role="status">
          {message}
        </span>
      )}
    </div>
  );
}
