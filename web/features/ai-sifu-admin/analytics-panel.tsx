import { Alert, Anchor, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ANALYTICS_PANEL_PAGE_SIZE, type PopularQuestion } from '../../../common/ai-sifu';
import { ANALYTICS_LOAD_FALLBACK, CLEAN_CACHE_FAILED } from './messages';
import { LoadFailed } from '../../components/load-failed';
import { PrevNextPager } from '../../components/prev-next-pager';
import { errorMessage } from '../../lib/api-client';
import { pageSlice } from './analytics-display';
import { CachePerformance, PopularQuestionRows, SummaryCards } from './analytics-sections';
import { useAiAnalytics } from './api';
import { CleanCacheButton } from './clean-cache-button';

/**
 * The admin dashboard's AI analytics panel: it loads the analytics when it opens, pages
 * the popular questions 5 at a time (page index from 0), colours the cache figures by threshold,
 * and reloads the analytics after a successful Clean Cache.
 */
export function AiAnalyticsPanel() {
  const analytics = useAiAnalytics();
  const [page, setPage] = useState(0);
  const [cleanFailed, setCleanFailed] = useState(false);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="ai-analytics-panel-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="ai-analytics-panel-title">
            AI Sifu Analytics
          </Title>
          <Group gap="sm">
            <Anchor component={Link} to="/app/admin/ai-sifu" size="sm">
              Open analytics
            </Anchor>
            <CleanCacheButton
              size="xs"
              onStart={() => setCleanFailed(false)}
              onFailed={() => setCleanFailed(true)}
            />
          </Group>
        </Group>
        {cleanFailed && (
          <Alert color="red" role="alert">
            {CLEAN_CACHE_FAILED}
          </Alert>
        )}
        {analytics.isPending ? (
          <Loader size="sm" aria-label="Loading analytics" />
        ) : analytics.isError ? (
          <LoadFailed
            message={errorMessage(analytics.error, ANALYTICS_LOAD_FALLBACK)}
            onRetry={() => void analytics.refetch()}
          />
        ) : (
          <>
            <SummaryCards analytics={analytics.data} />
            <PanelQuestions questions={analytics.data.popular_questions} page={page} onPageChange={setPage} />
            <CachePerformance
              analytics={analytics.data}
              headingId="ai-analytics-panel-cache"
              headingOrder={3}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

function PanelQuestions({
  questions,
  page,
  onPageChange,
}: {
  questions: PopularQuestion[];
  page: number;
  onPageChange: (page: number) => void;
}) {
  const shown = pageSlice(questions, page, ANALYTICS_PANEL_PAGE_SIZE);
  return (
    <Stack gap={0} component="section" aria-labelledby="ai-analytics-panel-questions">
      <Title order={3} size="h5" id="ai-analytics-panel-questions" mb="xs">
        Popular Questions
      </Title>
      <PopularQuestionRows rows={shown.rows} from={shown.page * ANALYTICS_PANEL_PAGE_SIZE} />
      <PrevNextPager page={shown.page} pages={shown.pages} onChange={onPageChange} />
    </Stack>
  );
}
