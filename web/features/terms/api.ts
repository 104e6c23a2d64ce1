import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TermsStatusResponse } from '../../../common/terms';
import { apiRequest } from '../../lib/api-client';

export const termsKeys = {
  status: (userId: string) => ['terms', 'status', userId] as const,
};

/**
 * The terms-status check. A failed check counts as "no acceptance required" (logged), so an
 * outage never locks members out of the app; the data is then null.
 */
export function useTermsStatus(userId: string | undefined) {
  return useQuery({
    queryKey: termsKeys.status(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async (): Promise<TermsStatusResponse | null> => {
      try {
        return await apiRequest(`/user/${encodeURIComponent(userId ?? '')}/terms-status`, {
          schema: TermsStatusResponse,
        });
      } catch (error) {
        console.warn('Terms-status check failed; treating as no acceptance required', error);
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useAcceptTerms(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) =>
      apiRequest(`/user/${encodeURIComponent(userId)}/accept-terms`, {
        method: 'POST',
        body: { version },
        schema: TermsStatusResponse,
      }),
    onSuccess: (status) => {
      // The answer is the new status: the flag clears locally without another round trip.
      queryClient.setQueryData(termsKeys.status(userId), status);
    },
  });
}
