import { Anchor, Button, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CourseSummary } from '../../../common/courses';
import type { Quote } from '../../../common/quotes';
import classes from './member-home.module.css';

export const NOT_ENROLLED = 'Currently Not Enrolled';

/** The quote of the visit: the Chinese text, the English, and who said it where. */
export function QuoteCard({ quote }: { quote: Quote }) {
  return (
    <figure className={classes.quote} aria-label="Quote of the day">
      <blockquote className={classes.quoteText}>
        {quote.chinese && (
          <Text lang="zh" className={classes.chinese}>
            {quote.chinese}
          </Text>
        )}
        <Text fs="italic">“{quote.text}”</Text>
      </blockquote>
      <Text component="figcaption" size="sm" c="dimmed">
        — {quote.author}
        {quote.source && <cite className={classes.source}>, {quote.source}</cite>}
      </Text>
    </figure>
  );
}

export function QuoteSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      <Skeleton height={24} width="40%" />
      <Skeleton height={16} />
      <Skeleton height={14} width="30%" />
    </Stack>
  );
}

/** The member's courses with how far they are through each, or the way to the catalogue. */
export function CurrentCourses({ courses }: { courses: CourseSummary[] | undefined }) {
  if (!courses) {
    return (
      <Stack gap="md" aria-hidden>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  }
  if (courses.length === 0) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{NOT_ENROLLED}</Text>
        <Text size="sm" c="dimmed">
          Find a course to begin your training.
        </Text>
        <Button component={Link} to="/app/courses" variant="light">
          Browse Courses
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" component="ul" className={classes.courses} aria-label="Your courses">
      {courses.map((course) => {
        const progress = course.enrollment?.progress ?? 0;
        return (
          <li key={course.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
              <Anchor component={Link} to={`/app/course/${course.id}`} fw={600} size="sm">
                {course.title}
              </Anchor>
              <Text size="xs" c="dimmed" className={classes.percent}>
                {progress}%
              </Text>
            </Group>
            <Progress value={progress} aria-label={`${course.title} progress`} size="md" />
          </li>
        );
      })}
    </Stack>
  );
}
