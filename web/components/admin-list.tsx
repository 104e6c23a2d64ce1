import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { PrevNextPager } from './prev-next-pager';
import { QueryTable, type QueryTableProps } from './query-table';
import type { ResponsiveColumn } from './responsive-table';

/**
 * A paged admin list's page and search. A changed filter shows its results from the first page:
 * `setSearch` does so, and `refilter` makes any other filter's setter do so.
 */
export function useListFilters(debounceMs = 300) {
  const [page, setPage] = useState(0);
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search, debounceMs);
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };
  return { page, setPage, search, q, setSearch: refilter(setSearchText), refilter };
}

export interface ListSearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  value: string;
  onChange: (value: string) => void;
}

/** An admin list's search box, with the search icon. */
export function ListSearchInput({ value, onChange, ...input }: ListSearchInputProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...input}
    />
  );
}

/** An admin list's last column: Edit and Delete buttons, named after the row they act on. */
export function editDeleteColumn<Row>(
  nameOf: (row: Row) => string,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): ResponsiveColumn<Row> {
  return {
    header: 'Actions',
    noWrap: true,
    cell: (row) => (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="default" aria-label={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Delete ${nameOf(row)}`}
          onClick={() => onDelete(row)}
        >
          Delete
        </Button>
      </Group>
    ),
  };
}

export interface PagedDeleteOptions {
  /** The delete mutation, taking the row's id. */
  remove: {
    mutate: (
      id: string,
      options: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void },
    ) => void;
    isPending: boolean;
  };
  /** How many rows the page shown holds (undefined while it loads). */
  rowsOnPage: number | undefined;
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  onDeleted: () => void;
  onFailed: (error: Error) => void;
}

/**
 * A paged admin list's delete: the row the confirmation asks about, and the confirmation's props.
 * When the last row of a page past the first goes, the list steps back a page, so it never shows
 * an empty page while earlier ones hold rows.
 */
export function usePagedDelete<Row extends { id: string }>({
  remove,
  rowsOnPage,
  page,
  setPage,
  onDeleted,
  onFailed,
}: PagedDeleteOptions) {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const handleConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        onDeleted();
        if (rowsOnPage === 1 && page > 0) setPage((p) => p - 1);
      },
      onError: onFailed,
      onSettled: () => setDeleting(null),
    });
  };
  return {
    deleting,
    askToDelete: setDeleting,
    dialog: {
      opened: deleting !== null,
      loading: remove.isPending,
      onCancel: () => setDeleting(null),
      onConfirm: handleConfirm,
    },
  };
}

export interface PagedQueryTableProps<D, T> extends QueryTableProps<D, T> {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

/** An admin list's table read by a query, with the pager below it once there is a second page. */
export function PagedQueryTable<D, T>({ page, pages, onPageChange, ...table }: PagedQueryTableProps<D, T>) {
  return (
    <>
      <QueryTable {...table} />
      {pages > 1 && <PrevNextPager page={page} pages={pages} onChange={onPageChange} />}
    </>
  );
}
