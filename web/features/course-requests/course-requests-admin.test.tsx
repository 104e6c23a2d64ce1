import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseRequest } from '../../../common/course-requests';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { CourseRequestsAdmin } from './course-requests-admin';
import { RequestCourseButton } from './request-course-dialog';

const admin = makeUser({ is_admin: true, role: 'admin' });
const REQUEST_ID = '7ec04fa7-6283-4fd0-8152-0d1e2f3a4b56';
const request: CourseRequest = {
  id: REQUEST_ID,
  user_id: '5caf2d85-4061-4dbe-8f30-8b9c0d1e2f34',
  user_name: 'Mei Chen',
  subject: 'Chen-style Laojia',
  experience: 'Two workshops',
  reason: 'Nobody teaches it nearby',
  status: 'pending',
  admin_notes: null,
  created_at: '2026-01-02T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('CourseRequestsAdmin', () => {
  it('changes a status with admin notes', async () => {
    const { calls } = stubFetch({
      [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/course-requests': () => ({ body: { requests: [request], total: 1 } }),
      [`PUT /api/admin/course-requests/${REQUEST_ID}/status`]: () => ({
        body: { request: { ...request, status: 'planned', admin_notes: 'Next spring' } },
      }),
    });
    signInAs(admin);
    const { user } = renderRoutes([{ path: '/', element: <CourseRequestsAdmin /> }], '/');
    const card = await screen.findByRole('article', { name: 'Chen-style Laojia' });
    await user.click(within(card).getByRole('button', { name: 'Change Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Course Request' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Admin notes' }), 'Next spring');
    await user.click(within(dialog).getByRole('button', { name: 'Save Status' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        status: 'pending',
        admin_notes: 'Next spring',
      }),
    );
  });
});

describe('CourseRequestsAdmin pages', () => {
  const many = Array.from({ length: 13 }, (_, i) => ({
    ...request,
    id: `7ec04fa7-6283-4fd0-8152-${String(i).padStart(12, '0')}`,
    subject: `Subject ${i + 1}`,
  }));

  function serveMany({ failing = false } = {}) {
    signInAs(admin);
    return stubFetch({
      [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/course-requests': ({ query }) => {
        if (failing) return serverFailure;
        const rows = query.get('status') === 'planned' ? [] : many;
        const offset = Number(query.get('offset'));
        return {
          body: { requests: rows.slice(offset, offset + Number(query.get('limit'))), total: rows.length },
        };
      },
    });
  }

  it('shows ten requests a page with Prev and Next, and starts again at page 1 for another status', async () => {
    const { calls } = serveMany();
    const { user } = renderRoutes([{ path: '/', element: <CourseRequestsAdmin /> }], '/');
    expect(await screen.findByRole('article', { name: 'Subject 10' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Subject 11' })).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Subject 13' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();

    await user.click(screen.getByLabelText('Filter course requests by status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Planned' }));
    expect(await screen.findByText('No course requests found')).toBeTruthy();
    const asked = calls
      .filter((c) => c.path === '/api/admin/course-requests')
      .map((c) => [c.query.get('status'), c.query.get('offset')]);
    expect(asked).toEqual([
      [null, '0'],
      [null, '10'],
      ['planned', '0'],
    ]);
  });

  it('steps back a page when the last request of the last page leaves the filtered list', async () => {
    signInAs(admin);
    let pending = many.slice(0, 11);
    const { calls } = stubFetch({
      [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/course-requests': ({ query }) => {
        const offset = Number(query.get('offset'));
        const rows = pending.slice(offset, offset + Number(query.get('limit')));
        return { body: { requests: rows, total: pending.length } };
      },
      [`PUT /api/admin/course-requests/${many[10]!.id}/status`]: () => {
        pending = many.slice(0, 10);
        return { body: { request: { ...many[10]!, status: 'planned' } } };
      },
    });
    const { user } = renderRoutes([{ path: '/', element: <CourseRequestsAdmin /> }], '/');
    await user.click(screen.getByLabelText('Filter course requests by status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const last = await screen.findByRole('article', { name: 'Subject 11' });
    await user.click(within(last).getByRole('button', { name: 'Change Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Course Request' });
    await user.click(within(dialog).getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Planned' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Status' }));
    expect(await screen.findByRole('article', { name: 'Subject 1' })).toBeTruthy();
    expect(screen.queryByText(/^Page \d of/)).toBeNull();
    expect(
      calls
        .filter((c) => c.path === '/api/admin/course-requests')
        .at(-1)
        ?.query.get('offset'),
    ).toBe('0');
  });

  it('shows the load failure', async () => {
    serveMany({ failing: true });
    renderRoutes([{ path: '/', element: <CourseRequestsAdmin /> }], '/');
    expect(await screen.findByText('Failed to load data. Please try again later.')).toBeTruthy();
  });
});

describe('RequestCourseButton', () => {
  it('requires subject, experience and reason, then sends them', async () => {
    const student = makeUser();
    const { calls } = stubFetch({
      [`POST /api/verify/user/${student.id}`]: () => ({ body: { valid: true, user: student } }),
      'POST /api/course-requests': () => ({ status: 201, body: { request } }),
    });
    signInAs(student);
    const { user } = renderRoutes([{ path: '/', element: <RequestCourseButton /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Request a Course' }));
    const form = await screen.findByRole('form', { name: 'Request a course' });
    await user.click(within(form).getByRole('button', { name: 'Send Request' }));
    expect(await within(form).findByText('Subject is required')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /^Subject/ }), 'Laojia');
    await user.type(within(form).getByRole('textbox', { name: /^Your experience/ }), 'Some');
    await user.type(within(form).getByRole('textbox', { name: /^Why this course/ }), 'Fun');
    await user.click(within(form).getByRole('button', { name: 'Send Request' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/course-requests')?.body).toEqual({
        subject: 'Laojia',
        experience: 'Some',
        reason: 'Fun',
      }),
    );
  });
});
