import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Testimonial, TestimonialStats } from '../../../common/testimonials';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { TestimonialsButton } from './testimonials-modal';

const admin = makeUser({ is_admin: true, role: 'admin' });
const ID = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const TEXT =
  'Two years of Taijiquan with Sifu Lin Wei have changed how I stand and walk. My knees no longer ache on the stairs.';
const pending: Testimonial = {
  id: ID,
  student_name: 'Linda Marsh',
  student_email: 'linda@example.org',
  student_location: 'Santa Rosa, CA',
  instructor_context: 'Taijiquan with Sifu Lin Wei',
  testimonial_text: TEXT,
  photo_url: null,
  video_url: null,
  is_approved: false,
  is_featured: false,
  status: 'pending',
  submitted_at: '2026-03-01T10:00:00.000Z',
  approved_at: null,
};
const stats: TestimonialStats = { total: 3, approved: 1, pending: 1, rejected: 1, featured: 1 };
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, testimonials: Testimonial[] = [pending]) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/testimonials': () => ({ body: { testimonials, total: testimonials.length } }),
    'GET /api/admin/testimonials/stats': () => ({ body: stats }),
    ...extra,
  });
}

async function openModal() {
  signInAs(admin);
  const rendered = renderRoutes([{ path: '/', element: <TestimonialsButton /> }], '/');
  await rendered.user.click(screen.getByRole('button', { name: 'Testimonials' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Testimonials' }) };
}

/** Puts a whole value into a field at once, as a paste does: typing every key would only slow the test. */
async function fill(user: UserEvent, label: string, value: string, container: HTMLElement) {
  await user.clear(field(label, container));
  await user.click(field(label, container));
  await user.paste(value);
}

const card = () => screen.findByRole('article', { name: 'Testimonial by Linda Marsh' });

describe('TestimonialsModal: the list', () => {
  it('shows the counts and each testimonial with its status', async () => {
    server();
    const { dialog } = await openModal();
    const counts = await within(dialog).findByRole('group', { name: 'Testimonial counts' });
    expect(counts.textContent).toBe('Total3Approved1Pending1Rejected1Featured1');
    const row = await card();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText(/linda@example.org/)).toBeTruthy();
  });

  it("says 'No Testimonials Yet' when there are none", async () => {
    server({}, []);
    const { dialog } = await openModal();
    expect(await within(dialog).findByText('No Testimonials Yet')).toBeTruthy();
  });

  it("says 'Failed to load testimonials' when the list cannot be read", async () => {
    server({ 'GET /api/admin/testimonials': () => serverFailure });
    await openModal();
    expect((await screen.findAllByText('Failed to load testimonials')).length).toBeGreaterThan(0);
  });

  it('asks for one status at a time', async () => {
    const { calls } = server();
    const { user, dialog } = await openModal();
    await card();
    await user.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/admin/testimonials' && c.query.get('status') === 'rejected'),
      ).toBe(true),
    );
  });

  it('approves a pending testimonial', async () => {
    const { calls } = server({
      [`PUT /api/admin/testimonials/${ID}/approve`]: () => ({
        body: { testimonial: { ...pending, status: 'approved', is_approved: true } },
      }),
    });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Testimonial approved successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/approve'))).toBe(true);
  });

  it("says 'Failed to approve testimonial' when approving fails", async () => {
    server({ [`PUT /api/admin/testimonials/${ID}/approve`]: () => serverFailure });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to approve testimonial')).toBeTruthy();
  });

  it('rejects a pending testimonial', async () => {
    const { calls } = server({
      [`PUT /api/admin/testimonials/${ID}/reject`]: () => ({
        body: { testimonial: { ...pending, status: 'rejected' } },
      }),
    });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(true));
  });

  it('offers no reject for an approved testimonial: approval is not taken back here', async () => {
    server({}, [{ ...pending, status: 'approved', is_approved: true }]);
    await openModal();
    const row = await card();
    expect(within(row).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('toggles the featured flag', async () => {
    server({
      [`PUT /api/admin/testimonials/${ID}/featured`]: () => ({
        body: { testimonial: { ...pending, is_featured: true } },
      }),
    });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('switch', { name: 'Featured' }));
    expect(await screen.findByText('Testimonial featured status updated')).toBeTruthy();
  });

  it("says 'Failed to update testimonial' when the toggle fails", async () => {
    server({ [`PUT /api/admin/testimonials/${ID}/featured`]: () => serverFailure });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('switch', { name: 'Featured' }));
    expect(await screen.findByText('Failed to update testimonial')).toBeTruthy();
  });

  it('deletes only after a confirmation that says it cannot be undone', async () => {
    const { calls } = server({
      [`DELETE /api/admin/testimonials/${ID}`]: () => ({ body: { success: true } }),
    });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Testimonial' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Testimonial deleted successfully')).toBeTruthy();
  });

  it("says 'Failed to delete testimonial' when the delete fails", async () => {
    server({ [`DELETE /api/admin/testimonials/${ID}`]: () => serverFailure });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Testimonial' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete testimonial')).toBeTruthy();
  });
});

describe('TestimonialsModal: add and edit', () => {
  it('adds a testimonial: Add stays disabled until the form is valid, and the counter follows the text', async () => {
    const { calls } = server({
      'POST /api/admin/testimonials': () => ({
        status: 201,
        body: { testimonial: { ...pending, status: 'approved', is_approved: true } },
      }),
    });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Add Testimonial' }));
    const form = await screen.findByRole('form', { name: 'Add testimonial' });
    const submit = within(form).getByRole('button', { name: 'Add Testimonial' });
    expect(submit).toHaveProperty('disabled', true);

    await fill(user, 'Student Name', 'Linda Marsh', form);
    await fill(user, 'Training Context', 'Taijiquan with Sifu Lin Wei', form);
    await fill(user, 'Testimonial', 'Too short', form);
    expect(within(form).getByText('9/2000 characters (at least 100)')).toBeTruthy();
    expect(await within(form).findByText('Testimonial must be at least 100 characters')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);

    await fill(user, 'Testimonial', TEXT, form);
    await fill(user, 'Location', 'Santa Rosa, CA', form);
    await user.click(within(form).getByRole('checkbox', { name: 'Featured' }));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);

    expect(await screen.findByText('Testimonial created successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/testimonials')?.body).toEqual({
      student_name: 'Linda Marsh',
      instructor_context: 'Taijiquan with Sifu Lin Wei',
      testimonial_text: TEXT,
      student_email: '',
      student_location: 'Santa Rosa, CA',
      photo_url: '',
      video_url: '',
      is_featured: true,
    });
    // Back to the list.
    expect(await screen.findByRole('dialog', { name: 'Testimonials' })).toBeTruthy();
  });

  it('refuses a photo URL that is not http(s) with the shared message', async () => {
    server();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Add Testimonial' }));
    const form = await screen.findByRole('form', { name: 'Add testimonial' });
    await fill(user, 'Photo URL', 'javascript:alert(1)', form);
    expect(await within(form).findByText('Photo URL must be a valid http or https URL')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Add Testimonial' })).toHaveProperty('disabled', true);
  });

  it('edits a testimonial from its current values', async () => {
    const { calls } = server({
      [`PUT /api/admin/testimonials/${ID}`]: ({ body }) => ({
        body: { testimonial: { ...pending, ...(body as object) } },
      }),
    });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit testimonial' });
    expect(field('Student Name', form).value).toBe('Linda Marsh');
    expect(field('Email', form).value).toBe('linda@example.org');
    await fill(user, 'Location', 'Sebastopol, CA', form);
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Testimonial updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      student_name: 'Linda Marsh',
      student_location: 'Sebastopol, CA',
      testimonial_text: TEXT,
    });
  });

  it("says 'Failed to edit testimonial' when the save fails", async () => {
    server({ [`PUT /api/admin/testimonials/${ID}`]: () => serverFailure });
    const { user } = await openModal();
    await user.click(within(await card()).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit testimonial' });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to edit testimonial')).toBeTruthy();
  });
});
