import { queryOptions } from '@tanstack/react-query';
import { TermsStatusResponse } from '../../../common/terms';
import { apiRequest } from '../../lib/api-client';

export const termsQueries = {
  all: ['terms'] as const,

  /**
   * The terms-status check. A failed check counts as "no acceptance required" (logged), so an
   * outage never locks members out of the app; the data is then null.
   */
  status: (userId: string) =>
    queryOptions({
      queryKey: ['terms', 'status', { userId }] as const,
      queryFn: async ({ signal }): Promise<TermsStatusResponse | null> => {
        try {
          return await apiRequest(`/user/${encodeURIComponent(userId)}/terms-status`, {
            schema: TermsStatusResponse,
            signal,
          });
        } catch (error) {
          console.warn('Terms-status check failed; treating as no acceptance required', error);
          return null;
        }
      },
      staleTime: 5 * 60_000,
    }),
};
