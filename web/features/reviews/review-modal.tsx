import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { RatingInput } from '../../components/rating';
import { REVIEW_TEXT_MAX, ReviewFields, type Review } from '../../../common/reviews';
import { useSchemaForm } from '../../lib/form';
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
  const [failed, setFailed] = useState(false);
  const create = useCreateReview(courseId);
  const update = useUpdateReview(courseId);
  const pending = create.isPending || update.isPending;
  // The shared schema gives the form the server's own messages; the rating's waits for a submit
  // (an untouched form is not a mistake), the text's length shows as it is typed.
  const { form, onSubmit } = useSchemaForm({
    schema: ReviewFields,
    initialValues: { rating: review?.rating ?? 0, review_text: review?.review_text ?? '' },
    validateInputOnChange: ['review_text'],
  });
  const { rating, review_text: text } = form.getValues();

  const handleSubmit = onSubmit((values) => {
    setFailed(false);
    const options = {
      onSuccess: () => {
        notifySuccess(review ? 'Your review has been updated.' : 'Thank you for your review!');
        onClose();
      },
      onError: (error: unknown) => {
        // A failed submit is logged and the modal stays open.
        console.error('Review submit failed', error);
        setFailed(true);
      },
    };
    if (review) update.mutate({ id: review.id, input: values }, options);
    else create.mutate({ course_id: courseId, ...values }, options);
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Review">
      <Stack gap="md">
        <Text size="sm">{courseTitle}</Text>
        <RatingInput
          label="Your rating"
          required
          value={rating}
          onChange={(stars) => form.setFieldValue('rating', stars)}
          error={form.errors.rating}
        />
        <Textarea
          label="Your review (optional)"
          rows={5}
          description={`${text.length}/${REVIEW_TEXT_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('review_text')}
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
          {/* Submit is disabled while the rating is 0. It stays focusable and pressable (aria-disabled)
              so that pressing it says why instead of doing nothing. */}
          <Button
            type="submit"
            disabled={Boolean(form.errors.review_text)}
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
