import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { DAILY_USAGE_DAYS } from '../../../common/ai-sifu';
import { ANALYTICS_LOAD_FAILED, CLEAN_CACHE_FAILED } from './messages';
import { LoadFailed } from '../../components/load-failed';
import {
  POPULAR_QUESTIONS_PAGE_SIZE,
  POPULAR_QUESTIONS_READ,
  pageSlice,
  shownDays,
} from './analytics-display';
import {
  CachePerformance,
  DailyUsageTable,
  Pager,
  PopularQuestionRows,
  SummaryCards,
} from './analytics-sections';
import { useAiAnalytics, usePopularQuestions } from './api';
import { CleanCacheButton } from './clean-cache-button';

// The chart library is the largest part of the screen: it loads after the figures, on its own.
const UsageCharts = lazy(async () => ({ default: (await import('./usage-charts')).UsageCharts }));

function PopularQuestions() {
  const [page, setPage] = useState(0);
  const questions = usePopularQuestions(POPULAR_QUESTIONS_READ);
  if (questions.isPending) return <Loader size="sm" aria-label="Loading popular questions" />;
  if (questions.isError) {
    return <LoadFailed message={ANALYTICS_LOAD_FAILED} onRetry={() => void questions.refetch()} />;
  }
  const shown = pageSlice(questions.data, page, POPULAR_QUESTIONS_PAGE_SIZE);
  return (
    <>
      <PopularQuestionRows rows={shown.rows} from={shown.page * POPULAR_QUESTIONS_PAGE_SIZE} />
      <Pager page={shown.page} pages={shown.pages} onChange={setPage} label="Popular questions" />
    </>
  );
}

/**
 * /app/admin/ai-sifu: what students ask AI Sifu and what it costs, with Clean Cache
 * and Refresh, and the way to the knowledge it answers from.
 */
export function AiSifuAnalyticsPage() {
  const analytics = useAiAnalytics();
  const questions = usePopularQuestions(POPULAR_QUESTIONS_READ);
  const [cleanFailed, setCleanFailed] = useState(false);
  const refreshing = (analytics.isFetching || questions.isFetching) && !analytics.isPending;

  const handleRefresh = () => {
    setCleanFailed(false);
    void analytics.refetch();
    void questions.refetch();
  };

  return (
    <Container size="xl" py="lg" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>AI Sifu Analytics</Title>
            <Text c="dimmed">What students ask AI Sifu, how often the cache answers, and what it costs</Text>
          </div>
          <Group gap="sm">
            <Button
              component={Link}
              to="/app/admin/ai-sifu/knowledge"
              variant="default"
              leftSection={<IconBooks size={16} aria-hidden />}
            >
              Knowledge
            </Button>
            <CleanCacheButton onStart={() => setCleanFailed(false)} onFailed={() => setCleanFailed(true)} />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={refreshing}
              onClick={handleRefresh}
            >
              Refresh
            </Button>
          </Group>
        </Group>
        {cleanFailed && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setCleanFailed(false)}>
            {CLEAN_CACHE_FAILED}
          </Alert>
        )}
        {analytics.isPending ? (
          <Loader aria-label="Loading analytics" />
        ) : analytics.isError ? (
          <LoadFailed message={ANALYTICS_LOAD_FAILED} onRetry={handleRefresh} />
        ) : (
          <>
            <SummaryCards analytics={analytics.data} />
            <Card withBorder padding="md" component="section" aria-labelledby="popular-questions-title">
              <Title order={2} size="h4" id="popular-questions-title" mb="sm">
                Popular Questions
              </Title>
              <PopularQuestions />
            </Card>
            <Card withBorder padding="md" component="section" aria-labelledby="daily-usage-title">
              <Stack gap="md">
                <Title order={2} size="h4" id="daily-usage-title">
                  Daily Usage (Last {DAILY_USAGE_DAYS} Days)
                </Title>
                <DailyUsageTable days={shownDays(analytics.data.daily_costs)} />
                {analytics.data.daily_costs.length > 0 && (
                  <Suspense fallback={<Loader size="sm" aria-label="Loading charts" />}>
                    <UsageCharts days={analytics.data.daily_costs} />
                  </Suspense>
                )}
              </Stack>
            </Card>
            <Card withBorder padding="md" component="section" aria-labelledby="cache-performance-title">
              <CachePerformance analytics={analytics.data} headingId="cache-performance-title" />
            </Card>
          </>
        )}
      </Stack>
    </Container>
  );
}
