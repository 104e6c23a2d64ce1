import { Badge, Button, Card, ColorSwatch, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AiAnalytics, DailyCost, PopularQuestion } from '../../../common/ai-sifu';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/responsive-table';
import { formatDate } from '../../lib/format';
import {
  LEVEL_BADGE_COLORS,
  LEVEL_COLORS,
  cacheFigures,
  formatCost,
  formatCount,
  formatDuration,
  legendRows,
  summaryFigures,
  type CacheLevel,
} from './analytics-display';
import classes from './analytics.module.css';

/** Total Questions, Active Users, Cache Hit Rate and Total Cost. */
export function SummaryCards({ analytics }: { analytics: AiAnalytics }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0} aria-label="Summary">
      {summaryFigures(analytics).map(({ label, value }) => (
        <Card key={label} withBorder padding="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A level as colour and words: the swatch is decoration, the badge says it. */
export function LevelBadge({ level, label }: { level: CacheLevel; label: string }) {
  return (
    <Badge
      color={LEVEL_BADGE_COLORS[level]}
      variant="filled"
      autoContrast
      size="sm"
      className={classes.badge}
    >
      {label}
    </Badge>
  );
}

/** Cached Responses, Cache Hits and Avg Uses per Question, coloured by threshold, with the legend. */
export function CachePerformance({
  analytics,
  headingId,
  headingOrder = 2,
}: {
  analytics: AiAnalytics;
  headingId: string;
  /** 3 inside a panel that has its own heading. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Stack gap="sm">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h4' : 'h5'} id={headingId}>
        Cache Performance
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0} aria-labelledby={headingId}>
        {cacheFigures(analytics).map((figure) => (
          <Card
            key={figure.label}
            withBorder
            padding="sm"
            className={classes.figure}
            data-level={figure.level ?? undefined}
          >
            <Text component="dt" size="sm" c="dimmed">
              {figure.label}
            </Text>
            <Group component="dd" m={0} gap="xs" align="center" wrap="wrap">
              <Text fz="lg" fw={700} span>
                {figure.value}
              </Text>
              {figure.level && figure.levelLabel && (
                <LevelBadge level={figure.level} label={figure.levelLabel} />
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <CacheLegend />
    </Stack>
  );
}

/** What each colour means, in words too, for the cached responses and the hits. */
export function CacheLegend() {
  return (
    <Stack gap={4} component="section" aria-label="Colour legend">
      <Text size="sm" fw={600}>
        Legend
      </Text>
      <ul className={classes.legend}>
        {legendRows().map((row) => (
          <li key={row.level}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ColorSwatch
                color={`var(--mantine-color-${LEVEL_COLORS[row.level]}-6)`}
                size={14}
                withShadow={false}
                className={classes.swatch}
                aria-hidden
              />
              <Text size="sm">
                {row.entries}; {row.hits}
              </Text>
            </Group>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

export interface PagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** What is paged, for the pager's name: 'Popular questions'. */
  label: string;
}

/** Previous / 'n of m' / Next, as the analytics page pages its lists. */
export function Pager({ page, pages, onChange, label }: PagerProps) {
  return (
    <Group justify="space-between" mt="sm" component="nav" aria-label={`${label} pages`}>
      <Button size="xs" variant="default" disabled={page === 0} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {page + 1} of {pages}
      </Text>
      <Button size="xs" variant="default" disabled={page + 1 >= pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}

/** The popular questions of one page, as numbered rows with their use, speed and cost. */
export function PopularQuestionRows({ rows, from }: { rows: PopularQuestion[]; from: number }) {
  if (rows.length === 0) return <Text c="dimmed">No questions asked yet</Text>;
  return (
    <ol className={classes.questions} start={from + 1} aria-label="Popular questions">
      {rows.map((question) => (
        <li key={question.question_text} className={classes.question}>
          <Text size="sm" fw={600} className={classes.questionText}>
            {question.question_text}
          </Text>
          <Text size="xs" c="dimmed">
            Asked {formatCount(question.usage_count)} {question.usage_count === 1 ? 'time' : 'times'} · avg{' '}
            {formatDuration(question.avg_response_time)} · {formatCost(question.total_cost_cents)}
          </Text>
        </li>
      ))}
    </ol>
  );
}

const DAY_COLUMNS: ResponsiveColumn<DailyCost>[] = [
  { header: 'Date', isCardTitle: true, noWrap: true, cell: (day) => formatDate(day.date) },
  { header: 'Questions', alignRight: true, cell: (day) => formatCount(day.questions_count) },
  { header: 'Cost', alignRight: true, cell: (day) => formatCost(day.daily_cost_cents) },
];

/** Daily Usage's table: the days it is given (the first 10 of 30). */
export function DailyUsageTable({ days }: { days: DailyCost[] }) {
  if (days.length === 0) return <Text c="dimmed">No usage in the last 30 days</Text>;
  return <ResponsiveTable label="Daily usage" columns={DAY_COLUMNS} rows={days} rowKey={(day) => day.date} />;
}
