import { useMutation } from '@tanstack/react-query';
import { ContactResponse, type ContactInput } from '../../../common/contact';
import { apiRequest } from '../../lib/api-client';

/** Sends a message to the school; a signed-in sender's token goes along so the e-mail names them. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      apiRequest('/contact', { method: 'POST', body: input, schema: ContactResponse }),
  });
}
