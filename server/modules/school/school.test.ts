import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openingHoursSpecification, type SchoolSettingsInput } from '../../../common/school';
import { schoolSettings } from '../../db/schema';
import { createTestApp, type TestApp, type Headers } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createTestAppWithMembers } from '../../test/factories';
import { demoSchoolBody } from './test/factories';

let t: TestApp, admin: Headers, student: Headers;
beforeAll(async () => ({ t, admin, student } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const settings = (): SchoolSettingsInput => ({
  name: 'Lakeside Taiji Society',
  tagline: 'Taijiquan by the lake',
  description: 'A small volunteer-run school of Yang style Taijiquan.',
  address: {
    street: '12 Shore Lane',
    city: 'Lakeport',
    region: 'CA',
    postal_code: '95453',
    country: 'United States',
  },
  area_label: 'Lake County',
  email: 'info@lakesidetaiji.org',
  phone: '(707) 555-0199',
  hours: [
    {
      label: 'Tuesday and Thursday',
      days: ['Tuesday', 'Thursday'],
      closed: false,
      opens: '18:00',
      closes: '20:30',
    },
    { label: 'Sunday', days: ['Sunday'], closed: true, opens: '09:00', closes: null },
  ],
  social_links: [{ network: 'instagram', url: 'https://www.instagram.com/lakesidetaiji' }],
  logo_url: '',
  founded_year: 2004,
});

const save = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/school', headers, payload: body as object });
const read = () => t.call('GET', '/api/school');

describe('GET /api/school', () => {
  it("answers the school's settings to anyone; a new database holds the demo school", async () => {
    // Another test of this file may have saved first: the seeded row is read from the table.
    const res = await read();
    expect(res.statusCode).toBe(200);
    const { school } = res.json();
    expect(Object.keys(school).sort()).toEqual(
      [
        'name',
        'tagline',
        'description',
        'address',
        'area_label',
        'email',
        'phone',
        'hours',
        'social_links',
        'logo_url',
        'founded_year',
        'updated_at',
        'timezone',
      ].sort(),
    );
  });
});

describe('the migrated row', () => {
  it('is the demo school, with its hours as structured data', async () => {
    const fresh = await createTestApp();
    try {
      const { school } = (await fresh.app.inject({ method: 'GET', url: '/api/school' })).json();
      const { name, tagline, address, area_label, email, phone } = demoSchoolBody();
      expect(school).toMatchObject({ name, tagline, address, area_label, email, phone, logo_url: null });
      expect(school.social_links.map((link: { network: string }) => link.network)).toEqual([
        'youtube',
        'instagram',
        'facebook',
      ]);
      expect(openingHoursSpecification(school.hours)).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
            (day) => `https://schema.org/${day}`,
          ),
          opens: '12:00',
          closes: '20:00',
        },
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('PUT /api/admin/school', () => {
  it('replaces the settings; the public read shows them at once', async () => {
    const res = await save(settings());
    expect(res.statusCode).toBe(200);
    const expected = {
      ...settings(),
      logo_url: null,
      // A closed row keeps no times.
      hours: [
        settings().hours[0],
        { label: 'Sunday', days: ['Sunday'], closed: true, opens: null, closes: null },
      ],
      updated_at: t.clock.now().toISOString(),
      // The school's time zone comes from the server's configuration, not the form.
      timezone: 'America/Los_Angeles',
    };
    expect(res.json()).toEqual({ school: expected });
    expect((await read()).json()).toEqual({ school: expected });
  });

  it.each([
    ['name blank', { name: ' ' }, 'name', 'School name is required'],
    ['e-mail malformed', { email: 'info@' }, 'email', 'Please enter a valid email address'],
    [
      'street missing',
      { address: { ...settings().address, street: '' } },
      'address.street',
      'Street is required',
    ],
    [
      'hours closing before opening',
      { hours: [{ label: 'Monday', days: ['Monday'], closed: false, opens: '20:00', closes: '12:00' }] },
      'hours.0.closes',
      'Closing time must be after opening time',
    ],
    [
      'hours in 12-hour time',
      { hours: [{ label: 'Monday', days: ['Monday'], closed: false, opens: '12PM', closes: '20:00' }] },
      'hours.0.opens',
      'Use a 24-hour time such as 12:00',
    ],
    [
      'an open row without times',
      { hours: [{ label: 'Monday', days: ['Monday'], closed: false, opens: null, closes: '20:00' }] },
      'hours.0.opens',
      'Opening time is required',
    ],
    [
      'a row without days',
      { hours: [{ label: 'Never', days: [], closed: true, opens: null, closes: null }] },
      'hours.0.days',
      'Choose at least one day',
    ],
    [
      'a social link that is a script',
      { social_links: [{ network: 'youtube', url: 'javascript:alert(1)' }] },
      'social_links.0.url',
      'Please enter a valid http or https URL',
    ],
    [
      'an unknown network',
      { social_links: [{ network: 'myspace', url: 'https://myspace.com/x' }] },
      'social_links.0.network',
      'Please choose a network',
    ],
    ['a logo that is no URL', { logo_url: 'logo.png' }, 'logo_url', 'Please enter a valid http or https URL'],
    [
      'a name that would forge a calendar event',
      { name: 'Evil School\r\nBEGIN:VEVENT\r\nSUMMARY:Free lessons' },
      'name',
      'School name must not contain line breaks or control characters',
    ],
    [
      'a street with a lone carriage return',
      { address: { ...settings().address, street: '12 Shore Lane\rLakeport' } },
      'address.street',
      'Street must not contain line breaks or control characters',
    ],
    [
      'a tab in the phone',
      { phone: '(707)\t555-0199' },
      'phone',
      'Phone must not contain line breaks or control characters',
    ],
    [
      'a tagline with a line separator',
      { tagline: 'Taijiquan\u2028by the lake' },
      'tagline',
      'Tagline must not contain line breaks or control characters',
    ],
    [
      'a days label with an escape character',
      { hours: [{ label: 'Monday\u001b[2J', days: ['Monday'], closed: true, opens: null, closes: null }] },
      'hours.0.label',
      'Days label must not contain line breaks or control characters',
    ],
    [
      'a social link with a line break in it',
      { social_links: [{ network: 'website', url: 'https://lakeside\ntaiji.org' }] },
      'social_links.0.url',
      'Please enter a valid http or https URL',
    ],
    [
      'a founded year too early',
      { founded_year: 1066 },
      'founded_year',
      'Founded year must be 1800 or later',
    ],
  ])('refuses %s with its message and changes nothing', async (_case, change, path, message) => {
    const before = (await read()).json();
    const res = await save({ ...settings(), name: 'Refused School', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR', details: [{ path, message }] });
    expect((await read()).json()).toEqual(before);
  });

  it('keeps the line breaks of the description, the one setting of paragraphs', async () => {
    const description = 'A small volunteer-run school.\n\nClasses by the lake.';
    const res = await save({ ...settings(), description });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().school.description).toBe(description);
  });

  it('takes an uploaded logo', async () => {
    const res = await save({ ...settings(), logo_url: '/media/branding/logo.png' });
    expect(res.json().school.logo_url).toBe('/media/branding/logo.png');
  });

  it('answers 401 without a token and 403 to a student, and changes nothing', async () => {
    const before = (await read()).json();
    expect((await save(settings(), {})).statusCode).toBe(401);
    expect((await save({ ...settings(), name: 'Student School' }, student)).statusCode).toBe(403);
    expect((await read()).json()).toEqual(before);
  });

  itConcurrently('keeps one row whatever the number of saves racing', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Racing School ${i}`);
    const answers = await Promise.all(names.map((name) => save({ ...settings(), name })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    const rows = await t.database.db.select().from(schoolSettings);
    expect(rows).toHaveLength(1);
    expect(names).toContain(rows[0]!.name);
    expect((await read()).json().school.name).toBe(rows[0]!.name);
  });

  it('has a table that refuses a second row', async () => {
    await expect(
      t.database.db.execute(sql`insert into school_settings
        (id, name, tagline, description, street, city, region, postal_code, country, area_label, email, phone)
        values (false, 'Second', 't', 'd', 's', 'c', 'r', 'p', 'c', 'a', 'e@example.org', 'p')`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`insert into school_settings
        (id, name, tagline, description, street, city, region, postal_code, country, area_label, email, phone)
        values (true, 'Second', 't', 'd', 's', 'c', 'r', 'p', 'c', 'a', 'e@example.org', 'p')`),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(schoolSettings)).toHaveLength(1);
  });
});
