import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SchoolSettings } from '../../../common/school';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { SchoolSettingsSection } from './school-settings-form';

const admin = makeUser({ is_admin: true, role: 'admin' });
const school: SchoolSettings = {
  name: 'Redwood Internal Arts Foundation',
  tagline: 'Xingyiquan, Taijiquan and Baguazhang in Sonoma County',
  description: 'A 501(c)(3) nonprofit school of the Chinese internal martial arts.',
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
    { label: 'Saturday and Sunday', days: ['Saturday', 'Sunday'], closed: true, opens: null, closes: null },
  ],
  social_links: [{ network: 'youtube', url: 'https://www.youtube.com/@redwoodinternalarts' }],
  logo_url: null,
  founded_year: null,
  updated_at: '2026-03-01T10:00:00.000Z',
};

function server(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/school': () => ({ body: { school } }),
    ...extra,
  });
}

async function renderSection() {
  signInAs(admin);
  const rendered = renderRoutes([{ path: '/', element: <SchoolSettingsSection /> }], '/');
  return { ...rendered, form: await screen.findByRole('form', { name: 'School settings' }) };
}

async function fill(user: UserEvent, label: string, value: string, container: HTMLElement) {
  await user.clear(field(label, container));
  if (value) {
    await user.click(field(label, container));
    await user.paste(value);
  }
}

describe('SchoolSettingsSection', () => {
  it("fills the form with the school's settings", async () => {
    server();
    const { form } = await renderSection();
    expect(field('School name', form).value).toBe('Redwood Internal Arts Foundation');
    expect(field('Street', form).value).toBe('1120 Sebastopol Road');
    expect(field('Days label', form).value).toBe('Monday-Friday');
    expect(field('Opens', form).value).toBe('12:00');
    expect(field('URL', form).value).toBe('https://www.youtube.com/@redwoodinternalarts');
  });

  it('saves the whole settings and says so', async () => {
    const { calls } = server({
      'PUT /api/admin/school': ({ body }) => ({ body: { school: { ...school, ...(body as object) } } }),
    });
    const { user, form } = await renderSection();
    await fill(user, 'School name', 'Lakeside Taiji Society', form);
    await fill(user, 'Founded year', '2004', form);
    await user.click(within(form).getByRole('button', { name: 'Save School Settings' }));
    expect(await screen.findByText('School settings saved')).toBeTruthy();
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Lakeside Taiji Society',
      founded_year: 2004,
      logo_url: '',
      address: school.address,
      social_links: school.social_links,
    });
    expect(body.hours).toEqual([
      { ...school.hours[0] },
      { label: 'Saturday and Sunday', days: ['Saturday', 'Sunday'], closed: true, opens: '', closes: '' },
    ]);
  });

  it('refuses a blank name and an hour that closes before it opens, with the shared messages', async () => {
    const { calls } = server();
    const { user, form } = await renderSection();
    await fill(user, 'School name', '', form);
    await fill(user, 'Closes', '11:00', form);
    await user.click(within(form).getByRole('button', { name: 'Save School Settings' }));
    expect(await within(form).findByText('School name is required')).toBeTruthy();
    expect(within(form).getByText('Closing time must be after opening time')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('adds and removes social links', async () => {
    server();
    const { user, form } = await renderSection();
    await user.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(within(form).getAllByLabelText('URL')).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Remove YouTube link' }));
    await waitFor(() => expect(within(form).getAllByLabelText('URL')).toHaveLength(1));
  });

  it('says when the save failed', async () => {
    server({ 'PUT /api/admin/school': () => serverFailure });
    const { user, form } = await renderSection();
    await user.click(within(form).getByRole('button', { name: 'Save School Settings' }));
    expect(await screen.findByText('Failed to save school settings')).toBeTruthy();
  });

  it('says when the settings cannot be read', async () => {
    server({ 'GET /api/school': () => serverFailure });
    signInAs(admin);
    renderRoutes([{ path: '/', element: <SchoolSettingsSection /> }], '/');
    expect(await screen.findByText('Failed to load school settings')).toBeTruthy();
  });
});
