import { Alert, Card, Grid, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NEWS_PAGE_SIZE } from '../../../common/news';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { pageOf } from '../../lib/queries/paging';
import { courseQueries } from '../courses';
import { newsQueries } from '../news';
import { quoteQueries } from '../quotes';
import { CurrentCourses, QuoteCard, QuoteSkeleton } from './home-sections';
import { NewsUpdates } from './news-updates';

/**
 * A member's home: a quote, the courses they are taking with their progress, and the
 * school's news three at a time. Any of them failing to load shows the one red banner; the parts
 * that did load stay.
 */
export function MemberHome() {
  const [newsPage, setNewsPage] = useState(0);
  const quote = useQuery(quoteQueries.random());
  const courses = useQuery({
    ...courseQueries.list(),
    select: (response) => response.courses.filter((course) => course.enrollment !== null),
  });
  const news = useQuery({
    ...newsQueries.published(pageOf(newsPage, NEWS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
  const failed = quote.isError || courses.isError || news.isError;
  const drawn = quote.data?.quote;
  // A later page that failed keeps its section, so the member can page back.
  const showNews = !news.isError || newsPage > 0;
  // No quote at all (every one deleted) is no failure: the card is simply left out.
  const showQuote = !quote.isError && drawn !== null;
  const showLeft = showQuote || !courses.isError;

  return (
    <Stack gap="lg">
      {failed && (
        <Alert color="red" role="alert">
          {LOAD_FAILED_MESSAGE}
        </Alert>
      )}
      <Grid gap="lg">
        {showLeft && (
          <Grid.Col span={{ base: 12, md: showNews ? 6 : 12 }}>
            <Stack gap="lg">
              {showQuote && (
                <Card withBorder padding="lg">
                  {drawn ? <QuoteCard quote={drawn} /> : <QuoteSkeleton />}
                </Card>
              )}
              {!courses.isError && (
                <Card withBorder padding="lg" component="section" aria-labelledby="current-courses-title">
                  <Title order={2} size="h4" id="current-courses-title" mb="sm">
                    Current Course(s)
                  </Title>
                  <CurrentCourses courses={courses.data} />
                </Card>
              )}
            </Stack>
          </Grid.Col>
        )}
        {showNews && (
          <Grid.Col span={{ base: 12, md: showLeft ? 6 : 12 }}>
            <Card withBorder padding="lg" component="section" aria-labelledby="news-updates-title">
              <Title order={2} size="h4" id="news-updates-title" mb="sm">
                News &amp; Updates
              </Title>
              <NewsUpdates
                data={news.isError ? null : news.data}
                page={newsPage}
                pageSize={NEWS_PAGE_SIZE}
                onPageChange={setNewsPage}
              />
            </Card>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
