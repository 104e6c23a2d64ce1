import { queryOptions } from '@tanstack/react-query';
import { EnrollmentListResponse } from '../../../common/enrollments';
import { apiRequest } from '../api-client';
import { pageQuery, type PageParams } from './paging';

export const enrollmentQueries = {
  all: ['enrollments'] as const,

  /** Every student's enrolments, most recent first (admin). */
  recent: (page: PageParams) =>
    queryOptions({
      queryKey: ['enrollments', 'recent', page] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/enrollments?${pageQuery(page)}`, { schema: EnrollmentListResponse, signal }),
    }),
};
