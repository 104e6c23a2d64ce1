import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notifySuccess } from '../lib/notify';
import { testQueryClient } from '../test/render';
import { AppProviders } from './providers';

describe('AppProviders', () => {
  it('mounts the toast container only with the first toast', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={testQueryClient()}>
        <button type="button" onClick={() => notifySuccess('Profile saved')}>
          Save
        </button>
      </AppProviders>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
