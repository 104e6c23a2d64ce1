import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_MESSAGES } from '../../../common/community';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { CommunityManagement } from './community-management';
import { joinEmails } from './copy-emails';

const admin = makeUser({ is_admin: true, role: 'admin' });
const STUDENT_ID = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const student = makeUser({
  id: STUDENT_ID,
  name: 'Daniel Wu',
  email: 'daniel@example.org',
  username: 'daniel',
});
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, users = [student]) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'POST /api/verify/users': () => ({ body: { users, total: users.length } }),
    ...extra,
  });
}

function renderPage() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <CommunityManagement /> }], '/');
}

afterEach(() => vi.useRealTimers());

describe('CommunityManagement: the list', () => {
  it('asks the server for students only, and passes the search text to it', async () => {
    const { calls } = server();
    const { user } = renderPage();
    expect(await screen.findByText('Daniel Wu')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/verify/users')!.query.get('role')).toBe('student');
    await user.type(field('Search students'), 'dan');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/verify/users')
          .at(-1)!
          .query.get('q'),
      ).toBe('dan'),
    );
  });

  it('starts searching for the person the address names (?search=, from the header search)', async () => {
    const { calls } = server();
    signInAs(admin);
    renderRoutes([{ path: '/', element: <CommunityManagement /> }], '/?search=daniel');
    expect(await screen.findByText('Daniel Wu')).toBeTruthy();
    expect(field('Search students').value).toBe('daniel');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/verify/users')
          .at(-1)!
          .query.get('q'),
      ).toBe('daniel'),
    );
  });

  it('marks a deletion request with a badge', async () => {
    server({}, [{ ...student, deletion_requested: true, is_active: false }]);
    renderPage();
    expect(await screen.findByText('Deletion requested')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
  });

  it('says when the list fails and retries', async () => {
    let fail = true;
    server({
      'POST /api/verify/users': () => (fail ? serverFailure : { body: { users: [student], total: 1 } }),
    });
    const { user } = renderPage();
    expect(await screen.findByText(COMMUNITY_MESSAGES.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Daniel Wu')).toBeTruthy();
  });
});

// Typing every field of the form takes a few seconds on a busy machine.
describe('CommunityManagement: the user form', { timeout: 20_000 }, () => {
  it('requires name, username, e-mail and a password for a new user, and sends nothing until they are right', async () => {
    const { calls } = server();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    const form = await screen.findByRole('form', { name: 'Create user' });
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Username is required')).toBeTruthy();
    expect(within(form).getByText('Email is required')).toBeTruthy();
    expect(within(form).getByText('Password is required')).toBeTruthy();
    await user.type(field('Email', form), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/users')).toBe(false);
  });

  it('creates a user with the values typed', async () => {
    const { calls } = server({
      'POST /api/admin/users': () => ({ status: 201, body: { user: student } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    const form = await screen.findByRole('form', { name: 'Create user' });
    await user.type(field('Name', form), 'Daniel Wu');
    await user.type(field('Username', form), 'daniel');
    await user.type(field('Email', form), 'daniel@example.org');
    await user.type(field('Password', form), 'lotus-stance-1987');
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/users')?.body).toEqual({
        name: 'Daniel Wu',
        username: 'daniel',
        email: 'daniel@example.org',
        password: 'lotus-stance-1987',
        experience: 0,
        is_admin: false,
      }),
    );
  });

  it('keeps the password when left blank on edit, and refuses a negative experience', async () => {
    const { calls } = server({
      [`PUT /api/user/${STUDENT_ID}`]: () => ({ body: { user: student } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Daniel Wu' }));
    const form = await screen.findByRole('form', { name: 'Edit Daniel Wu' });
    await user.clear(field('Experience (years)', form));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Experience must be a whole number of years, 0 or more'),
    ).toBeTruthy();
    await user.type(field('Experience (years)', form), '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Daniel Wu', experience: 7, is_admin: false });
    expect(body).not.toHaveProperty('new_password');
  });

  it("shows the server's taken-username message under the field", async () => {
    server({
      [`PUT /api/user/${STUDENT_ID}`]: () => ({
        status: 409,
        body: {
          error: 'This username is already taken',
          code: 'ALREADY_EXISTS',
          details: [{ path: 'username', message: 'This username is already taken' }],
        },
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Daniel Wu' }));
    const form = await screen.findByRole('form', { name: 'Edit Daniel Wu' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This username is already taken')).toBeTruthy();
  });

  it("toasts 'Update Failed' when the save fails", async () => {
    server({ [`PUT /api/user/${STUDENT_ID}`]: () => serverFailure });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Daniel Wu' }));
    const form = await screen.findByRole('form', { name: 'Edit Daniel Wu' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.updateFailed)).toBeTruthy();
  });
});

describe('CommunityManagement: two-step delete', () => {
  it('requests deletion first, then deletes after the confirm dialog', async () => {
    let requested = false;
    const { calls } = server({
      'POST /api/verify/users': () => ({
        body: { users: [{ ...student, deletion_requested: requested }], total: 1 },
      }),
      [`PUT /api/admin/user/${STUDENT_ID}/deletion-request`]: ({ body }) => {
        requested = (body as { requested: boolean }).requested;
        return { body: { user: { ...student, deletion_requested: requested } } };
      },
      [`DELETE /api/user/${STUDENT_ID}`]: () => ({ body: { success: true } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Daniel Wu' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm delete Daniel Wu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('shows the refusal of a delete whose request was withdrawn meanwhile, and the list as it now is', async () => {
    let requested = true;
    const refusal =
      'Request the deletion of this account first (PUT /api/admin/user/{id}/deletion-request): ' +
      'an account is deleted only once a deletion request stands';
    server({
      'POST /api/verify/users': () => ({
        body: { users: [{ ...student, deletion_requested: requested }], total: 1 },
      }),
      [`DELETE /api/user/${STUDENT_ID}`]: () => {
        // Another administrator withdrew the request before this one confirmed.
        requested = false;
        return { status: 409, body: { error: refusal, code: 'DELETION_NOT_REQUESTED' } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm delete Daniel Wu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.deleteFailed)).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete Daniel Wu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm delete Daniel Wu' })).toBeNull();
  });

  it("toasts 'Delete Failed' when the request fails", async () => {
    server({ [`PUT /api/admin/user/${STUDENT_ID}/deletion-request`]: () => serverFailure });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Daniel Wu' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.deleteFailed)).toBeTruthy();
  });
});

describe('CommunityManagement: copy all student e-mails', () => {
  // After renderPage: user-event's setup puts a clipboard of its own on navigator.
  const clipboard = (writeText: (text: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

  it('joins the addresses trimmed, without empties', () => {
    expect(joinEmails([' a@example.org ', '', '  ', 'b@example.org'])).toBe('a@example.org, b@example.org');
  });

  it('copies the addresses and says Copied! for 2 seconds', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    server({
      'GET /api/admin/users/emails': () => ({ body: { emails: ['a@example.org', 'b@example.org'] } }),
    });
    const { user } = renderPage();
    clipboard(writeText);
    await user.click(await screen.findByRole('button', { name: 'Copy all student e-mails' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('a@example.org, b@example.org');
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Copy all student e-mails' })).toBeTruthy(),
      {
        timeout: 3000,
      },
    );
  });

  it('warns when there is no address to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    server({ 'GET /api/admin/users/emails': () => ({ body: { emails: [] } }) });
    const { user } = renderPage();
    clipboard(writeText);
    await user.click(await screen.findByRole('button', { name: 'Copy all student e-mails' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.noEmails)).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says when copying failed', async () => {
    server({ 'GET /api/admin/users/emails': () => ({ body: { emails: ['a@example.org'] } }) });
    const { user } = renderPage();
    clipboard(() => Promise.reject(new Error('denied')));
    await user.click(await screen.findByRole('button', { name: 'Copy all student e-mails' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.copyFailed)).toBeTruthy();
  });
});
