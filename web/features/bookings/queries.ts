import { queryOptions } from '@tanstack/react-query';
import type { BookingStatus } from '../../../common/bookings';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

/** The bookings' answer schemas load with the first booking read, not with the app shell. */
const schemas = () => import('../../../common/bookings');

export interface AdminBookingsParams {
  status: BookingStatus | null;
  /** School dates, inclusive. */
  from: string;
  to: string;
}

export const bookingQueries = {
  all: ['bookings'] as const,
  admin: ['bookings', 'admin'] as const,

  /** One page of the Booking Management list: a status (or all) between two school dates. */
  adminList: (params: AdminBookingsParams, page: PageParams) =>
    queryOptions({
      queryKey: ['bookings', 'admin', 'list', { ...params, ...page }] as const,
      queryFn: async ({ signal }) => {
        const query = pageQuery(page);
        if (params.status) query.set('status', params.status);
        query.set('from', params.from);
        query.set('to', params.to);
        return apiRequest(`/admin/bookings?${query}`, {
          schema: (await schemas()).AdminBookingsResponse,
          signal,
        });
      },
    }),
};
