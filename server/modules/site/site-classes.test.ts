import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES, CLASSES_PAGE_TESTIMONIALS, type Class } from '../../../common/classes';
import { renderSiteBody } from '../../../web/site/render';
import type { SiteSchool } from '../../../web/site/types';
import { calendarClass } from '../../../common/classes';
import { createTestApp, type TestApp } from '../../test/app';
import { createBooking } from '../bookings/test/factories';
import { createClass } from '../classes/test/factories';
import { createTestimonial } from '../testimonials/test/factories';

/* The classes and workshops pages: what the server renders from the classes, and what it never shows. */

let t: TestApp;
let school: SiteSchool;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://school.example' });
  school = (await get('/api/school')).json<{ school: SiteSchool }>().school;
  await createTestimonial(t, { student_name: 'Plain Priya', is_featured: false });
  await createTestimonial(t, { student_name: 'Waiting Wen', status: 'pending' });
  await createClass(t, { class_name: 'Published Bagua Circle', class_type: 'intermediate' });
  await createClass(t, { class_name: 'Draft Xingyi Drills', is_published: false });
  await createBooking(t, {
    start_time: new Date('2026-03-04T21:00:00Z'),
    full_name: 'Booked Bartholomew',
    email: 'bartholomew@example.com',
  });
});
afterAll(async () => t?.close());

function demoClass(overrides: Partial<Class> = {}): Class {
  return {
    id: crypto.randomUUID(),
    class_name: 'Foundations of Taijiquan',
    description: 'Standing, silk reeling and the first section of the form.',
    instructor_name: 'Sifu Maria Alvarez',
    location: 'Main hall',
    class_type: 'beginner',
    skill_focus: 'Rooting and relaxation',
    class_duration: 60,
    max_capacity: 12,
    current_enrollment: 7,
    waitlist_count: 0,
    is_full: false,
    price: 0,
    age_restrictions: 'All ages',
    requires_membership: false,
    waitlist_enabled: true,
    is_published: true,
    video_embed_url: null,
    sessions: [
      { day_of_week: 'thursday', start_time: '18:30', end_time: '19:30' },
      { day_of_week: 'monday', start_time: '18:00', end_time: '19:00' },
    ],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const classesPage = (classes: Class[] | null) =>
  renderSiteBody(
    { kind: 'classes', props: { classes, testimonials: [], timeZone: 'America/Los_Angeles' } },
    school,
    '/classes',
  );

describe('the classes page', () => {
  it('shows a card per class with every fact of the class, sessions Monday first', () => {
    const html = classesPage([
      demoClass(),
      demoClass({
        class_name: 'Xingyi Five Fists',
        class_type: 'advanced',
        price: 45.5,
        current_enrollment: 8,
        max_capacity: 8,
        is_full: true,
        requires_membership: true,
        age_restrictions: '16 and over',
        video_embed_url: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    ]);
    expect(html).toContain('2 classes available');
    expect(html).toContain('Foundations of Taijiquan');
    expect(html).toContain('kw-badge kw-badge-green">Beginner<');
    expect(html).toContain('kw-badge kw-badge-red">Advanced<');
    expect(html).toContain('>Free<');
    expect(html).toContain('>$45.50<');
    expect(html).toContain('Rooting and relaxation');
    expect(html).toContain('Sifu Maria Alvarez');
    expect(html.indexOf('Monday · 6:00 PM-7:00 PM (60 min)')).toBeGreaterThan(-1);
    expect(html.indexOf('Monday · 6:00 PM-7:00 PM')).toBeLessThan(html.indexOf('Thursday · 6:30 PM-7:30 PM'));
    expect(html).toContain('Main hall');
    expect(html).toContain('>7/12<');
    expect(html).toContain('16 and over');
    expect(html).toContain(CLASS_MESSAGES.membershipRequired);
    // The description is in the page, folded until asked for.
    expect(html).toMatch(/aria-expanded="false"[^>]*>Show description/);
    expect(html).toMatch(/hidden="">Standing, silk reeling/);
    // The full class offers its waitlist, the other its interest list; only the one with a video has Media.
    expect(html).toContain('Waitlist Available');
    expect(html).toContain('Interest List');
    expect(html.match(/>Media</g)).toHaveLength(1);
    // The video's frame is made only when the card is turned over.
    expect(html).not.toContain('<iframe');
  });

  it('offers no list to join when the class keeps none', () => {
    const html = classesPage([demoClass({ waitlist_enabled: false })]);
    expect(html).toContain('1 class available');
    expect(html).not.toContain('Interest List');
    expect(html).not.toContain('Waitlist Available');
  });

  it('says when there are no classes, and when they could not be loaded', () => {
    expect(classesPage([])).toContain(CLASS_MESSAGES.publicEmpty);
    const failed = classesPage(null);
    expect(failed).toContain(CLASS_MESSAGES.loadFailed);
    expect(failed).toContain('What our students say');
  });
});

describe('the workshops page', () => {
  it('renders the month with its recurring classes on their weekdays, past days disabled, today marked', () => {
    const html = renderSiteBody(
      {
        kind: 'workshops',
        props: {
          today: '2026-03-11',
          timeZone: 'America/Los_Angeles',
          classes: [calendarClass(demoClass())],
        },
      },
      school,
      '/workshops',
    );
    expect(html).toContain('March 2026');
    for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
      expect(html).toContain(`>${day}</abbr>`);
    expect(html).toMatch(/disabled="" aria-label="Tuesday, March 10, 2026"/);
    expect(html).toContain('aria-current="date" aria-label="Wednesday, March 11, 2026, today"');
    expect(html).toContain('aria-label="Thursday, March 12, 2026: 1 class"');
    expect(html).toContain('aria-label="Monday, March 16, 2026: 1 class"');
    expect(html).toContain('aria-label="Friday, March 13, 2026"');
    expect(html).toContain('workshops of <!-- -->8-12<!-- --> students');
  });
});

describe('the pages through HTTP', () => {
  it('/classes is the server’s page, with approved testimonials whether featured or not', async () => {
    const res = await get('/classes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Classes — ');
    expect(res.body).toContain('<link rel="canonical" href="https://school.example/classes">');
    expect(res.body).toContain('Published Bagua Circle');
    expect(res.body).toContain('kw-badge kw-badge-blue">Intermediate<');
    expect(res.body).toContain('1 class available');
    expect(res.body).not.toContain('Draft Xingyi Drills');
    expect(res.body).toContain('"@type":"Course","name":"Published Bagua Circle"');
    expect(res.body).toContain('Plain Priya');
    expect(res.body).not.toContain('Waiting Wen');
    expect(res.body).not.toContain('student@example.org');
    expect(CLASSES_PAGE_TESTIMONIALS).toBe(8);
  });

  it('/workshops is the server’s page with the calendar, and shows no one’s booking in its HTML', async () => {
    const res = await get('/workshops');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Book a Session — ');
    expect(res.body).toContain('data-island="booking-calendar"');
    expect(res.body).toContain('&quot;timeZone&quot;:&quot;America/Los_Angeles&quot;');
    // The test clock's date in the school's zone (2026-03-02T18:00Z is the morning of 2 March there).
    expect(res.body).toContain('&quot;today&quot;:&quot;2026-03-02&quot;');
    expect(res.body).toContain('Published Bagua Circle');
    expect(res.body).not.toContain('Draft Xingyi Drills');
    expect(res.body).not.toMatch(/full_name|phone_number|Bartholomew|@example|Private note/);
  });

  it('the pages of e-mailed links hand their token to the island and are not indexed', async () => {
    const token = 'a'.repeat(43);
    for (const [path, island] of [
      [`/classes/offers/${token}`, 'class-offer'],
      [`/workshops/manage/${token}`, 'manage-booking'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`data-island="${island}"`);
      expect(res.body).toContain(`&quot;token&quot;:&quot;${token}&quot;`);
      expect(res.body).toContain('<meta name="robots" content="noindex');
    }
  });
});
