import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TermsStatusResponse } from '../../../common/terms';
import { apiRequest } from '../../lib/api-client';
import { termsQueries } from './queries';

export function useTermsStatus(userId: string | undefined) {
  return useQuery({ ...termsQueries.status(userId ?? ''), enabled: Boolean(userId) });
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
      queryClient.setQueryData(termsQueries.status(userId).queryKey, status);
    },
  });
}
