import { queryOptions } from '@tanstack/react-query';
import { CourseRequestsResponse, type CourseRequestStatus } from '../../../common/course-requests';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

export const courseRequestQueries = {
  all: ['course-requests'] as const,

  /** One page of the admin list, of one status or (null) all. */
  admin: (status: CourseRequestStatus | null, page: PageParams) =>
    queryOptions({
      queryKey: ['course-requests', 'admin', { status, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (status) query.set('status', status);
        return apiRequest(`/admin/course-requests?${query}`, { schema: CourseRequestsResponse, signal });
      },
    }),
};
