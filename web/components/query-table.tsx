import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from './load-failed';
import { ResponsiveTable, type ResponsiveTableProps } from './responsive-table';

export interface QueryTableProps<D, T> extends Omit<ResponsiveTableProps<T>, 'rows'> {
  /** The list's query, and where its answer keeps the rows. */
  query: UseQueryResult<D>;
  rowsOf: (data: D) => T[];
  /** Names the spinner while the list loads. */
  loadingLabel: string;
  /** The screen's message when the list could not load (with Retry). */
  failedMessage: string;
  /** What shows when the list has no rows. */
  emptyText: string;
}

/** An admin list read by a query: a spinner, its load error with Retry, its empty text, or its table. */
export function QueryTable<D, T>({
  query,
  rowsOf,
  loadingLabel,
  failedMessage,
  emptyText,
  ...table
}: QueryTableProps<D, T>) {
  if (query.isPending) return <Loader aria-label={loadingLabel} />;
  if (query.isError) return <LoadFailed message={failedMessage} onRetry={() => void query.refetch()} />;
  const rows = rowsOf(query.data);
  if (rows.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return <ResponsiveTable rows={rows} {...table} />;
}
