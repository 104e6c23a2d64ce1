import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, signInAs, stubFetch, TestProviders } from '../../test/render';
import { ReviewModal } from './review-modal';

const COURSE_ID = '11111111-1111-4111-8111-111111111111';

function renderModal() {
  const user = userEvent.setup();
  const onClose = vi.fn();
  const student = makeUser();
  signInAs(student);
  const server = stubFetch({
    'POST /api/reviews': ({ body }) => ({
      status: 201,
      body: {
        review: {
          id: '55555555-5555-4555-8555-555555555555',
          course_id: COURSE_ID,
          course_title: 'Zhan Zhuang',
          user_id: student.id,
          user_name: student.name,
          user_avatar: null,
          review_text: '',
          is_published: true,
          is_verified: true,
          helpful_count: 0,
          created_at: '2024-05-01T00:00:00.000Z',
          updated_at: '2024-05-01T00:00:00.000Z',
          ...(body as object),
        },
      },
    }),
  });
  render(
    <TestProviders>
      <ReviewModal courseId={COURSE_ID} courseTitle="Zhan Zhuang" review={null} opened onClose={onClose} />
    </TestProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Rate This Course' });
  return { ...server, user, onClose, dialog };
}

describe('ReviewModal', () => {
  it('says nothing about the rating until the student tries to submit without one', async () => {
    const { user, dialog, calls } = renderModal();
    expect(within(dialog).queryByText('Please select a rating')).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    // Submit is disabled while the rating is 0 (announced as such, still pressable).
    expect(submit.getAttribute('aria-disabled')).toBe('true');

    await user.click(submit);
    expect(await within(dialog).findByText('Please select a rating')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/reviews')).toBe(false);
  });

  it('clears the message once a rating is chosen, then submits', async () => {
    const { user, dialog, calls, onClose } = renderModal();
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    await user.click(submit);
    expect(await within(dialog).findByText('Please select a rating')).toBeTruthy();

    within(dialog).getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard(' ');
    expect(within(dialog).queryByText('Please select a rating')).toBeNull();
    expect(submit.getAttribute('aria-disabled')).toBeNull();

    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/reviews')?.body).toMatchObject({ rating: 4 });
  });
});
