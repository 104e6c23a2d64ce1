import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Class, ClassStats } from '../../../common/classes';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { ClassManagement } from './class-management';
import { CLASS_ID, enrollments, klass, MEMBER_ID } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin' });
const member = makeUser({ id: MEMBER_ID, name: 'Mei Chen', email: 'mei@example.org' });
const stats: ClassStats = {
  total_classes: 1,
  published_classes: 0,
  draft_classes: 1,
  total_enrolled: 1,
  total_capacity: 12,
  waitlist_total: 1,
  interest_total: 0,
  full_classes: 0,
};
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, classes: Class[] = [klass]) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/classes': () => ({ body: { classes, total: classes.length } }),
    'GET /api/admin/classes/stats': () => ({ body: stats }),
    'GET /api/admin/classes/upcoming': () => ({ body: { meetings: [] } }),
    [`GET /api/admin/classes/${CLASS_ID}/enrollments`]: () => ({ body: enrollments }),
    'POST /api/verify/users': () => ({ body: { users: [member], total: 1 } }),
    ...extra,
  });
}

function renderPanel() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <ClassManagement /> }], '/');
}

async function fill(user: UserEvent, label: string, value: string, container: HTMLElement) {
  await user.clear(field(label, container));
  await user.click(field(label, container));
  if (value) await user.paste(value);
}

const row = () => screen.findByRole('button', { name: 'Evening Taijiquan, draft' });

async function openEdit(user: UserEvent) {
  await user.click(await row());
  const dialog = await screen.findByRole('dialog', { name: /Evening Taijiquan/ });
  await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
  return dialog;
}

describe('ClassManagement: the list', () => {
  it('shows each class with its badges and the counts', async () => {
    server();
    renderPanel();
    const item = await row();
    expect(within(item).getByText('Draft')).toBeTruthy();
    expect(await screen.findByText(/0 published · 1 draft · 1\/12 seats taken/)).toBeTruthy();
  });

  it("says 'No classes found' when there are none", async () => {
    server({}, []);
    renderPanel();
    expect(await screen.findByText('No classes found')).toBeTruthy();
  });

  it('asks for one status at a time', async () => {
    const { calls } = server();
    const { user } = renderPanel();
    await row();
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/admin/classes' && c.query.get('status') === 'published'),
      ).toBe(true),
    );
  });

  it('publishes a draft from its view', async () => {
    const { calls } = server({
      [`PUT /api/admin/classes/${CLASS_ID}/status`]: () => ({
        body: { class: { ...klass, is_published: true } },
      }),
    });
    const { user } = renderPanel();
    await user.click(await row());
    const dialog = await screen.findByRole('dialog', { name: /Evening Taijiquan/ });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/status'))?.body).toEqual({
        status: 'published',
      }),
    );
    expect(await within(dialog).findByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('deletes only after a confirmation that says it cannot be undone', async () => {
    const { calls } = server({
      [`DELETE /api/admin/classes/${CLASS_ID}`]: () => ({ body: { success: true } }),
    });
    const { user } = renderPanel();
    await user.click(await row());
    const dialog = await screen.findByRole('dialog', { name: /Evening Taijiquan/ });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Class' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});

describe('ClassManagement: the form', () => {
  it('starts from the defaults and checks the rules before sending', async () => {
    const { calls } = server({ 'POST /api/admin/classes': () => ({ status: 201, body: { class: klass } }) });
    const { user } = renderPanel();
    await row();
    await user.click(screen.getByRole('button', { name: 'New Class' }));
    const form = await screen.findByRole('form', { name: 'Create class' });
    expect(field('Duration (minutes)', form).value).toBe('60');
    expect(field('Max capacity', form).value).toBe('12');
    expect(within(form).getByRole('checkbox', { name: 'Publish Immediately' })).toHaveProperty(
      'checked',
      false,
    );
    // One session: it cannot be removed.
    expect(within(form).queryByRole('button', { name: 'Remove session 1' })).toBeNull();

    await fill(user, 'Duration (minutes)', '10', form);
    await fill(user, 'Max capacity', '101', form);
    await fill(user, 'Video URL', 'not a link', form);
    await user.click(within(form).getByRole('button', { name: 'Create Class' }));
    expect(await within(form).findByText('Class name is required')).toBeTruthy();
    expect(within(form).getByText('Duration must be at least 15 minutes')).toBeTruthy();
    expect(within(form).getByText('Capacity must be at most 100')).toBeTruthy();
    expect(within(form).getByText('Video URL must be a valid URL')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    expect(within(form).getByRole('button', { name: 'Remove session 1' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Remove session 2' }));
    expect(within(form).queryByRole('button', { name: 'Remove session 1' })).toBeNull();

    await fill(user, 'Class name', 'Evening Taijiquan', form);
    await fill(user, 'Instructor', 'Sifu Lin Wei', form);
    await fill(user, 'Location', 'Main hall', form);
    await fill(user, 'Skill focus', 'Form', form);
    await fill(user, 'Duration (minutes)', '60', form);
    await fill(user, 'Max capacity', '12', form);
    await fill(user, 'Video URL', '', form);
    await user.click(within(form).getByRole('checkbox', { name: 'Publish Immediately' }));
    await user.click(within(form).getByRole('button', { name: 'Create Class' }));
    expect(await screen.findByText('Class has been successfully created')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      class_name: 'Evening Taijiquan',
      class_duration: 60,
      max_capacity: 12,
      is_published: true,
      sessions: [{ day_of_week: 'monday', start_time: '18:00', end_time: '19:00' }],
    });
  }, 20_000);

  it("says 'Error saving class. Please try again.' when the save fails, and 'updated' when it works", async () => {
    let fail = true;
    server({
      [`PUT /api/admin/classes/${CLASS_ID}`]: () => (fail ? serverFailure : { body: { class: klass } }),
    });
    const { user } = renderPanel();
    await openEdit(user);
    const form = await screen.findByRole('form', { name: 'Edit class' });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error saving class. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class has been successfully updated')).toBeTruthy();
  });
});

describe('ClassManagement: enrollments', () => {
  it('lists enrolled and dropped people, with remove only for the enrolled, and the waitlist', async () => {
    server();
    const { user } = renderPanel();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Enrollments' }));
    const table = await within(dialog).findByRole('table', { name: 'Enrollments' });
    expect(within(table).getByRole('button', { name: 'Remove Mei Chen' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Remove Tom Reyes' })).toBeNull();
    expect(within(dialog).getByText(/1\. Ana Ruiz/)).toBeTruthy();
    expect(within(dialog).getByText(/Seat offered until/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy e-mails of the waitlist' })).toBeTruthy();
  });

  it("says 'No Enrollments Yet' when no one is in the class", async () => {
    server({
      [`GET /api/admin/classes/${CLASS_ID}/enrollments`]: () => ({
        body: { enrollments: [], interest: [], waitlist: [] },
      }),
    });
    const { user } = renderPanel();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Enrollments' }));
    expect(await within(dialog).findByText('No Enrollments Yet')).toBeTruthy();
  });

  it('removes a student after the confirmation, and says when it fails', async () => {
    const { calls } = server({
      [`DELETE /api/admin/classes/${CLASS_ID}/enroll/${MEMBER_ID}`]: () => serverFailure,
    });
    const { user } = renderPanel();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Enrollments' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Mei Chen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Student' });
    expect(
      within(confirm).getByText('Are you sure you want to remove this student from the class?'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error removing user. Please try again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('adds a student by hand: Add Student is disabled until name and e-mail are filled', async () => {
    const { calls } = server({ [`POST /api/admin/classes/${CLASS_ID}/enroll/manual`]: () => serverFailure });
    const { user } = renderPanel();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Enrollments' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add Student' }));
    const add = await screen.findByRole('dialog', { name: 'Add Student' });
    await user.click(within(add).getByRole('radio', { name: 'Enter details' }));
    const form = await within(add).findByRole('form', { name: 'Add student by hand' });
    const submit = within(form).getByRole('button', { name: 'Add Student' });
    expect(submit).toHaveProperty('disabled', true);
    await fill(user, 'Name', 'Sam Park', form);
    expect(submit).toHaveProperty('disabled', true);
    await fill(user, 'Email', 'sam@example.org', form);
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect(await screen.findByText('Error enrolling student. Please try again.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/enroll/manual'))!.body).toMatchObject({
      name: 'Sam Park',
      email: 'sam@example.org',
    });
  });
});

describe('ClassManagement: add an existing member', () => {
  it('finds a member by name and enrols them', async () => {
    const { calls } = server({
      [`POST /api/admin/classes/${CLASS_ID}/enroll`]: () => ({
        status: 201,
        body: { enrollment: enrollments.enrollments[0] },
      }),
    });
    const { user } = renderPanel();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Enrollments' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add Student' }));
    const add = await screen.findByRole('dialog', { name: 'Add Student' });
    const submit = within(add).getByRole('button', { name: 'Add Student' });
    expect(submit).toHaveProperty('disabled', true);
    await user.click(field('Member', add));
    await user.paste('Mei');
    // The server does the searching, among students only.
    const search = () => calls.find((c) => c.path === '/api/verify/users' && c.query.get('q') === 'Mei');
    await waitFor(() => expect(search()?.query.get('role')).toBe('student'));
    await user.click(await screen.findByRole('option', { name: 'Mei Chen (mei@example.org)' }));
    await user.click(submit);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/enroll'))?.body).toEqual({
        userId: MEMBER_ID,
      }),
    );
  });
});
