import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TermsStatusResponse } from '../../../common/terms';
import { ApiRequestError } from '../../lib/api-client';
import { TestProviders, makeUser, serverFailure, signInAs, stubFetch } from '../../test/render';
import { TermsGate } from './terms-gate';
import { TermsModal, termsParagraphs } from './terms-modal';

const mei = makeUser();

const pending: TermsStatusResponse = {
  requiresAcceptance: true,
  currentVersion: '2025-07-14',
  acceptedVersion: null,
  acceptedAt: null,
  terms: {
    version: '2025-07-14',
    effective_date: '2025-07-14',
    content: 'Effective 07/14/2025.\n\nTrain <b>safely</b>.\n\nBe kind.',
  },
};

const accepted: TermsStatusResponse = {
  ...pending,
  requiresAcceptance: false,
  acceptedVersion: '2025-07-14',
  acceptedAt: '2025-07-20T09:00:00.000Z',
};

function renderModal(props: Partial<Parameters<typeof TermsModal>[0]> = {}) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(
    <TestProviders>
      <TermsModal userId={mei.id} status={pending} opened required onClose={onClose} {...props} />
    </TestProviders>,
  );
  return { user, onClose, dialog: screen.getByRole('dialog', { name: 'Terms of Service' }) };
}

describe('termsParagraphs', () => {
  it('splits plain text on blank lines', () => {
    expect(termsParagraphs('One\nstill one\n\n  Two  \n \nThree')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });
});

describe('TermsModal', () => {
  it('renders the terms as text paragraphs, never as HTML', () => {
    const { dialog } = renderModal();
    expect(within(dialog).getByText('Train <b>safely</b>.')).toBeTruthy();
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Effective 07/14/2025.')).toBeTruthy();
  });

  it('cannot be dismissed while acceptance is required', async () => {
    const { user, dialog, onClose } = renderModal();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses to accept until the box is checked', async () => {
    const { calls } = stubFetch({});
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole('button', { name: 'I Accept' }));

    expect(within(dialog).getByText('Please check the box to agree to the terms of service')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('accepts the current version and says so', async () => {
    const { calls } = stubFetch({ [`POST /api/user/${mei.id}/accept-terms`]: () => ({ body: accepted }) });
    const { user, dialog, onClose } = renderModal();
    await user.click(within(dialog).getByLabelText('I have read and agree to the Terms of Service'));
    await user.click(within(dialog).getByRole('button', { name: 'I Accept' }));

    expect(await screen.findByText('Terms of service accepted successfully!')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ version: '2025-07-14' });
    expect(onClose).toHaveBeenCalled();
  });

  it('reports a failed acceptance in the modal and as a toast', async () => {
    stubFetch({
      [`POST /api/user/${mei.id}/accept-terms`]: () => serverFailure,
    });
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByLabelText('I have read and agree to the Terms of Service'));
    await user.click(within(dialog).getByRole('button', { name: 'I Accept' }));

    expect(await within(dialog).findByText('Failed to accept terms of service')).toBeTruthy();
    expect(await screen.findByText('Failed to accept terms of service. Please try again.')).toBeTruthy();
  });

  it('offers Cancel when acceptance is optional', async () => {
    const { user, dialog, onClose } = renderModal({
      required: false,
      status: { ...pending, requiresAcceptance: false },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says Cancel when accepted terms are viewed from the user menu', async () => {
    const { user, dialog, onClose } = renderModal({ required: false, status: accepted });
    expect(within(dialog).getByText(/You accepted version 2025-07-14/)).toBeTruthy();
    expect(within(dialog).queryByText('Close')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('TermsGate', () => {
  it('opens the modal when the status check says acceptance is required', async () => {
    signInAs(mei);
    stubFetch({
      [`POST /api/verify/user/${mei.id}`]: () => ({ body: { valid: true, user: mei } }),
      [`GET /api/user/${mei.id}/terms-status`]: () => ({ body: pending }),
    });
    render(
      <TestProviders>
        <TermsGate userId={mei.id} viewOpened={false} onViewClose={() => {}} />
      </TestProviders>,
    );
    expect(await screen.findByRole('dialog', { name: 'Terms of Service' })).toBeTruthy();
  });

  it('treats a failed status check as no acceptance required', async () => {
    signInAs(mei);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({
      [`POST /api/verify/user/${mei.id}`]: () => ({ body: { valid: true, user: mei } }),
      [`GET /api/user/${mei.id}/terms-status`]: () => serverFailure,
    });
    render(
      <TestProviders>
        <TermsGate userId={mei.id} viewOpened={false} onViewClose={() => {}} />
      </TestProviders>,
    );
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Terms-status check failed; treating as no acceptance required',
        expect.any(ApiRequestError),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
