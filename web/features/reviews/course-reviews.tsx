import { useMemo, useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconThumbUp } from '@tabler/icons-react';
import type { CourseReview, Review } from '../../../common/reviews';
import { ConfirmDialog } from '../../components/dialogs';
import { RatingStars } from '../../components/rating';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useCourseReviews, useDeleteReview, useMarkHelpful, useMyReview, useRatingSummary } from './api';
import { NO_REVIEWS_YET, RatingSummary } from './rating-summary';
import { ReviewModal } from './review-modal';
import classes from './course-reviews.module.css';

export const REVIEWS_LOAD_ERROR = 'Failed to load reviews. Please try again.';

export interface CourseReviewsProps {
  courseId: string;
  courseTitle: string;
  /** Enrolled students of a course with lessons may rate it. */
  canReview: boolean;
}

/** The course page's reviews: rating summary, the caller's own review actions, and the list. */
export function CourseReviews({ courseId, courseTitle, canReview }: CourseReviewsProps) {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const summary = useRatingSummary(courseId);
  const reviews = useCourseReviews(courseId);
  const mine = useMyReview(userId, courseId, canReview && Boolean(userId));
  const remove = useDeleteReview(courseId);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const myReview: Review | null = mine.data ?? null;
  // A review written while pages load shifts later pages by one: show each review once.
  const loaded = useMemo(() => {
    const byId = new Map<string, CourseReview>();
    for (const page of reviews.data?.pages ?? [])
      for (const review of page.reviews) byId.set(review.id, review);
    return [...byId.values()];
  }, [reviews.data]);

  const handleDelete = () => {
    if (!myReview) return;
    remove.mutate(myReview.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifySuccess('Your review has been deleted.');
      },
      onError: (error) => notifyError(errorMessage(error, 'Failed to delete review. Please try again.')),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="course-reviews-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="course-reviews-title">
          Student Reviews
        </Title>
        {canReview && mine.isSuccess && (
          <Group gap="xs">
            <Button onClick={() => setEditing(true)} variant={myReview ? 'default' : 'filled'}>
              {myReview ? 'Edit Your Review' : 'Write a Review'}
            </Button>
            {myReview && (
              <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                Delete Your Review
              </Button>
            )}
          </Group>
        )}
      </Group>
      {reviews.isPending ? (
        <Loader aria-label="Loading reviews" />
      ) : reviews.isError && !reviews.isFetchNextPageError ? (
        // The error alone: a summary beside it would claim "0 reviews" the page could not read.
        <LoadFailed onRetry={() => void reviews.refetch()} />
      ) : loaded.length === 0 ? (
        <Text c="dimmed">{NO_REVIEWS_YET}</Text>
      ) : (
        <>
          {summary.data && <RatingSummary summary={summary.data} />}
          <Stack gap="sm" role="list" aria-label="Reviews">
            {loaded.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                courseId={courseId}
                isOwn={review.user_id === userId}
              />
            ))}
          </Stack>
          {reviews.isFetchNextPageError ? (
            <LoadFailed onRetry={() => void reviews.fetchNextPage()} />
          ) : (
            reviews.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void reviews.fetchNextPage()}
                loading={reviews.isFetchingNextPage}
                className={classes.loadMore}
              >
                Load More Reviews
              </Button>
            )
          )}
        </>
      )}
      <ReviewModal
        courseId={courseId}
        courseTitle={courseTitle}
        review={myReview}
        opened={editing}
        onClose={() => setEditing(false)}
      />
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete your review?"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={handleDelete}
      >
        <Text>Your rating and review for this course will be removed. This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{REVIEWS_LOAD_ERROR}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

function ReviewItem({ review, courseId, isOwn }: { review: CourseReview; courseId: string; isOwn: boolean }) {
  const helpful = useMarkHelpful(courseId);
  return (
    <Card withBorder padding="md" role="listitem">
      <Stack gap="xs">
        {/* On a phone the badge moves under the name rather than being cut. */}
        <Group justify="space-between" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={review.user_avatar} alt="" radius="xl">
              {review.user_name.charAt(0)}
            </Avatar>
            <div>
              <Text fw={600}>{review.user_name}</Text>
              <Text size="xs" c="dimmed">
                {formatDate(review.created_at)}
              </Text>
            </div>
          </Group>
          {review.is_verified && (
            <Badge color="jade" variant="light">
              Verified Purchase
            </Badge>
          )}
        </Group>
        <RatingStars value={review.rating} label={`Rated ${review.rating} out of 5`} />
        {review.review_text && <Text className={classes.reviewText}>{review.review_text}</Text>}
        <Group>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconThumbUp size={14} aria-hidden />}
            disabled={isOwn || review.voted_helpful}
            loading={helpful.isPending}
            onClick={() =>
              helpful.mutate(review.id, {
                onError: (error) =>
                  notifyError(errorMessage(error, 'Failed to mark review as helpful. Please try again.')),
              })
            }
          >
            Helpful ({review.helpful_count})
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
