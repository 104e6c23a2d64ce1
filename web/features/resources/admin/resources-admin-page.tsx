import { Badge, Button, Container, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  RESOURCE_DELETE_FAILED,
  RESOURCE_DELETED,
  RESOURCE_TYPES,
  RESOURCES_LOAD_FAILED,
  type Resource,
  type ResourceType,
} from '../../../../common/resources';
import {
  editDeleteColumn,
  ListSearchInput,
  PagedQueryTable,
  useListFilters,
  usePagedDelete,
} from '../../../components/admin-list';
import { ConfirmDeleteDialog } from '../../../components/dialogs';
import { pageCount } from '../../../components/prev-next-pager';
import type { ResponsiveColumn } from '../../../components/responsive-table';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { AdminResourceFilters } from '../queries';
import { ADMIN_RESOURCES_PAGE_SIZE, useAdminResources, useDeleteResource } from '../api';
import { TYPE_LABELS } from '../resource-card';
import classes from './resources-admin-page.module.css';
import { ResourceStats } from './resource-stats';

export const NO_RESOURCES_FOUND = 'No resources found';

// The form (its uploads, the course picker and the course reads) loads when it is first opened.
const ResourceFormModal = lazy(async () => ({
  default: (await import('./resource-form-modal')).ResourceFormModal,
}));

const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  ...RESOURCE_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

function columns(
  onEdit: (resource: Resource) => void,
  onDelete: (resource: Resource) => void,
): ResponsiveColumn<Resource>[] {
  return [
    { header: 'Title', isCardTitle: true, cell: (r) => <Text fw={600}>{r.title}</Text> },
    { header: 'Type', cell: (r) => TYPE_LABELS[r.type] },
    {
      header: 'Status',
      minWidth: 110,
      cell: (r) => (
        <Badge color={r.is_published ? 'jade' : 'gray'} variant="filled" autoContrast>
          {r.is_published ? 'Published' : 'Draft'}
        </Badge>
      ),
    },
    { header: 'Author', cell: (r) => r.author },
    { header: 'Views', alignRight: true, cell: (r) => r.view_count.toLocaleString('en-US') },
    { header: 'Updated', noWrap: true, cell: (r) => formatDate(r.updated_at) },
    editDeleteColumn((r) => r.title, onEdit, onDelete),
  ];
}

/** /app/admin/resources: the figures, every resource filtered and paged, and its add/edit form. */
export function ResourcesAdminPage() {
  const { page, setPage, search, q, setSearch, refilter } = useListFilters();
  const [type, setType] = useState<ResourceType | null>(null);
  const [status, setStatus] = useState<AdminResourceFilters['status']>('all');
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const resources = useAdminResources({ type, status, q }, page);
  const { deleting, askToDelete, dialog } = usePagedDelete<Resource>({
    remove: useDeleteResource(),
    rowsOnPage: resources.data?.resources.length,
    page,
    setPage,
    onDeleted: () => notifySuccess(RESOURCE_DELETED),
    onFailed: () => notifyError(RESOURCE_DELETE_FAILED),
  });
  const pages = pageCount(resources.data?.total ?? 0, ADMIN_RESOURCES_PAGE_SIZE);

  return (
    <Container size="xl" py="lg" px={0}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Resources Management</Title>
          <Group gap="sm">
            <Button
              component={Link}
              to="/app/resources"
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              Learning Resources
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              Add Resource
            </Button>
          </Group>
        </Group>
        <ResourceStats />
        <Group gap="sm" align="flex-end">
          <ListSearchInput
            label="Search resources"
            placeholder="Title, description or author"
            value={search}
            onChange={setSearch}
            className={classes.search}
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type ?? 'all'}
            allowDeselect={false}
            onChange={refilter((value) => setType(RESOURCE_TYPES.find((t) => t === value) ?? null))}
            w={150}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={refilter((value) =>
              setStatus(value === 'published' || value === 'draft' ? value : 'all'),
            )}
            w={160}
          />
        </Group>
        <PagedQueryTable
          query={resources}
          rowsOf={(data) => data.resources}
          loadingLabel="Loading resources"
          failedMessage={RESOURCES_LOAD_FAILED}
          emptyText={NO_RESOURCES_FOUND}
          label="Resources"
          columns={columns(setEditing, askToDelete)}
          rowKey={(r) => r.id}
          minWidth={900}
          page={page}
          pages={pages}
          onPageChange={setPage}
        />
      </Stack>
      {editing !== null && (
        <Suspense fallback={<Loader aria-label="Loading the resource form" />}>
          <ResourceFormModal
            opened
            resource={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog title="Delete Resource" {...dialog}>
        {`Delete "${deleting?.title ?? ''}"?`}
      </ConfirmDeleteDialog>
    </Container>
  );
}
