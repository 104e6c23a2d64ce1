import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_TAGS_SHOWN,
  deletePostConfirmation,
  DELETE_FAILED_MESSAGE,
  NO_BLOG_POSTS,
  POST_DELETED_MESSAGE,
  type BlogPostSummary,
} from '../../../../common/blog';
import { ConfirmDialog } from '../../../components/dialogs';
import { LOAD_FAILED_MESSAGE } from '../../../components/panel-body';
import { ListSearchInput, useListFilters, usePagedDelete } from '../../../components/admin-list';
import { pageCount, PrevNextPager } from '../../../components/prev-next-pager';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  ADMIN_BLOG_PAGE_SIZE,
  useAdminBlogPosts,
  useBlogTags,
  useDeleteBlogPost,
  type AdminBlogFilters,
} from './admin-api';
import { BlogStatsCards } from './blog-stats';
import classes from './blog-management-page.module.css';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];
const ALL_TAGS = '';

/** Up to two tags, then how many more. */
function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const more = tags.length - ADMIN_TAGS_SHOWN;
  return (
    <Group gap={4}>
      {tags.slice(0, ADMIN_TAGS_SHOWN).map((tag) => (
        <Badge key={tag} variant="light" size="sm">
          {tag}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="outline" size="sm" aria-label={`${more} more tags`}>
          +{more}
        </Badge>
      )}
    </Group>
  );
}

function postColumns(onDelete: (post: BlogPostSummary) => void): ResponsiveColumn<BlogPostSummary>[] {
  return [
    { header: 'Title', isCardTitle: true, cell: (post) => <Text fw={600}>{post.title}</Text> },
    {
      header: 'Excerpt',
      cell: (post) => (
        <Text size="sm" lineClamp={2} className={classes.excerpt}>
          {post.excerpt}
        </Text>
      ),
    },
    {
      header: 'Status',
      minWidth: 120,
      cell: (post) => (
        <Badge color={post.status === 'published' ? 'jade' : 'gray'} variant="filled" autoContrast>
          {post.status === 'published' ? 'Published' : 'Draft'}
        </Badge>
      ),
    },
    { header: 'Author', cell: (post) => post.author },
    { header: 'Date', noWrap: true, cell: (post) => formatDate(post.published_at ?? post.created_at) },
    { header: 'Tags', minWidth: 200, cell: (post) => <TagList tags={post.tags} /> },
    {
      header: 'Actions',
      noWrap: true,
      cell: (post) => (
        <Group gap={4} wrap="nowrap">
          {post.status === 'published' && (
            <ActionIcon
              component="a"
              href={`/blog/${encodeURIComponent(post.slug)}`}
              target="_blank"
              rel="noopener"
              variant="subtle"
              aria-label={`View ${post.title}`}
            >
              <IconExternalLink size={16} aria-hidden />
            </ActionIcon>
          )}
          <ActionIcon
            component={Link}
            to={`/app/admin/blog/${encodeURIComponent(post.id)}/edit`}
            variant="subtle"
            aria-label={`Edit ${post.title}`}
          >
            <IconEdit size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${post.title}`}
            onClick={() => onDelete(post)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];
}

/** /app/admin/blog: the blog's figures, every post filtered and paged, and the way into the editor. */
export function BlogManagementPage() {
  const { page, setPage, search, q, setSearch, refilter } = useListFilters();
  const [status, setStatus] = useState<AdminBlogFilters['status']>('all');
  const [tag, setTag] = useState<string | null>(null);
  const posts = useAdminBlogPosts({ status, tag, search: q }, page);
  const tags = useBlogTags();
  const { deleting, askToDelete, dialog } = usePagedDelete<BlogPostSummary>({
    remove: useDeleteBlogPost(),
    rowsOnPage: posts.data?.posts.length,
    page,
    setPage,
    onDeleted: () => notifySuccess(POST_DELETED_MESSAGE),
    onFailed: (error) => notifyError(errorMessage(error, DELETE_FAILED_MESSAGE)),
  });
  const pages = pageCount(posts.data?.total ?? 0, ADMIN_BLOG_PAGE_SIZE);

  const tagOptions = [
    { value: ALL_TAGS, label: 'All tags' },
    ...(tags.data?.tags ?? []).map((t) => ({ value: t.tag_name, label: `${t.tag_name} (${t.post_count})` })),
  ];

  return (
    <Container size="xl" py="lg" px={0}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Blog Management</Title>
          <Button component={Link} to="/app/admin/blog/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New Post
          </Button>
        </Group>
        <BlogStatsCards />
        <Group gap="sm" align="flex-end" className={classes.filters}>
          <ListSearchInput
            label="Search posts"
            placeholder="Title, excerpt or content"
            value={search}
            onChange={setSearch}
            className={classes.search}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={refilter((value) =>
              setStatus(value === 'published' || value === 'draft' ? value : 'all'),
            )}
            w={170}
          />
          <Select
            label="Tag"
            data={tagOptions}
            value={tag ?? ALL_TAGS}
            allowDeselect={false}
            searchable
            onChange={refilter((value) => setTag(value || null))}
            w={200}
          />
        </Group>
        {posts.isPending ? (
          <Loader aria-label="Loading blog posts" />
        ) : posts.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{LOAD_FAILED_MESSAGE}</Text>
              <Button size="xs" color="red" variant="white" onClick={() => void posts.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : posts.data.posts.length === 0 ? (
          <Text c="dimmed">{NO_BLOG_POSTS}</Text>
        ) : (
          <ResponsiveTable
            label="Blog posts"
            columns={postColumns(askToDelete)}
            rows={posts.data.posts}
            rowKey={(post) => post.id}
            minWidth={1000}
          />
        )}
        {pages > 1 && <PrevNextPager page={page} pages={pages} onChange={setPage} />}
      </Stack>
      <ConfirmDialog title="Delete Blog Post" confirmLabel="Delete" confirmColor="red" {...dialog}>
        <Text>{deleting ? deletePostConfirmation(deleting.title) : ''}</Text>
      </ConfirmDialog>
    </Container>
  );
}
