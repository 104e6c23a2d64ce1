import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_CONVERSATION_NAME, type Conversation, type Message } from '../../../common/messages';
import { HISTORY_FAILED_MESSAGE, NO_CONVERSATION_MESSAGE } from './messages';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { MessagesPage } from './messages-page';

const mei = makeUser();
const daniel = makeUser({
  id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  name: 'Daniel Ortiz',
  username: 'daniel',
});
const admin = makeUser({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Sifu Wang',
  is_admin: true,
  role: 'admin',
});
const DIRECT_ID = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const SUPPORT_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const direct: Conversation = {
  id: DIRECT_ID,
  kind: 'direct',
  other_user: { id: daniel.id, name: daniel.name, avatar: null },
  last_message: {
    id: '3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e',
    text: 'See you at practice',
    sender_id: daniel.id,
    sent_at: '2026-03-09T18:00:00.000Z',
  },
  unread_count: 2,
  created_at: '2026-03-01T10:00:00.000Z',
};
const support: Conversation = {
  id: SUPPORT_ID,
  kind: 'support',
  other_user: { id: null, name: 'Administrators', avatar: null },
  last_message: null,
  unread_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
};

const message = (overrides: Partial<Message>): Message => ({
  id: '4c5d6e7f-8a9b-4c0d-9e1f-3a4b5c6d7e8f',
  conversation_id: DIRECT_ID,
  sender_id: daniel.id,
  sender_name: daniel.name,
  recipient_id: mei.id,
  text: 'See you at practice',
  sent_at: '2026-03-09T18:00:00.000Z',
  read_at: null,
  deleted_for_everyone: false,
  ...overrides,
});

function server(viewer = mei, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`POST /api/verify/user/${viewer.id}`]: () => ({ body: { valid: true, user: viewer } }),
    [`GET /api/users/${viewer.id}/conversations`]: () => ({
      body: { conversations: [direct, support], total: 2 },
    }),
    [`GET /api/conversations/${DIRECT_ID}`]: () => ({ body: { conversation: direct } }),
    [`PUT /api/conversations/${DIRECT_ID}/read`]: () => ({ body: { success: true, updated: 2 } }),
    [`GET /api/conversations/${DIRECT_ID}/messages`]: () => ({
      body: {
        messages: [
          message({ id: '5d6e7f8a-9b0c-4d1e-8f2a-4b5c6d7e8f9a', text: 'Hello <b>Mei</b>' }),
          message({
            id: '6e7f8a9b-0c1d-4e2f-9a3b-5c6d7e8f9a0b',
            sender_id: viewer.id,
            sender_name: viewer.name,
            recipient_id: daniel.id,
            text: 'Hi!',
            sent_at: '2026-03-09T18:05:00.000Z',
            read_at: '2026-03-09T18:06:00.000Z',
          }),
          message({
            id: '7f8a9b0c-1d2e-4f3a-8b4c-6d7e8f9a0b1c',
            text: '',
            deleted_for_everyone: true,
            sent_at: '2026-03-09T18:07:00.000Z',
          }),
        ],
        total: 3,
        has_more: false,
      },
    }),
    ...extra,
  });
}

function renderPage(viewer = mei, path = '/app/messages') {
  signInAs(viewer);
  return renderRoutes([{ path: '/app/messages', element: <MessagesPage /> }], path);
}

describe('MessagesPage', () => {
  it('lists conversations with their preview and unread count, the support one as the school', async () => {
    server();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const daniels = within(list).getByRole('button', { name: 'Daniel Ortiz, 2 unread' });
    expect(within(daniels).getByText('See you at practice')).toBeTruthy();
    expect(within(list).getByRole('button', { name: SUPPORT_CONVERSATION_NAME })).toBeTruthy();
  });

  it("shows administrators the member's name with a Support badge", async () => {
    server(admin);
    renderPage(admin);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const row = within(list).getByRole('button', { name: 'Administrators' });
    expect(within(row).getByText('Support')).toBeTruthy();
  });

  it('opens the conversation of the address, marks it read and shows its history', async () => {
    const { calls } = server();
    renderPage(mei, `/app/messages?conversation=${DIRECT_ID}`);
    const history = await screen.findByRole('list', { name: 'Messages' });
    // Markup in a message is text, never HTML.
    expect(within(history).getByText('Hello <b>Mei</b>')).toBeTruthy();
    expect(within(history).getByText('Read')).toBeTruthy();
    expect(within(history).getByText('This message was deleted')).toBeTruthy();
    expect(within(history).getAllByRole('listitem')[0]!.textContent).toMatch(/March|Today|Yesterday/);
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'PUT' && call.path === `/api/conversations/${DIRECT_ID}/read`),
      ).toBe(true),
    );
    expect(screen.getByRole('heading', { name: 'Daniel Ortiz' })).toBeTruthy();
  });

  it('says when the history fails and loads it again on Retry', async () => {
    let fail = true;
    server(mei, {
      [`GET /api/conversations/${DIRECT_ID}/messages`]: () =>
        fail ? serverFailure : { body: { messages: [message({})], total: 1, has_more: false } },
    });
    const { user } = renderPage(mei, `/app/messages?conversation=${DIRECT_ID}`);
    expect(await screen.findByText(HISTORY_FAILED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('See you at practice', { selector: 'ol p' })).toBeTruthy();
  });

  it('lets an administrator delete a message for everyone after confirming', async () => {
    const { calls } = server(admin, {
      'DELETE /api/messages/5d6e7f8a-9b0c-4d1e-8f2a-4b5c6d7e8f9a': () => ({
        body: {
          message: message({
            id: '5d6e7f8a-9b0c-4d1e-8f2a-4b5c6d7e8f9a',
            text: '',
            deleted_for_everyone: true,
          }),
        },
      }),
    });
    const { user } = renderPage(admin, `/app/messages?conversation=${DIRECT_ID}`);
    const history = await screen.findByRole('list', { name: 'Messages' });
    const row = within(history).getByText('Hello <b>Mei</b>').closest('li')!;
    await user.click(within(row).getByRole('button', { name: /^Actions for the message/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete for everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete for everyone' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path.startsWith('/api/messages/'))).toBe(
        true,
      ),
    );
  }, 20_000);

  it('finds messages by their words beside the people, and opens the conversation of one', async () => {
    const { calls } = server(mei, {
      [`GET /api/users/${mei.id}/messages/search`]: () => ({
        body: {
          messages: [
            {
              ...message({ text: 'Rooting needs patience' }),
              other_user: { id: daniel.id, name: daniel.name, avatar: null },
            },
          ],
        },
      }),
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Conversations' });
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'rooting');
    const matches = await screen.findByRole('list', { name: 'Matching messages' });
    const search = calls.find((call) => call.path === `/api/users/${mei.id}/messages/search`);
    expect(search?.query.get('q')).toBe('rooting');
    await user.click(within(matches).getByRole('button', { name: /Rooting needs patience/ }));
    expect(await screen.findByRole('heading', { name: 'Daniel Ortiz' })).toBeTruthy();
  });

  it('asks for a conversation when the reader sends with none open', async () => {
    server();
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Conversations' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(NO_CONVERSATION_MESSAGE)).toBeTruthy();
  });
});
