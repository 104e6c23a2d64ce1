import { queryOptions } from '@tanstack/react-query';
import { User, UserListResponse, type UserRole } from '../../../common/users';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

/** What the administrators' user list asks for: a search text, a role, a page. */
export interface UserListParams extends PageParams {
  q: string;
  role: UserRole | null;
}

export const userQueries = {
  all: ['users'] as const,

  profile: (userId: string) =>
    queryOptions({
      queryKey: ['users', 'profile', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/user/${encodeURIComponent(userId)}/profile`, { schema: User, signal }),
    }),

  /** One page of the administrators' user list, searched on the server. */
  list: ({ q, role, ...page }: UserListParams) =>
    queryOptions({
      queryKey: ['users', 'list', { q, role, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (q.trim()) query.set('q', q.trim());
        if (role) query.set('role', role);
        return apiRequest(`/verify/users?${query}`, { method: 'POST', schema: UserListResponse, signal });
      },
    }),
};
