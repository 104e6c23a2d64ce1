import type { ReactNode } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

export const LOAD_FAILED_MESSAGE = 'Failed to load data. Please try again later.';

export interface PanelBodyProps<T> {
  query: UseQueryResult<T>;
  /** The spinner's accessible name, e.g. 'Loading reviews'. */
  loadingLabel: string;
  isEmpty: (data: T) => boolean;
  /** Shown instead of the content when `isEmpty` says so, e.g. 'No reviews found'. */
  emptyText: string;
  children: (data: T) => ReactNode;
}

/** A dashboard panel's list: a spinner while it loads, the load failure, its empty text, else the rows. */
export function PanelBody<T>({ query, loadingLabel, isEmpty, emptyText, children }: PanelBodyProps<T>) {
  if (query.isPending) return <Loader size="sm" aria-label={loadingLabel} />;
  if (query.isError) return <Alert color="red">{LOAD_FAILED_MESSAGE}</Alert>;
  if (isEmpty(query.data)) return <Text c="dimmed">{emptyText}</Text>;
  return children(query.data);
}
