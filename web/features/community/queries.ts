import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { COMMUNITY_PAGE_SIZE, CommunityResponse, CommunityStudentsResponse } from '../../../common/community';
import { ProfileResponse } from '../../../common/users';
import { apiRequest } from '../../lib/api-client';
import { pageQuery } from '../../lib/queries/paging';

export const communityQueries = {
  all: ['community'] as const,

  /** The member's community: instructors and each course's first page of fellow students. */
  overview: () =>
    queryOptions({
      queryKey: ['community', 'overview'] as const,
      queryFn: ({ signal }) => apiRequest('/community', { schema: CommunityResponse, signal }),
    }),

  /** The pages after the first that GET /community already gave, one "Show more" at a time. */
  moreStudents: (courseId: string) =>
    infiniteQueryOptions({
      queryKey: ['community', 'students', { courseId }] as const,
      initialPageParam: COMMUNITY_PAGE_SIZE,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(
          `/community/courses/${encodeURIComponent(courseId)}/students?${pageQuery({
            limit: COMMUNITY_PAGE_SIZE,
            offset: pageParam,
          })}`,
          { schema: CommunityStudentsResponse, signal },
        ),
      getNextPageParam: (last, _pages, offset) =>
        offset + COMMUNITY_PAGE_SIZE < last.total ? offset + COMMUNITY_PAGE_SIZE : undefined,
    }),

  /** Another person's profile as the caller may see it: in full for admins, else as their privacy allows. */
  profile: (userId: string) =>
    queryOptions({
      queryKey: ['community', 'profile', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/user/${encodeURIComponent(userId)}/profile`, { schema: ProfileResponse, signal }),
    }),
};
