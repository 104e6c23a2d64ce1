import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckInResponse,
  ClassEnrollmentResponse,
  ClassResponse,
  type ClassInput,
  type ClassStatusInput,
  type DropInInput,
  type ManualEnrollInput,
  type MarkAttendanceInput,
  type MeetingQuery,
} from '../../../common/classes';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { classQueries, type ClassStatusFilter } from './queries';
import { userQueries } from '../users';

/** The Class Management list shows this many classes a page. */
export const ADMIN_CLASSES_PAGE_SIZE = 20;
/** The attendance history shows this many meetings a page. */
export const ATTENDANCE_HISTORY_PAGE_SIZE = 10;
/** The Add Student search offers this many matching members at a time; typing more narrows it. */
export const MEMBER_SEARCH_LIMIT = 20;
/** The member's dashboard shows this many recent check-ins. */
export const MY_ATTENDANCE_RECENT = 5;

const adminPath = (id: string, action = '') => `/admin/classes/${encodeURIComponent(id)}${action}`;

export const useAdminClasses = (status: ClassStatusFilter, page: number) =>
  useQuery({
    ...classQueries.adminList(status, pageOf(page, ADMIN_CLASSES_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export const useClassStats = () => useQuery(classQueries.stats());
export const useUpcomingMeetings = (limit: number) => useQuery(classQueries.upcoming(limit));
export const useClassEnrollments = (classId: string) => useQuery(classQueries.enrollments(classId));
/** The students whose name, username or e-mail holds `q`, searched on the server. */
export const useMembers = (q: string) =>
  useQuery({
    ...userQueries.list({ q, role: 'student', limit: MEMBER_SEARCH_LIMIT, offset: 0 }),
    placeholderData: keepPreviousData,
  });
export const useRoster = (classId: string, meeting: MeetingQuery | null) =>
  useQuery({
    ...classQueries.roster(classId, meeting ?? { date: '' }),
    enabled: meeting !== null,
  });
export const useAttendanceHistory = (classId: string, page: number) =>
  useQuery({
    ...classQueries.attendanceHistory(classId, pageOf(page, ATTENDANCE_HISTORY_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
export const useMyClasses = (userId: string) => useQuery(classQueries.mine(userId));
export const useMyAttendance = (userId: string) =>
  useQuery(classQueries.myAttendance(userId, { limit: MY_ATTENDANCE_RECENT, offset: 0 }));

/** A change to a class moves its lists, counts, enrolments and meetings: every class read is refreshed. */
function useClassMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classQueries.all }),
  });
}

export const useCreateClass = () =>
  useClassMutation((input: ClassInput) =>
    apiRequest('/admin/classes', { method: 'POST', body: input, schema: ClassResponse }),
  );

export const useUpdateClass = () =>
  useClassMutation(({ id, input }: { id: string; input: ClassInput }) =>
    apiRequest(adminPath(id), { method: 'PUT', body: input, schema: ClassResponse }),
  );

export const useSetClassStatus = () =>
  useClassMutation(({ id, status }: { id: string } & ClassStatusInput) =>
    apiRequest(adminPath(id, '/status'), { method: 'PUT', body: { status } }),
  );

export const useDeleteClass = () =>
  useClassMutation((id: string) => apiRequest(adminPath(id), { method: 'DELETE' }));

export const useEnrollMember = () =>
  useClassMutation(({ classId, userId }: { classId: string; userId: string }) =>
    apiRequest(adminPath(classId, '/enroll'), {
      method: 'POST',
      body: { userId },
      schema: ClassEnrollmentResponse,
    }),
  );

export const useEnrollManual = () =>
  useClassMutation(({ classId, input }: { classId: string; input: ManualEnrollInput }) =>
    apiRequest(adminPath(classId, '/enroll/manual'), {
      method: 'POST',
      body: input,
      schema: ClassEnrollmentResponse,
    }),
  );

/** Removes one enrolled person; `key` is the member's user id, or the enrolment's id for a manual add. */
export const useRemoveStudent = () =>
  useClassMutation(({ classId, key }: { classId: string; key: string }) =>
    apiRequest(adminPath(classId, `/enroll/${encodeURIComponent(key)}`), { method: 'DELETE' }),
  );

/** Ticks one person; the roster's answer replaces the cached one at once. */
export function useMarkAttendance(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkAttendanceInput) =>
      apiRequest(adminPath(classId, '/attendance'), { method: 'PUT', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classQueries.admin }),
  });
}

export function useAddDropIn(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DropInInput) =>
      apiRequest(adminPath(classId, '/attendance/drop-in'), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classQueries.admin }),
  });
}

export const useCheckIn = () =>
  useClassMutation(({ classId, code }: { classId: string; code: string }) =>
    apiRequest(`/classes/${encodeURIComponent(classId)}/check-in`, {
      method: 'POST',
      body: { code },
      schema: CheckInResponse,
    }),
  );
