/*
 * A calendar file (RFC 5545) with one event, for e-mail attachments. Small enough to own: the
 * `ics` package would add a schema library for the four properties we write, and we need its
 * SEQUENCE and a stable UID under our control when a booking moves.
 */

export interface CalendarEvent {
  /** Stays the same for every version of the event, so a calendar replaces it. */
  uid: string;
  /** 0 first, one more each time the event changes. */
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
}

/** 20260309T190000Z */
export const icsTime = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF,
 * LF or a lone CR) written as `\n`, and any other control character but tab dropped, so that no
 * value can end its line and start a property, or an event, of its own.
 */
export const icsText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');

/**
 * Lines longer than 75 octets are folded: CRLF and one space before each continuation, never
 * inside a multi-byte character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // A continuation's leading space counts towards its 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * Every value is either escaped as TEXT (the product id and the UID are TEXT in RFC 5545 too) or
 * a number or an instant, so no property can hold a line break.
 */
export function calendarFile(event: CalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${icsText(productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
