import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SupportRequestResponse, type SupportRequestInput } from '../../../common/support';
import { apiRequest } from '../../lib/api-client';
import { messageQueries } from '../messages';

/** Sends a support request; it lands in the member's support conversation, so their lists move. */
export function useSendSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportRequestInput) =>
      apiRequest('/support', { method: 'POST', body: input, schema: SupportRequestResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all }),
  });
}
