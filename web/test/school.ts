import type { SchoolSettings } from '../../common/school';

/** The school settings a screen that shows school times reads (its time zone, above all). */
export const testSchool = {
  name: 'Redwood Internal Arts Foundation',
  tagline: 'Internal arts',
  description: 'A school.',
  address: { street: '1 Road', city: 'Santa Rosa', region: 'CA', postal_code: '95407', country: 'US' },
  area_label: 'Sonoma County',
  email: 'hello@example.org',
  phone: '(707) 555-0142',
  hours: [],
  social_links: [],
  logo_url: null,
  founded_year: null,
  updated_at: '2026-03-01T10:00:00.000Z',
  timezone: 'America/Los_Angeles',
} satisfies SchoolSettings;
