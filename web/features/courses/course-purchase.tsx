import { useEffect, useState, type RefObject } from 'react';
import { Badge, Button, Card, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import type { CourseDetail } from '../../../common/courses';
import { formatPrice } from './course-format';
import classes from './course-purchase.module.css';
import { isFree, MONEY_BACK_TEXT, ONE_TIME_TEXT } from './use-enroll-action';

/** What the page's main action does: enrol (visitors) or open the next lesson (students). */
export interface PurchaseActions {
  enrolled: boolean;
  isAdmin: boolean;
  progress: number;
  enrolling: boolean;
  onEnroll: () => void;
  /** Null when the course has no lesson to continue with. */
  onContinue: (() => void) | null;
}

const priceOf = (course: CourseDetail) =>
  isFree(course) ? 'Free' : formatPrice(course.regular_price, course.currency);
const enrollLabel = (course: CourseDetail) => (isFree(course) ? 'Enroll for Free' : 'Enroll Now');

/** The price and Enroll box, or the student's progress and Continue Learning once enrolled. */
export function PurchaseCard({
  course,
  actions,
  cardRef,
}: {
  course: CourseDetail;
  actions: PurchaseActions;
  cardRef?: RefObject<HTMLDivElement | null>;
}) {
  const { enrolled, isAdmin, progress } = actions;
  return (
    <Card ref={cardRef} withBorder padding="lg">
      <Stack gap="sm">
        {enrolled && !isAdmin ? (
          <>
            <Badge color={course.enrollment?.completed_date ? 'jade' : 'blue.8'} size="lg">
              {course.enrollment?.completed_date ? 'Completed' : 'Currently Enrolled'}
            </Badge>
            <Text size="sm" fw={600} id="course-progress-label">
              Your progress: {progress}%
            </Text>
            <Progress.Root size="lg">
              <Progress.Section value={progress} aria-labelledby="course-progress-label" />
            </Progress.Root>
            {actions.onContinue && <Button onClick={actions.onContinue}>Continue Learning</Button>}
          </>
        ) : (
          <>
            <Text size="xl" fw={700}>
              {priceOf(course)}
            </Text>
            {!isAdmin && (
              <Button loading={actions.enrolling} onClick={actions.onEnroll}>
                {enrollLabel(course)}
              </Button>
            )}
          </>
        )}
        {!isFree(course) && (
          <Stack gap={2}>
            <Text size="sm">{MONEY_BACK_TEXT}</Text>
            <Text size="sm">{ONE_TIME_TEXT}</Text>
          </Stack>
        )}
        {course.features.length > 0 && (
          <List size="sm" spacing={2}>
            {course.features.map((feature) => (
              <List.Item key={feature.id}>{feature.name}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}

/**
 * On small screens, once the purchase box has scrolled out of view, the price (or progress) and
 * the main action stay at the bottom of the screen. From the md breakpoint the box stays in view
 * beside the content, so the bar is hidden there. Admins have no action, so no bar.
 */
export function StickyPurchaseBar({ course, actions }: { course: CourseDetail; actions: PurchaseActions }) {
  const { enrolled, isAdmin } = actions;
  if (isAdmin || (enrolled && !actions.onContinue)) return null;
  return (
    <Paper
      role="region"
      aria-label="Course actions"
      shadow="md"
      radius={0}
      className={classes.bar}
      // Floating controls (AI Sifu) rise above it while it shows.
      data-bottom-bar
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {enrolled ? (
          <Text size="sm" fw={600}>
            Your progress: {actions.progress}%
          </Text>
        ) : (
          <Text size="lg" fw={700}>
            {priceOf(course)}
          </Text>
        )}
        {enrolled ? (
          <Button onClick={actions.onContinue ?? undefined}>Continue Learning</Button>
        ) : (
          <Button loading={actions.enrolling} onClick={actions.onEnroll}>
            {enrollLabel(course)}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Whether the element is out of the viewport. It counts as in view until the browser says
 * otherwise, so nothing flashes while the page loads.
 */
export function useOutOfView(ref: RefObject<HTMLElement | null>): boolean {
  const [outOfView, setOutOfView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setOutOfView(false);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOutOfView(!entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return outOfView;
}
