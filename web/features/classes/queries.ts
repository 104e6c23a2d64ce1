import { queryOptions } from '@tanstack/react-query';
import type { MeetingQuery } from '../../../common/classes';
import { apiRequest } from '../../lib/api-client';

/**
 * The classes' answer schemas load with the first class read, not with every chunk that imports
 * these reads (the query registry among them): only the administrators' panels and a member's
 * dashboard card read them.
 */
const schemas = () => import('../../../common/classes');
import { pageQuery, type PageParams } from '../../lib/queries/paging';

export type ClassStatusFilter = 'all' | 'published' | 'draft';

const classPath = (id: string, action = '') => `/admin/classes/${encodeURIComponent(id)}${action}`;

export const classQueries = {
  all: ['classes'] as const,
  /** Everything the administrators' screens read about classes. */
  admin: ['classes', 'admin'] as const,
  /** A member's own classes and attendance. */
  member: ['classes', 'member'] as const,

  /** One page of the Class Management list, of one status or all. */
  adminList: (status: ClassStatusFilter, page: PageParams) =>
    queryOptions({
      queryKey: ['classes', 'admin', 'list', { status, ...page }] as const,
      queryFn: async ({ signal }) => {
        const query = pageQuery(page);
        query.set('status', status);
        return apiRequest(`/admin/classes?${query}`, {
          schema: (await schemas()).AdminClassesResponse,
          signal,
        });
      },
    }),

  /** One class, drafts included (administrators read unpublished classes too). */
  detail: (classId: string) =>
    queryOptions({
      queryKey: ['classes', 'admin', 'detail', { classId }] as const,
      queryFn: async ({ signal }) =>
        apiRequest(`/classes/${encodeURIComponent(classId)}`, {
          schema: (await schemas()).ClassResponse,
          signal,
        }),
    }),

  stats: () =>
    queryOptions({
      queryKey: ['classes', 'admin', 'stats'] as const,
      queryFn: async ({ signal }) =>
        apiRequest('/admin/classes/stats', { schema: (await schemas()).ClassStats, signal }),
    }),

  /** The next meetings of the published classes, soonest first. */
  upcoming: (limit: number) =>
    queryOptions({
      queryKey: ['classes', 'admin', 'upcoming', { limit }] as const,
      queryFn: async ({ signal }) =>
        apiRequest(`/admin/classes/upcoming?limit=${limit}`, {
          schema: (await schemas()).UpcomingResponse,
          signal,
        }),
    }),

  /** Who is enrolled (and dropped), the interest list and the waitlist of one class. */
  enrollments: (classId: string) =>
    queryOptions({
      queryKey: ['classes', 'admin', 'enrollments', { classId }] as const,
      queryFn: async ({ signal }) =>
        apiRequest(classPath(classId, '/enrollments'), {
          schema: (await schemas()).ClassEnrollmentsResponse,
          signal,
        }),
    }),

  /** One meeting's roster with the hall's check-in code. */
  roster: (classId: string, meeting: MeetingQuery) =>
    queryOptions({
      queryKey: ['classes', 'admin', 'roster', { classId, ...meeting }] as const,
      queryFn: async ({ signal }) => {
        const query = new URLSearchParams({ date: meeting.date });
        if (meeting.start_time) query.set('start_time', meeting.start_time);
        return (
          await apiRequest(`${classPath(classId, '/attendance')}?${query}`, {
            schema: (await schemas()).RosterResponse,
            signal,
          })
        ).roster;
      },
    }),

  /** A class's attendance per meeting, newest first, a page at a time. */
  attendanceHistory: (classId: string, page: PageParams) =>
    queryOptions({
      queryKey: ['classes', 'admin', 'attendance-history', { classId, ...page }] as const,
      queryFn: async ({ signal }) =>
        apiRequest(`${classPath(classId, '/attendance/history')}?${pageQuery(page)}`, {
          schema: (await schemas()).ClassAttendanceHistory,
          signal,
        }),
    }),

  /** The signed-in member's classes: enrolled, waitlisted or offered a seat. */
  mine: (userId: string) =>
    queryOptions({
      queryKey: ['classes', 'member', 'classes', { userId }] as const,
      queryFn: async ({ signal }) =>
        apiRequest(`/users/${encodeURIComponent(userId)}/classes`, {
          schema: (await schemas()).MemberClassesResponse,
          signal,
        }),
    }),

  /** The member's attendance: this month, the streak and recent history. */
  myAttendance: (userId: string, page: PageParams) =>
    queryOptions({
      queryKey: ['classes', 'member', 'attendance', { userId, ...page }] as const,
      queryFn: async ({ signal }) =>
        apiRequest(`/users/${encodeURIComponent(userId)}/attendance?${pageQuery(page)}`, {
          schema: (await schemas()).MemberAttendance,
          signal,
        }),
    }),
};
