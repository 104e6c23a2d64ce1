import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSettings } from '../../db/schema';
import type { Headers, TestApp } from '../../test/app';
import { bookingRequest, icsLine, postBooking } from './test/requests';
import { createTestAppWithMembers } from '../../test/factories';
import { weekdays } from './test/factories';
import { demoSchoolBody } from '../school/test/factories';

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const forged = 'Evil, Inc.\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Free lessons\r\nDTSTART:20260101T000000Z';
/** The same text as one escaped TEXT value. */
const escaped = 'Evil\\, Inc.\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Free lessons\\nDTSTART:20260101T000000Z';

describe('the calendar file of a booking', () => {
  it('holds one event whatever the school settings hold; the settings refuse a name with line breaks', async () => {
    const refused = await t.call('PUT', '/api/admin/school', { ...demoSchoolBody(), name: forged }, admin);
    expect(refused.statusCode).toBe(400);
    const message = 'School name must not contain line breaks or control characters';
    expect(refused.json()).toEqual({
      error: message,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'name', message }],
    });
    const [before] = await t.database.db.select().from(schoolSettings);
    expect(before!.name).toBe(demoSchoolBody().name);

    // Stored by another way than the settings API (an older version, an import, SQL by hand).
    await t.database.db
      .update(schoolSettings)
      .set({ name: forged, street: `1 Main St;\r${forged}`, city: 'A\\B' });

    const body = bookingRequest({ start_date: weekdays('2026-07-06')() });
    const res = await postBooking(t, body);
    expect(res.statusCode, res.body).toBe(201);
    const ics = t.mail.find((m) => m.to === body.email)?.attachments?.[0]?.content;
    expect(typeof ics).toBe('string');
    const file = ics as string;

    expect(file).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    const lines = file.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // A property (NAME:value) or the continuation of a folded one.
      expect(line).toMatch(/^([A-Z-]+:| )/);
    }
    const unfolded = file.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded.filter((line) => line.startsWith('BEGIN:'))).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT']);
    expect(unfolded.filter((line) => line.startsWith('END:'))).toEqual(['END:VEVENT', 'END:VCALENDAR']);
    expect(unfolded.filter((line) => line.startsWith('DTSTART:'))).toHaveLength(1);
    expect(icsLine(file, 'PRODID')).toBe(`PRODID:-//${escaped}//Bookings//EN`);
    expect(icsLine(file, 'SUMMARY')).toBe(`SUMMARY:1-on-1 at ${escaped}`);
    expect(icsLine(file, 'LOCATION')).toBe(
      `LOCATION:${escaped}\\, 1 Main St\\;\\n${escaped}\\, A\\\\B\\, CA 95407`,
    );
  });
});
