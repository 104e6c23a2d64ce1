import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { CANNOT_BE_UNDONE, ConfirmDeleteDialog, ConfirmDialog, FailureDialog } from './dialogs';

describe('ConfirmDialog', () => {
  it('puts the focus on Cancel and goes ahead only on its own button', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(
      <TestProviders>
        <ConfirmDialog
          opened
          title="Publish Course"
          confirmLabel="Publish"
          onCancel={onCancel}
          onConfirm={onConfirm}
        >
          <p>It appears in the catalogue at once.</p>
        </ConfirmDialog>
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Publish Course' });
    expect(within(dialog).queryByText(CANNOT_BE_UNDONE)).toBeNull();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await vi.waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says that a delete cannot be undone', async () => {
    render(
      <TestProviders>
        <ConfirmDeleteDialog opened title="Delete Lesson" onCancel={() => {}} onConfirm={() => {}}>
          Delete the lesson &quot;Standing&quot;?
        </ConfirmDeleteDialog>
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lesson' });
    expect(within(dialog).getByText('Delete the lesson "Standing"?')).toBeTruthy();
    expect(within(dialog).getByText(CANNOT_BE_UNDONE)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('FailureDialog', () => {
  it('is closed without a title, and otherwise says why as an alert', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <TestProviders>
        <FailureDialog title={null} message="" onClose={() => {}} />
      </TestProviders>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const onClose = vi.fn();
    rerender(
      <TestProviders>
        <FailureDialog
          title="Delete Failed"
          message="Failed to delete review. Please try again."
          onClose={onClose}
        />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Failed' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Failed to delete review. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
