import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_NOT_FOUND_MESSAGE, SUPPORT_FAILED_MESSAGE } from '../../../common/support';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch, type } from '../../test/render';
import { SupportPage } from './support-page';

const member = makeUser();
const admin = makeUser({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Sifu Wang',
  is_admin: true,
  role: 'admin',
});
const CONVERSATION_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const sent = {
  body: {
    conversation_id: CONVERSATION_ID,
    message: {
      id: '4c5d6e7f-8a9b-4c0d-9e1f-3a4b5c6d7e8f',
      conversation_id: CONVERSATION_ID,
      sender_id: member.id,
      sender_name: member.name,
      recipient_id: null,
      text: 'Support request',
      sent_at: '2026-03-09T18:00:00.000Z',
      read_at: null,
      deleted_for_everyone: false,
    },
  },
  status: 201,
};

function server(viewer: typeof member, answer: () => { status?: number; body?: unknown } = () => sent) {
  return stubFetch({
    [`POST /api/verify/user/${viewer.id}`]: () => ({ body: { valid: true, user: viewer } }),
    'POST /api/support': answer,
  });
}

function renderPage(viewer = member) {
  signInAs(viewer);
  return renderRoutes([{ path: '/app/support', element: <SupportPage /> }], '/app/support');
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SupportPage', () => {
  it('asks for steps to reproduce only for a bug, and sends them only then', async () => {
    const { calls } = server(member);
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Support Center' });
    expect(field('Priority').value).toBe('Medium');
    expect(field('Browser information').readOnly).toBe(true);
    expect(field('Browser information').value).toContain(navigator.userAgent);
    expect(screen.queryByLabelText('Steps to reproduce')).toBeNull();

    await choose(user, 'Category', 'Bug report');
    await type(user, 'Steps to reproduce', 'Open a lesson, press play');
    await choose(user, 'Category', 'Account');
    expect(screen.queryByLabelText('Steps to reproduce')).toBeNull();
    await choose(user, 'Category', 'Bug report');
    await type(user, 'Subject', 'Video stops');
    await type(user, 'Description', 'The lesson video stops after a minute.');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      `/app/messages?conversation=${CONVERSATION_ID}`,
    );
    expect(calls.find((call) => call.path === '/api/support')!.body).toMatchObject({
      subject: 'Video stops',
      category: 'bug',
      priority: 'medium',
      description: 'The lesson video stops after a minute.',
      steps_to_reproduce: 'Open a lesson, press play',
      browser_info: expect.stringContaining(navigator.userAgent),
    });
  }, 20_000);

  it('refuses an empty form with the schema messages and sends nothing', async () => {
    const { calls } = server(member);
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Support Center' });
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Please choose a category')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/support')).toHaveLength(0);
  });

  it.each([
    ['a server failure', serverFailure, SUPPORT_FAILED_MESSAGE],
    [
      'a school without administrators',
      { status: 404, body: { error: ADMIN_NOT_FOUND_MESSAGE, code: 'ADMIN_NOT_FOUND' } },
      ADMIN_NOT_FOUND_MESSAGE,
    ],
  ])(
    'says what went wrong on %s',
    async (_case, answer, text) => {
      server(member, () => answer);
      const { user } = renderPage();
      await screen.findByRole('heading', { level: 1, name: 'Support Center' });
      await type(user, 'Subject', 'Login');
      await choose(user, 'Category', 'Account');
      await type(user, 'Description', 'I cannot sign in on my phone.');
      await user.click(screen.getByRole('button', { name: 'Send Request' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text), { timeout: 5000 });
    },
    20_000,
  );

  it('points administrators to Messages instead of the form', async () => {
    server(admin);
    renderPage(admin);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Support request' })).toBeNull();
  });
});
