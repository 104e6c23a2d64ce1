import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_INVALID_MESSAGE } from '../../../common/users';
import { renderRoutes, stubFetch } from '../../test/render';
import { ConfirmEmailPage } from './confirm-email-page';

const routes = [{ path: '/confirm-email', element: <ConfirmEmailPage /> }];

describe('ConfirmEmailPage', () => {
  it('sends the token once and shows the confirmed address', async () => {
    const { calls } = stubFetch({
      'POST /api/user/confirm-email': () => ({ body: { success: true, email: 'mei.new@example.com' } }),
    });
    renderRoutes(routes, '/confirm-email?token=abc123');
    expect(screen.getByRole('heading', { name: 'Confirming your e-mail address' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeTruthy();
    expect(screen.getByText('mei.new@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/app/login');
    const sent = calls.filter((call) => call.path === '/api/user/confirm-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ token: 'abc123' });
    expect(sent[0]!.headers.get('authorization')).toBeNull();
  });

  it("shows the server's reason for a used or expired link", async () => {
    stubFetch({
      'POST /api/user/confirm-email': () => ({
        status: 400,
        body: {
          error: EMAIL_CHANGE_INVALID_MESSAGE,
          code: 'INVALID_EMAIL_TOKEN',
        },
      }),
    });
    renderRoutes(routes, '/confirm-email?token=spent');
    expect(await screen.findByRole('heading', { name: 'We could not confirm this address' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/invalid or has expired/);
  });

  it('explains a link without a token without calling the server', async () => {
    const { calls } = stubFetch({});
    renderRoutes(routes, '/confirm-email');
    expect(await screen.findByRole('heading', { name: 'We could not confirm this address' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/user/confirm-email')).toBe(false);
  });
});
