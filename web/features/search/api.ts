import { useEffect } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX } from '../../../common/search';
import { isCancelled } from '../../lib/api-client';
import { searchQueries } from './queries';

/**
 * The results for what is typed, asked for once typing pauses for SEARCH_DEBOUNCE_MS; a blank box
 * asks nothing. A failure is only logged: the box says it is unavailable
 * and nothing more, and is not retried, since the next keystroke asks again anyway.
 */
export function useSearch(typed: string) {
  const [q] = useDebouncedValue(typed.trim().slice(0, SEARCH_QUERY_MAX), SEARCH_DEBOUNCE_MS);
  const query = useQuery({ ...searchQueries.results(q), enabled: q !== '', retry: false });
  const { error } = query;
  useEffect(() => {
    if (error && !isCancelled(error)) console.error('Search failed', error);
  }, [error]);
  return { q, query };
}
