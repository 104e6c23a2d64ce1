import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { REVIEW_TEXT_MAX, ReviewFields, type Review } from '../../../../common/reviews';
import { useSchemaForm } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { ADMIN_REVIEWS_PAGE_SIZE, useAdminReviews, useModerateReview, useRemoveReview } from './admin-api';
import { usePagedDelete } from '../../../components/admin-list';
import { ConfirmDeleteDialog, FailureDialog } from '../../../components/dialogs';
import { PanelBody } from '../../../components/panel-body';
import { RatingInput, RatingStars } from '../../../components/rating';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';
import classes from './reviews-moderation.module.css';

export const NO_REVIEWS = 'No reviews found';
export const UPDATE_REVIEW_FAILED = 'Failed to update review. Please try again.';
export const DELETE_REVIEW_FAILED = 'Failed to delete review. Please try again.';

type Failure = { title: 'Update Failed' | 'Delete Failed'; message: string } | null;

/** 'All Feedback Reviews': every review, published or not, 3 a page, with edit and delete. */
export function ReviewsModeration() {
  const [page, setPage] = useState(0);
  const reviews = useAdminReviews(page);
  const [editing, setEditing] = useState<Review | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const { deleting, askToDelete, dialog } = usePagedDelete<Review>({
    remove: useRemoveReview(),
    rowsOnPage: reviews.data?.reviews.length,
    page,
    setPage,
    onDeleted: () => notifySuccess('Review Deleted'),
    onFailed: () => setFailure({ title: 'Delete Failed', message: DELETE_REVIEW_FAILED }),
  });
  const pages = pageCount(reviews.data?.total ?? 0, ADMIN_REVIEWS_PAGE_SIZE);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="all-reviews-title">
      <Title order={2} size="h4" id="all-reviews-title" mb="sm">
        All Feedback Reviews
      </Title>
      <PanelBody
        query={reviews}
        loadingLabel="Loading reviews"
        isEmpty={(data) => data.reviews.length === 0}
        emptyText={NO_REVIEWS}
      >
        {(data) => (
          <Stack gap="sm">
            {data.reviews.map((review) => (
              <Card
                key={review.id}
                withBorder
                padding="sm"
                component="article"
                aria-label={`Review by ${review.user_name}`}
              >
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {review.user_name}
                    </Text>
                    <Badge
                      color={review.is_published ? 'jade' : 'gray'}
                      size="sm"
                      variant="filled"
                      className={classes.status}
                    >
                      {review.is_published ? 'Published' : 'Hidden'}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {review.course_title} · {formatDate(review.created_at)}
                  </Text>
                  <Group gap={4}>
                    <RatingStars value={review.rating} size="sm" />
                    <VisuallyHidden>{`${review.rating} out of 5 stars`}</VisuallyHidden>
                  </Group>
                  {review.review_text && (
                    <Text size="sm" lineClamp={4}>
                      {review.review_text}
                    </Text>
                  )}
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(review)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => askToDelete(review)}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </PanelBody>
      <PrevNextPager page={page} pages={pages} onChange={setPage} />

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit Review" centered>
        {editing && (
          <EditReviewForm
            key={editing.id}
            review={editing}
            onDone={() => setEditing(null)}
            onFailed={() => {
              setEditing(null);
              setFailure({ title: 'Update Failed', message: UPDATE_REVIEW_FAILED });
            }}
          />
        )}
      </Modal>
      <ConfirmDeleteDialog title="Delete Review" {...dialog}>
        {`Delete the review by ${deleting?.user_name ?? ''} on "${deleting?.course_title ?? ''}"?`}
      </ConfirmDeleteDialog>
      <FailureDialog
        title={failure?.title ?? null}
        message={failure?.message ?? ''}
        onClose={() => setFailure(null)}
      />
    </Card>
  );
}

/** An admin's edit: the review's own fields, and whether it is shown. */
const ModeratedReview = ReviewFields.extend({ is_published: z.boolean() });

function EditReviewForm({
  review,
  onDone,
  onFailed,
}: {
  review: Review;
  onDone: () => void;
  onFailed: () => void;
}) {
  const update = useModerateReview();
  const { form, onSubmit } = useSchemaForm({
    schema: ModeratedReview,
    initialValues: {
      rating: review.rating,
      review_text: review.review_text,
      is_published: review.is_published,
    },
  });
  const { rating, review_text: text } = form.getValues();

  const handleSubmit = onSubmit((input) =>
    update.mutate(
      { reviewId: review.id, input },
      {
        onSuccess: () => {
          notifySuccess('Review Updated');
          onDone();
        },
        onError: onFailed,
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Edit review">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {review.user_name} on {review.course_title}
        </Text>
        <RatingInput
          label="Rating"
          size="md"
          value={rating}
          onChange={(stars) => form.setFieldValue('rating', stars)}
          error={form.errors.rating}
        />
        <Textarea
          label="Review text"
          autosize
          minRows={3}
          maxLength={REVIEW_TEXT_MAX}
          description={`${text.length}/${REVIEW_TEXT_MAX}`}
          {...form.getInputProps('review_text')}
        />
        <Switch label="Published" {...form.getInputProps('is_published', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
