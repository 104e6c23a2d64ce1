import { Anchor, Badge, Group, Image, Modal, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { News, NewsListResponse } from '../../../common/news';
import { PlainText } from '../../components/plain-text';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { formatDate } from '../../lib/format';
import classes from '../../components/panel-list.module.css';

export const NO_NEWS = 'No news yet';

export function ImportantBadge() {
  return (
    <Badge color="red" variant="filled" size="sm" className={classes.badges}>
      Important
    </Badge>
  );
}

/** An item's byline: its author and the day it was posted. */
const byline = (item: News) => `${item.author_name} · ${formatDate(item.created_at)}`;

/** One item in full, over the home page, with the way to its own page. */
function NewsDetailModal({ item, onClose }: { item: News | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.title ?? ''} size="lg" centered>
      {item && (
        <Stack gap="sm">
          <Group gap="xs">
            {item.is_important && <ImportantBadge />}
            <Text size="sm" c="dimmed">
              {byline(item)}
            </Text>
          </Group>
          {item.thumbnail_url && <Image src={item.thumbnail_url} alt="" radius="sm" mah={240} fit="cover" />}
          <Text fw={600}>{item.description}</Text>
          <PlainText text={item.body} size="sm" />
          {item.tags.length > 0 && (
            <Group gap={6} aria-label="Tags">
              {item.tags.map((tag) => (
                <Badge key={tag} variant="light" color="gray" size="sm">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
          <Anchor component={Link} to={`/app/news/${item.id}`} fw={600}>
            Read full article
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}

export interface NewsUpdatesProps {
  /** The page shown, undefined while the first one loads, null when it failed to. */
  data: NewsListResponse | null | undefined;
  /** Zero-based page and its size. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** 'News & Updates': the published items a page at a time, each opening in a dialog. */
export function NewsUpdates({ data, page, pageSize, onPageChange }: NewsUpdatesProps) {
  const [open, setOpen] = useState<News | null>(null);

  if (data === null) {
    // The banner says what went wrong; the pager leads back to the pages that loaded.
    return <PrevNextPager page={page} pages={page + 1} onChange={onPageChange} />;
  }
  if (!data) {
    return (
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: pageSize }, (_, row) => (
          <Skeleton key={row} height={64} radius="sm" />
        ))}
      </Stack>
    );
  }

  return (
    <>
      {data.news.length === 0 ? (
        <Text c="dimmed">{NO_NEWS}</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list} aria-label="News">
          {data.news.map((item) => (
            <li key={item.id}>
              <UnstyledButton className={classes.row} onClick={() => setOpen(item)}>
                <Stack gap={2}>
                  <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                    <Text fw={600} size="sm">
                      {item.title}
                    </Text>
                    {item.is_important && <ImportantBadge />}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {byline(item)}
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {item.description}
                  </Text>
                </Stack>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      <PrevNextPager page={page} pages={pageCount(data.total, pageSize)} onChange={onPageChange} />
      <NewsDetailModal item={open} onClose={() => setOpen(null)} />
    </>
  );
}
