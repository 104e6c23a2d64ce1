/* The school's settings, as PUT /api/admin/school takes them. */

/**
 * The demo school the migration seeds: its name, address, contacts and opening hours as seeded, a
 * shorter description and no social links.
 */
export const demoSchoolBody = () => ({
  name: 'Redwood Internal Arts Foundation',
  tagline: 'Xingyiquan, Taijiquan and Baguazhang in Sonoma County',
  description: 'A nonprofit school of the Chinese internal martial arts.',
  address: {
    street: '1120 Sebastopol Road',
    city: 'Santa Rosa',
    region: 'CA',
    postal_code: '95407',
    country: 'United States',
  },
  area_label: 'Sonoma County',
  email: 'hello@redwoodinternalarts.org',
  phone: '(707) 555-0142',
  hours: [
    {
      label: 'Monday-Friday',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      closed: false,
      opens: '12:00',
      closes: '20:00',
    },
    { label: 'Saturday and Sunday', days: ['Saturday', 'Sunday'], closed: true },
  ],
  social_links: [],
});
