import { useState, type Dispatch, type SetStateAction } from 'react';
import { PrevNextPager } from './prev-next-pager';
import { QueryTable, type QueryTableProps } from './query-table';

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
