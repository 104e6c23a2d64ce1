import {
  Badge,
  Button,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  KNOWLEDGE_DELETED,
  KNOWLEDGE_KINDS,
  type KnowledgeEntry,
  type KnowledgeKind,
  type KnowledgeListResponse,
} from '../../../common/ai-sifu';
import { KNOWLEDGE_KIND_LABELS } from '../ai-sifu';
import {
  editDeleteColumn,
  ListSearchInput,
  PagedQueryTable,
  useListFilters,
  usePagedDelete,
} from '../../components/admin-list';
import { ConfirmDeleteDialog } from '../../components/dialogs';
import { pageCount } from '../../components/prev-next-pager';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { KNOWLEDGE_PAGE_SIZE, useDeleteKnowledge, useKnowledgeList } from './api';
import classes from './knowledge.module.css';
import { KnowledgeTransfer } from './knowledge-transfer';

export const KNOWLEDGE_LOAD_FAILED = 'Failed to load the knowledge base';
export const NO_KNOWLEDGE_FOUND = 'No entries found';
export const KNOWLEDGE_DELETE_FAILED = 'Failed to delete knowledge entry. Please try again.';
/** How long the search waits for the typing to pause before it asks the server. */
export const KNOWLEDGE_SEARCH_DEBOUNCE_MS = 300;

// The form (the course and entry pickers, the form library) loads when it is first opened.
const KnowledgeFormModal = lazy(async () => ({
  default: (await import('./knowledge-form-modal')).KnowledgeFormModal,
}));

type KindFilter = KnowledgeKind | 'all';

/** The kind filter's choices, each with how many entries it holds. */
function kindOptions(counts: KnowledgeListResponse['counts'] | undefined) {
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  const all = counts ? counts.term + counts.manual + counts.classic : undefined;
  return [
    { value: 'all', label: `All${count(all)}` },
    ...KNOWLEDGE_KINDS.map((kind) => ({
      value: kind,
      label: `${KNOWLEDGE_KIND_LABELS[kind]}${count(counts?.[kind])}`,
    })),
  ];
}

function columns(
  onEdit: (entry: KnowledgeEntry) => void,
  onDelete: (entry: KnowledgeEntry) => void,
): ResponsiveColumn<KnowledgeEntry>[] {
  return [
    {
      header: 'Title',
      isCardTitle: true,
      cell: (entry) => (
        <div className={classes.title}>
          <Text fw={600}>{entry.title}</Text>
          {(entry.hanzi || entry.pinyin) && (
            <Text size="sm" c="dimmed">
              {[entry.hanzi, entry.pinyin].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
      ),
    },
    {
      header: 'Kind',
      minWidth: 150,
      cell: (entry) => (
        <Badge variant="light" color="gray" autoContrast>
          {KNOWLEDGE_KIND_LABELS[entry.kind]}
        </Badge>
      ),
    },
    { header: 'Source', cell: (entry) => entry.source ?? '–' },
    { header: 'Courses', alignRight: true, cell: (entry) => entry.course_ids.length },
    { header: 'Updated', noWrap: true, cell: (entry) => formatDate(entry.updated_at) },
    editDeleteColumn((entry) => entry.title, onEdit, onDelete),
  ];
}

/**
 * /app/admin/ai-sifu/knowledge: the glossary terms, training manual and classical references
 * AI Sifu answers from, filtered by kind, searched by words, hanzi or pinyin, and paged; with the
 * entry form, delete, and the whole base's export and import.
 */
export function KnowledgePage() {
  const { page, setPage, search, q, setSearch, refilter } = useListFilters(KNOWLEDGE_SEARCH_DEBOUNCE_MS);
  const [kind, setKind] = useState<KindFilter>('all');
  const [editing, setEditing] = useState<KnowledgeEntry | 'new' | null>(null);
  const list = useKnowledgeList({ kind: kind === 'all' ? null : kind, q }, page);
  const { deleting, askToDelete, dialog } = usePagedDelete<KnowledgeEntry>({
    remove: useDeleteKnowledge(),
    rowsOnPage: list.data?.entries.length,
    page,
    setPage,
    onDeleted: () => notifySuccess(KNOWLEDGE_DELETED),
    onFailed: () => notifyError(KNOWLEDGE_DELETE_FAILED),
  });
  const pages = pageCount(list.data?.total ?? 0, KNOWLEDGE_PAGE_SIZE);
  const filterOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });

  return (
    <Container size="xl" py="lg" px={0}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>AI Sifu Knowledge</Title>
            <Text c="dimmed">The glossary, training manual and classics AI Sifu answers from</Text>
          </div>
          <Group gap="sm">
            <Button
              component={Link}
              to="/app/admin/ai-sifu"
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              Analytics
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              Add Entry
            </Button>
          </Group>
        </Group>
        <KnowledgeTransfer />
        <SegmentedControl
          aria-label="Kind"
          data={kindOptions(list.data?.counts)}
          value={kind}
          orientation={filterOrientation}
          fullWidth={filterOrientation === 'vertical'}
          onChange={refilter((value) => setKind(KNOWLEDGE_KINDS.find((k) => k === value) ?? 'all'))}
        />
        <ListSearchInput
          label="Search knowledge"
          placeholder="Words, hanzi or pinyin (tones optional)"
          value={search}
          onChange={setSearch}
          className={classes.search}
        />
        <PagedQueryTable
          query={list}
          rowsOf={(data) => data.entries}
          loadingLabel="Loading knowledge"
          failedMessage={KNOWLEDGE_LOAD_FAILED}
          emptyText={NO_KNOWLEDGE_FOUND}
          label="Knowledge entries"
          columns={columns(setEditing, askToDelete)}
          rowKey={(entry) => entry.id}
          minWidth={860}
          page={page}
          pages={pages}
          onPageChange={setPage}
        />
      </Stack>
      {editing !== null && (
        <Suspense fallback={<Loader aria-label="Loading the entry form" />}>
          <KnowledgeFormModal
            opened
            entry={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog title="Delete Entry" {...dialog}>
        {`Delete "${deleting?.title ?? ''}"? AI Sifu will no longer answer from it.`}
      </ConfirmDeleteDialog>
    </Container>
  );
}
