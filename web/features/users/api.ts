import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import type { SetNewPasswordInput } from '../../../common/auth';
import {
  ConfirmEmailResponse,
  UserResponse,
  type DeactivateInput,
  type EmailNotificationsInput,
  type UpdateUserInput,
} from '../../../common/users';
import { apiRequest } from '../../lib/api-client';
import { userQueries } from './queries';
import { useUploadToFolder } from '../../lib/upload';
import { useSession } from '../../lib/session';

export function useUserProfile(userId: string) {
  return useQuery(userQueries.profile(userId));
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (input: UpdateUserInput) =>
      apiRequest(`/user/${encodeURIComponent(userId)}`, { method: 'PUT', body: input, schema: UserResponse }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueries.profile(userId).queryKey, user);
      if (session.user?.id === user.id) session.setUser(user);
    },
  });
}

/** E-mail notifications on or off: a setting of its own that needs no password (docs/security.md). */
export function useSetEmailNotifications(userId: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(`/user/${encodeURIComponent(userId)}/email-notifications`, {
        method: 'PUT',
        body: { enabled } satisfies EmailNotificationsInput,
        schema: UserResponse,
      }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueries.profile(userId).queryKey, user);
      if (session.user?.id === user.id) session.setUser(user);
    },
  });
}

/** Ends a temporary-password session's obligation: sets the new password, then reloads the user. */
export function useSetNewPassword(userId: string) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: (input: SetNewPasswordInput) =>
      apiRequest('/user/set-new-password', { method: 'PUT', body: input, schema: OkResponse }),
    onSuccess: async () => {
      const user = await refreshUser();
      if (user) queryClient.setQueryData(userQueries.profile(userId).queryKey, user);
    },
  });
}

export function useDeactivateAccount(userId: string) {
  return useMutation({
    mutationFn: (input: DeactivateInput) =>
      apiRequest(`/user/${encodeURIComponent(userId)}/deactivate`, {
        method: 'POST',
        body: input,
        schema: OkResponse,
      }),
  });
}

/** A new link for the pending e-mail change; the earlier one stops working. */
/** A link that confirms the account's own address, sent again. */
export function useSendEmailConfirmation(userId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/user/${encodeURIComponent(userId)}/email-confirmation`, {
        method: 'POST',
        schema: OkResponse,
      }),
  });
}

export function useResendEmailChange(userId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/user/${encodeURIComponent(userId)}/email-change/resend`, {
        method: 'POST',
        schema: OkResponse,
      }),
  });
}

export function useCancelEmailChange(userId: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/user/${encodeURIComponent(userId)}/email-change`, {
        method: 'DELETE',
        schema: UserResponse,
      }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueries.profile(userId).queryKey, user);
      if (session.user?.id === user.id) session.setUser(user);
    },
  });
}

/**
 * The public confirmation page's call: the link itself is the credential, so it goes without a
 * token and a signed-in visitor's session is left alone; the profile reloads when next shown.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  const { user, refreshUser } = useSession();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/user/confirm-email', {
        method: 'POST',
        body: { token },
        auth: false,
        schema: ConfirmEmailResponse,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueries.all });
      if (user) await refreshUser();
    },
  });
}

export const useUploadImage = useUploadToFolder;
