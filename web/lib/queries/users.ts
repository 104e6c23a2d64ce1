import { queryOptions } from '@tanstack/react-query';
import { User } from '../../../common/users';
import { apiRequest } from '../api-client';

export const userQueries = {
  all: ['users'] as const,

  profile: (userId: string) =>
    queryOptions({
      queryKey: ['users', 'profile', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/user/${encodeURIComponent(userId)}/profile`, { schema: User, signal }),
    }),
};
