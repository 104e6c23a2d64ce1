import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { RatingInput } from '../../components/rating';
import { Rating, REVIEW_TEXT_MAX, ReviewText, type Review } from '../../../common/reviews';
import { notifySuccess } from '../../lib/notify';
import { useCreateReview, useUpdateReview } from './api';

export const RATING_UPDATE_FAILED = 'Failed to update rating. Please try again.';

export interface ReviewModalProps {
  courseId: string;
  courseTitle: string;
  /** The caller's existing review when editing. */
  review: Review | null;
  opened: boolean;
  onClose: () => void;
}

/** Star rating (required) and optional text; keyed by the review so it opens with fresh values. */
export function ReviewModal({ courseId, courseTitle, review, opened, onClose }: ReviewModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={review ? 'Edit Your Review' : 'Rate This Course'}
      centered
    >
      {opened && <ReviewForm key={review?.id ?? 'new'} {...{ courseId, courseTitle, review, onClose }} />}
    </Modal>
  );
}

function ReviewForm({ courseId, courseTitle, review, onClose }: Omit<ReviewModalProps, 'opened'>) {
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [text, setText] = useState(review?.review_text ?? '');
  const [failed, setFailed] = useState(false);
  // The rating message waits for a submit attempt: an untouched form is not a mistake.
  const [attempted, setAttempted] = useState(false);
  const create = useCreateReview(courseId);
  const update = useUpdateReview(courseId);
  const pending = create.isPending || update.isPending;

  // The shared schemas give the form the server's own messages.
  const ratingCheck = Rating.safeParse(rating);
  const textCheck = ReviewText.safeParse(text);
  const ratingError = ratingCheck.success ? null : (ratingCheck.error.issues[0]?.message ?? null);
  const textError = textCheck.success ? null : (textCheck.error.issues[0]?.message ?? null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (ratingError || textError) return;
    setFailed(false);
    const options = {
      onSuccess: () => {
        notifySuccess(review ? 'Your review has been updated.' : 'Thank you for your review!');
        onClose();
      },
      onError: (error: unknown) => {
        // Spec: a failed submit is logged and the modal stays open.
        console.error('Review submit failed', error);
        setFailed(true);
      },
    };
    if (review) update.mutate({ id: review.id, input: { rating, review_text: text } }, options);
    else create.mutate({ course_id: courseId, rating, review_text: text }, options);
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Review">
      <Stack gap="md">
        <Text size="sm">{courseTitle}</Text>
        <RatingInput
          label="Your rating"
          required
          value={rating}
          onChange={setRating}
          error={attempted ? ratingError : null}
        />
        <Textarea
          label="Your review (optional)"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rows={5}
          error={textError}
          description={`${text.length}/${REVIEW_TEXT_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {failed && (
          <Alert color="red" role="alert">
            {RATING_UPDATE_FAILED}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          {/* Spec: Submit is disabled while the rating is 0. It stays focusable and pressable (aria-disabled)
              so that pressing it says why instead of doing nothing. */}
          <Button
            type="submit"
            disabled={Boolean(textError)}
            data-disabled={rating === 0 || undefined}
            aria-disabled={rating === 0 || undefined}
            loading={pending}
          >
            {review ? 'Update Review' : 'Submit Review'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
