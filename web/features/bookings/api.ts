import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookingResponse, type AdminBookingInput } from '../../../common/bookings';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { bookingQueries, type AdminBookingsParams } from './queries';

/** The Booking Management list shows this many bookings a page. */
export const ADMIN_BOOKINGS_PAGE_SIZE = 20;

export function useAdminBookings(params: AdminBookingsParams, page: number) {
  return useQuery({
    ...bookingQueries.adminList(params, pageOf(page, ADMIN_BOOKINGS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}

/** Any change to a booking moves the lists (and the public calendar): every booking read is refreshed. */
function useBookingMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueries.all }),
  });
}

const path = (id: string, action = '') => `/bookings/${encodeURIComponent(id)}${action}`;

export const useCreateBooking = () =>
  useBookingMutation((input: AdminBookingInput) =>
    apiRequest('/admin/bookings', { method: 'POST', body: input, schema: BookingResponse }),
  );

export const useUpdateBooking = () =>
  useBookingMutation(({ id, input }: { id: string; input: AdminBookingInput }) =>
    apiRequest(path(id), { method: 'PUT', body: input, schema: BookingResponse }),
  );

export const useCancelBooking = () =>
  useBookingMutation((id: string) => apiRequest(path(id, '/cancel'), { method: 'PUT' }));

export const useDeleteBooking = () =>
  useBookingMutation((id: string) =>
    apiRequest(`/admin/bookings/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
