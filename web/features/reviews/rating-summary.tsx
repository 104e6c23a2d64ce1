import { Group, Progress, Stack, Text } from '@mantine/core';
import { RatingStars } from '../../components/rating';
import type { RatingSummary as RatingSummaryData } from '../../../common/reviews';
import classes from './rating-summary.module.css';

const ROWS = [
  [5, 'five_star'],
  [4, 'four_star'],
  [3, 'three_star'],
  [2, 'two_star'],
  [1, 'one_star'],
] as const;

export const NO_REVIEWS_YET = 'No reviews yet';

/** The average and the spread of stars; a course nobody has reviewed says so instead of "0.0". */
export function RatingSummary({ summary }: { summary: RatingSummaryData }) {
  const total = summary.total_reviews;
  if (total === 0) return <Text c="dimmed">{NO_REVIEWS_YET}</Text>;
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={2} align="center">
        <Text fz={40} fw={700} lh={1}>
          {summary.average_rating.toFixed(1)}
        </Text>
        <RatingStars
          value={summary.average_rating}
          fractions={10}
          label={`Average rating ${summary.average_rating.toFixed(1)} out of 5`}
        />
        <Text size="sm" c="dimmed">
          {total} {total === 1 ? 'review' : 'reviews'}
        </Text>
      </Stack>
      <Stack gap={4} className={classes.bars}>
        {ROWS.map(([stars, key]) => {
          const count = summary[key];
          const percent = total ? Math.min(100, Math.round((count / total) * 100)) : 0;
          return (
            <Group key={key} gap="xs" wrap="nowrap">
              <Text size="sm" w={56}>
                {stars} {stars === 1 ? 'star' : 'stars'}
              </Text>
              <Progress.Root className={classes.bar}>
                <Progress.Section value={percent} aria-label={`${stars} star reviews: ${count}`} />
              </Progress.Root>
              <Text size="sm" w={28} ta="right">
                {count}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Group>
  );
}
