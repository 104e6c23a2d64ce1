import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, noTermsNeeded, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { createRoutes } from '../routes';

describe('the unread count in the shell', () => {
  it('shows the count the server answers on the Messages link and the bell', async () => {
    const user = makeUser();
    signInAs(user);
    stubFetch({
      [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
      [`GET /api/user/${user.id}/terms-status`]: () => ({ body: noTermsNeeded }),
      [`GET /api/users/${user.id}/messages/unread-count`]: () => ({ body: { unread_count: 3 } }),
    });
    renderRoutes(createRoutes, '/app/support');
    expect(await screen.findByRole('link', { name: 'Messages 3 unread' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications (3 unread messages)' })).toBeTruthy();
  }, 20_000);
});
