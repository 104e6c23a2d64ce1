import { Anchor, Badge, Button, Card, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QUOTE_CATEGORY_LABELS, type Quote, type QuoteCategory } from '../../../common/quotes';
import { usePagedDelete } from '../../components/admin-list';
import { ConfirmDeleteDialog, FailureDialog } from '../../components/dialogs';
import { PanelBody } from '../../components/panel-body';
import { pageCount, PrevNextPager } from '../../components/prev-next-pager';
import { notifySuccess } from '../../lib/notify';
import { QUOTES_PAGE_SIZE, useAdminQuotes, useDeleteQuote } from './api';
import { CATEGORY_OPTIONS, QuoteFormModal } from './quote-form-modal';
import classes from './quotes-admin-page.module.css';

export const NO_QUOTES = 'No quotes found';
export const QUOTE_DELETED = 'Quote deleted';
export const DELETE_QUOTE_FAILED = 'Failed to delete quote. Please try again.';

const FILTER_OPTIONS = [{ value: 'all', label: 'All categories' }, ...CATEGORY_OPTIONS];

type Editing = { quote: Quote | null } | null;

function QuoteItem({ quote, onEdit, onDelete }: { quote: Quote; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Quote by ${quote.author}`}>
      <Stack gap={4}>
        {quote.chinese && (
          <Text lang="zh" size="lg">
            {quote.chinese}
          </Text>
        )}
        <Text size="sm">“{quote.text}”</Text>
        <Text size="xs" c="dimmed">
          — {quote.author}
          {quote.source && `, ${quote.source}`}
        </Text>
        <Group justify="space-between" gap="xs" mt={4}>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          </Group>
          <Badge variant="light" color="gray" size="sm">
            {QUOTE_CATEGORY_LABELS[quote.category]}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}

/** /app/admin/quotes: the quotes the home page draws from, by category, to add, edit and delete. */
export function QuotesAdminPage() {
  const [category, setCategory] = useState<QuoteCategory | null>(null);
  const [page, setPage] = useState(0);
  const quotes = useAdminQuotes(category, page);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const { deleting, askToDelete, dialog } = usePagedDelete<Quote>({
    remove: useDeleteQuote(),
    rowsOnPage: quotes.data?.quotes.length,
    page,
    setPage,
    onDeleted: () => notifySuccess(QUOTE_DELETED),
    onFailed: () => setDeleteFailed(true),
  });

  const handleCategory = (value: string | null) => {
    setCategory(!value || value === 'all' ? null : (value as QuoteCategory));
    setPage(0);
  };

  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/app/admin" size="sm" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden />
          Back to Admin Dashboard
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Quotes</Title>
            <Text c="dimmed">The sayings members see on their home page, one drawn at random.</Text>
          </div>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ quote: null })}
          >
            Add Quote
          </Button>
        </Group>
        <Select
          label="Category"
          data={FILTER_OPTIONS}
          value={category ?? 'all'}
          onChange={handleCategory}
          allowDeselect={false}
          maw={280}
        />
        <PanelBody
          query={quotes}
          loadingLabel="Loading quotes"
          isEmpty={(data) => data.quotes.length === 0}
          emptyText={NO_QUOTES}
        >
          {(data) => (
            <Stack gap="sm">
              {data.quotes.map((quote) => (
                <QuoteItem
                  key={quote.id}
                  quote={quote}
                  onEdit={() => setEditing({ quote })}
                  onDelete={() => askToDelete(quote)}
                />
              ))}
            </Stack>
          )}
        </PanelBody>
        <PrevNextPager
          page={page}
          pages={pageCount(quotes.data?.total ?? 0, QUOTES_PAGE_SIZE)}
          onChange={setPage}
        />
      </Stack>

      <QuoteFormModal
        opened={editing !== null}
        quote={editing?.quote ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog title="Delete Quote" {...dialog}>
        {`Delete the quote by ${deleting?.author ?? ''}?`}
      </ConfirmDeleteDialog>
      <FailureDialog
        title={deleteFailed ? 'Delete Failed' : null}
        message={DELETE_QUOTE_FAILED}
        onClose={() => setDeleteFailed(false)}
      />
    </Container>
  );
}
