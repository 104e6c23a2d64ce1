import { Alert, Anchor, Badge, Container, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NEWS_ID_MISSING, NEWS_LOAD_FAILED, NEWS_NOT_FOUND, type News } from '../../../common/news';
import { PlainText } from '../../components/plain-text';
import { ApiRequestError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useNewsArticle } from './api';
import classes from './news-article-page.module.css';

function BackHome() {
  return (
    <Anchor component={Link} to="/app" size="sm" className={classes.back}>
      <IconArrowLeft size={16} aria-hidden />
      Back to Home
    </Anchor>
  );
}

/** An id the API refuses to look up (400) or does not know (404): either way there is no such article. */
const isMissing = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

function Article({ news }: { news: News }) {
  const views = `${news.view_count} ${news.view_count === 1 ? 'view' : 'views'}`;
  return (
    <article aria-labelledby="news-title">
      <Stack gap="md">
        {news.thumbnail_url && <Image src={news.thumbnail_url} alt="" radius="md" mah={360} fit="cover" />}
        <Stack gap={6}>
          {news.is_important && (
            <Group>
              <Badge color="red" variant="filled">
                Important
              </Badge>
            </Group>
          )}
          <Title order={1} id="news-title">
            {news.title}
          </Title>
          <Group gap="xs" className={classes.meta}>
            <Text size="sm">By {news.author_name}</Text>
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={news.created_at}>{formatDate(news.created_at)}</time>
            </Text>
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconEye size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                {views}
              </Text>
            </Group>
          </Group>
          {news.tags.length > 0 && (
            <Group gap={6} component="ul" className={classes.tags} aria-label="Tags">
              {news.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="light" color="gray">
                    {tag}
                  </Badge>
                </li>
              ))}
            </Group>
          )}
        </Stack>
        <Text size="lg" fw={500}>
          {news.description}
        </Text>
        <PlainText text={news.body} />
      </Stack>
    </article>
  );
}

/** /app/news/{id}: one news item in full, with the way back to the home page. */
export function NewsArticlePage() {
  const id = useParams().id?.trim() ?? '';
  const article = useNewsArticle(id);
  usePageTitle(article.data?.title);

  let body;
  if (!id)
    body = (
      <Alert color="red" role="alert">
        {NEWS_ID_MISSING}
      </Alert>
    );
  else if (article.isError)
    body = (
      <Alert color="red" role="alert">
        {isMissing(article.error) ? NEWS_NOT_FOUND : NEWS_LOAD_FAILED}
      </Alert>
    );
  else if (article.data) body = <Article news={article.data} />;
  else
    body = (
      <Stack gap="md" aria-label="Loading news article" role="status">
        <Skeleton height={36} width="70%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton height={16} width="85%" />
      </Stack>
    );

  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="lg">
        <BackHome />
        {body}
      </Stack>
    </Container>
  );
}
