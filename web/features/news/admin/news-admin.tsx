import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { NEWS_DELETE_FAILED, NEWS_DELETED, NEWS_PAGE_SIZE, type News } from '../../../../common/news';
import { usePagedDelete } from '../../../components/admin-list';
import { ConfirmDeleteDialog, FailureDialog } from '../../../components/dialogs';
import { PanelBody } from '../../../components/panel-body';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAdminNews, useDeleteNews } from '../api';
import classes from './news-admin.module.css';
import { NewsFormModal } from './news-form-modal';

export const NO_NEWS_ITEMS = 'No news found';
export const DELETE_NEWS_FAILED = 'Failed to delete news. Please try again.';

/** The dashboard's 'Add News' button, with the form it opens. */
export function AddNewsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Add News
      </Button>
      <NewsFormModal opened={opened} news={null} onClose={() => setOpened(false)} />
    </>
  );
}

/** 'News & Updates' on the admin dashboard: every item, drafts too, 3 a page, with edit and delete. */
export function NewsAdminPanel() {
  const [page, setPage] = useState(0);
  const news = useAdminNews(page);
  const [editing, setEditing] = useState<News | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const { deleting, askToDelete, dialog } = usePagedDelete<News>({
    remove: useDeleteNews(),
    rowsOnPage: news.data?.news.length,
    page,
    setPage,
    onDeleted: () => notifySuccess(NEWS_DELETED),
    onFailed: () => setDeleteFailed(true),
  });
  const pages = pageCount(news.data?.total ?? 0, NEWS_PAGE_SIZE);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="admin-news-title">
      <Title order={2} size="h4" id="admin-news-title" mb="sm">
        News &amp; Updates
      </Title>
      <PanelBody
        query={news}
        loadingLabel="Loading news"
        isEmpty={(data) => data.news.length === 0}
        emptyText={NO_NEWS_ITEMS}
      >
        {(data) => (
          <Stack gap="sm">
            {data.news.map((item) => (
              <Card
                key={item.id}
                withBorder
                padding="sm"
                component="article"
                aria-label={`News: ${item.title}`}
              >
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Text fw={600} size="sm">
                      {item.title}
                    </Text>
                    <Group gap={4} wrap="nowrap" className={classes.badges}>
                      {item.is_important && (
                        <Badge color="red" variant="filled" size="sm">
                          Important
                        </Badge>
                      )}
                      {item.status === 'draft' && (
                        <Badge color="gray" variant="filled" size="sm">
                          Draft
                        </Badge>
                      )}
                    </Group>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {item.author_name} · {formatDate(item.created_at)}
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {item.description}
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(item)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => askToDelete(item)}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </PanelBody>
      <PrevNextPager page={page} pages={pages} onChange={setPage} />

      <NewsFormModal opened={editing !== null} news={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog title="Delete News" {...dialog}>
        {`Delete "${deleting?.title ?? ''}"?`}
      </ConfirmDeleteDialog>
      <FailureDialog
        title={deleteFailed ? NEWS_DELETE_FAILED : null}
        message={DELETE_NEWS_FAILED}
        onClose={() => setDeleteFailed(false)}
      />
    </Card>
  );
}
