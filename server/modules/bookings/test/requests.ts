import type { TestApp } from '../../../test/app';

/* Calls and readings the bookings tests share. */

let addresses = 0;
/** Each public call from its own client address, so the per-address limit stays out of the way. */
export const nextAddress = () => {
  addresses += 1;
  return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`;
};

let people = 0;
/** A booking request for a weekday at noon, by someone new. */
export function bookingRequest<T extends Record<string, unknown>>(fields: T = {} as T) {
  people += 1;
  return {
    appointment_type: 'private_class',
    time: '12:00',
    duration_minutes: 60,
    full_name: `Rosa Delgado ${people}`,
    email: `rosa-${people}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone_number: '(707) 555-0199',
    notes: 'Sore left knee',
    website: '',
    ...fields,
  };
}

export const postBooking = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/bookings', payload, headers, remoteAddress: nextAddress() });

/** The manage token of the newest confirmation e-mailed to `email`. */
export function manageTokenFor(t: TestApp, email: string): string {
  const mail = t.mail.filter((m) => m.to === email && /\/workshops\/manage\//.test(m.text)).at(-1);
  const token = /\/workshops\/manage\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no manage link was e-mailed to ${email}`);
  return token;
}

/** A line of a calendar file, unfolded. */
export function icsLine(ics: string | undefined, name: string): string | undefined {
  const unfolded = (ics ?? '').replace(/\r\n /g, '');
  return unfolded.split('\r\n').find((line) => line.startsWith(`${name}:`));
}
