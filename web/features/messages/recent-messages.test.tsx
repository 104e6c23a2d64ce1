import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MessageInContext } from '../../../common/messages';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { NotificationsBell } from './recent-messages';

const mei = makeUser();
const CONVERSATION_ID = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const recent: MessageInContext = {
  id: '4c5d6e7f-8a9b-4c0d-9e1f-3a4b5c6d7e8f',
  conversation_id: CONVERSATION_ID,
  sender_id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  sender_name: 'Daniel Ortiz',
  recipient_id: mei.id,
  text: 'Is the park class on tomorrow?',
  sent_at: '2026-03-09T18:00:00.000Z',
  read_at: null,
  deleted_for_everyone: false,
  other_user: { id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Daniel Ortiz', avatar: null },
};

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderBell() {
  signInAs(mei);
  return renderRoutes(
    [
      { path: '/app', element: <NotificationsBell user={mei} unreadCount={1} /> },
      { path: '/app/messages', element: <Where /> },
    ],
    '/app',
  );
}

describe('NotificationsBell', () => {
  it('reads the recent messages only when opened, and opens the conversation of the one chosen', async () => {
    const { calls } = stubFetch({
      [`GET /api/users/${mei.id}/messages/recent`]: () => ({ body: { messages: [recent] } }),
    });
    const { user } = renderBell();
    const bell = screen.getByRole('button', { name: 'Notifications (1 unread messages)' });
    expect(calls.some((call) => call.path.endsWith('/messages/recent'))).toBe(false);
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Recent messages' });
    const row = within(list).getByRole('button', { name: /Daniel Ortiz/ });
    expect(within(row).getByText('Daniel Ortiz: Is the park class on tomorrow?')).toBeTruthy();
    await user.click(row);
    expect(await screen.findByText(`At /app/messages?conversation=${CONVERSATION_ID}`)).toBeTruthy();
  });

  it('says when there is nothing yet and offers the Messages screen', async () => {
    stubFetch({ [`GET /api/users/${mei.id}/messages/recent`]: () => ({ body: { messages: [] } }) });
    const { user } = renderBell();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Open Messages' }));
    expect(await screen.findByText('At /app/messages')).toBeTruthy();
  });

  it('says when the messages cannot be read and reads them again on Retry', async () => {
    let fail = true;
    stubFetch({
      [`GET /api/users/${mei.id}/messages/recent`]: () =>
        fail ? serverFailure : { body: { messages: [recent] } },
    });
    const { user } = renderBell();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Daniel Ortiz: Is the park class on tomorrow?')).toBeTruthy();
  });
});
