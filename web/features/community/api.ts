import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import { CreateConversationResponse, type CreateConversationInput } from '../../../common/messages';
import {
  StudentEmailsResponse,
  UserResponse,
  type CreateUserInput,
  type DeletionRequestInput,
  type UpdateUserInput,
} from '../../../common/users';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { communityQueries } from './queries';
import { userQueries } from '../users';

/** The Community Management list shows this many users a page. */
export const ADMIN_USERS_PAGE_SIZE = 20;

export const useCommunity = () => useQuery(communityQueries.overview());

/** The fellow students after a course's first page, fetched from the first "Show more" on. */
export const useMoreStudents = (courseId: string, enabled: boolean) =>
  useInfiniteQuery({ ...communityQueries.moreStudents(courseId), enabled });

export const usePersonProfile = (userId: string | null) =>
  useQuery({ ...communityQueries.profile(userId ?? ''), enabled: userId !== null });

/** Opens (or finds) the conversation with another member, from their profile. */
export const useStartConversation = () =>
  useMutation({
    mutationFn: (input: CreateConversationInput) =>
      apiRequest('/conversations', { method: 'POST', body: input, schema: CreateConversationResponse }),
  });

/** Every student, searched and paged on the server, deletion requests first. */
export const useAdminUsers = (q: string, page: number) =>
  useQuery({
    ...userQueries.list({ q, role: 'student', ...pageOf(page, ADMIN_USERS_PAGE_SIZE) }),
    placeholderData: keepPreviousData,
  });

/**
 * A change to an account moves the lists, its profile and the community: every such read is
 * refreshed, and with `refreshOnError` after a refusal too, which can mean the list was out of date.
 */
function useAccountMutation<Variables, Result>(
  request: (variables: Variables) => Promise<Result>,
  { refreshOnError = false } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userQueries.all }),
      queryClient.invalidateQueries({ queryKey: communityQueries.all }),
    ]);
  return useMutation({
    mutationFn: request,
    onSuccess: refresh,
    ...(refreshOnError && { onError: refresh }),
  });
}

const userPath = (id: string, action = '') => `/user/${encodeURIComponent(id)}${action}`;
const adminUserPath = (id: string, action: string) => `/admin/user/${encodeURIComponent(id)}${action}`;

export const useCreateUser = () =>
  useAccountMutation((input: CreateUserInput) =>
    apiRequest('/admin/users', { method: 'POST', body: input, schema: UserResponse }),
  );

export const useSaveUser = () =>
  useAccountMutation(({ id, input }: { id: string; input: UpdateUserInput }) =>
    apiRequest(userPath(id), { method: 'PUT', body: input, schema: UserResponse }),
  );

/** The edit form's active switch: the existing deactivate and reactivate calls. */
export const useSetActive = () =>
  useAccountMutation(async ({ id, active }: { id: string; active: boolean }): Promise<void> => {
    if (active) await apiRequest(adminUserPath(id, '/reactivate'), { method: 'POST', schema: UserResponse });
    else
      await apiRequest(userPath(id, '/deactivate'), {
        method: 'POST',
        body: { isDeletionRequest: false },
        schema: OkResponse,
      });
  });

export const useDeletionRequest = () =>
  useAccountMutation(({ id, requested }: { id: string } & DeletionRequestInput) =>
    apiRequest(adminUserPath(id, '/deletion-request'), {
      method: 'PUT',
      body: { requested },
      schema: UserResponse,
    }),
  );

/**
 * The second step of a deletion. The server refuses it (409) once the deletion request is
 * withdrawn, e.g. by another administrator: the list is read again to show that.
 */
export const useDeleteUser = () =>
  useAccountMutation((id: string) => apiRequest(userPath(id), { method: 'DELETE', schema: OkResponse }), {
    refreshOnError: true,
  });

/** Every student's address, read when the administrator asks to copy them (not cached). */
export const fetchStudentEmails = async () =>
  (await apiRequest('/admin/users/emails', { schema: StudentEmailsResponse })).emails;
