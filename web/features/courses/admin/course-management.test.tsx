import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LESSON_PROGRESS_MAX_LIMIT } from '../../../../common/progress';
import { COURSE_NOT_FOUND } from '../../../../common/courses';
import {
  databaseTimeout,
  makeUser,
  renderRoutes,
  serverFailure,
  signInAs,
  stubFetch,
  type,
} from '../../../test/render';
import { CourseManagement } from './course-management';
import { COURSE_ID, makeCourse, makeCourseDetail, STUDENT_ID } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Admin' });
const routes = [{ path: '/app/admin', element: <CourseManagement /> }];
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/courses': () => ({ body: { courses: [makeCourse()], total: 1 } }),
    'GET /api/enrollments': () => ({ body: { enrollments: [], total: 0 } }),
    ...extra,
  });
}

async function renderManagement() {
  signInAs(admin);
  const { user } = renderRoutes(routes, '/app/admin');
  return { user, card: await screen.findByRole('article', { name: 'Santi Shi Basics' }) };
}

describe('CourseManagement', () => {
  it('flags an archived course, and says before a delete that a course students paid for is archived', async () => {
    server({
      'GET /api/courses': () => ({ body: { courses: [makeCourse({ is_archived: true })], total: 1 } }),
    });
    const { user, card } = await renderManagement();
    expect(within(card).getByText('Archived')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    expect(within(dialog).getByText(/If students paid for it, it is archived instead/)).toBeTruthy();
  });

  it('shows the course card with its badge, stats and Enter link', async () => {
    server();
    const { card } = await renderManagement();
    expect(within(card).getByText('Published')).toBeTruthy();
    expect(within(card).getByText('Enrolled Students')).toBeTruthy();
    expect(within(card).getByText('4.5')).toBeTruthy();
    expect(within(card).getByText('1 h 35 min')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Enter: Santi Shi Basics' }).getAttribute('href')).toBe(
      `/app/course/${COURSE_ID}`,
    );
    expect(
      within(card).getByRole('link', { name: 'Manage Content of Santi Shi Basics' }).getAttribute('href'),
    ).toBe(`/app/admin/courses/${COURSE_ID}/content`);
  });

  it('shows Under Construction for an unpublished course', async () => {
    server({
      'GET /api/courses': () => ({ body: { courses: [makeCourse({ is_published: false })], total: 1 } }),
    });
    const { card } = await renderManagement();
    expect(within(card).getByText('Unpublished')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Under Construction: Santi Shi Basics' })).toBeTruthy();
  });

  it('shows the load failure banner and retries', async () => {
    // The first try and both of the query client's own retries fail; the person's Retry succeeds.
    let calls = 0;
    server({
      'GET /api/courses': () => {
        calls += 1;
        return calls <= 3 ? serverFailure : { body: { courses: [makeCourse()], total: 1 } };
      },
    });
    signInAs(admin);
    const { user } = renderRoutes(routes, '/app/admin');
    expect(await screen.findByText('Failed to load data. Please try again later.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Santi Shi Basics' })).toBeTruthy();
  });

  it('rides out a single server error without troubling the admin', async () => {
    let calls = 0;
    server({
      'GET /api/courses': () => {
        calls += 1;
        return calls === 1 ? databaseTimeout : { body: { courses: [makeCourse()], total: 1 } };
      },
    });
    signInAs(admin);
    renderRoutes(routes, '/app/admin');
    expect(await screen.findByRole('article', { name: 'Santi Shi Basics' })).toBeTruthy();
    expect(screen.queryByText('Failed to load data. Please try again later.')).toBeNull();
    expect(calls).toBe(2);
  });

  it('unpublishes a course after a confirmation that says what students will see', async () => {
    const { calls } = server({
      [`PUT /api/courses/${COURSE_ID}/publish`]: () => ({
        body: { course: { ...makeCourseDetail(), is_published: false } },
      }),
    });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Unpublish Santi Shi Basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Course' });
    expect(within(dialog).getByText(/Students will see it as Under Construction/)).toBeTruthy();
    expect(within(dialog).getByText('Its 2 enrolled students lose access until then.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Course unpublished successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_published: false });
  });

  it('publishes an unpublished course only once the admin confirms', async () => {
    const draft = makeCourse({ is_published: false, lesson_count: 0, total_duration_minutes: 0 });
    const { calls } = server({
      'GET /api/courses': () => ({ body: { courses: [draft], total: 1 } }),
      [`PUT /api/courses/${COURSE_ID}/publish`]: () => ({ body: { course: makeCourseDetail() } }),
    });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Publish Santi Shi Basics' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publish Course' });
    expect(within(dialog).getByText(/appears in the students' course catalogue at once/)).toBeTruthy();
    expect(within(dialog).getByText('It has no lessons yet.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish Course' })).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Publish Santi Shi Basics' }));
    dialog = await screen.findByRole('dialog', { name: 'Publish Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Course published successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_published: true });
  });

  it("says 'Failed to update course status' when publishing fails", async () => {
    server({
      [`PUT /api/courses/${COURSE_ID}/publish`]: () => serverFailure,
    });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Unpublish Santi Shi Basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Failed to update course status')).toBeTruthy();
  });

  it("shows a new course's duration as 'No lessons yet' rather than zero", async () => {
    server({
      'GET /api/courses': () => ({
        body: {
          courses: [makeCourse({ lesson_count: 0, total_duration_minutes: 0, estimated_hours: 0 })],
          total: 1,
        },
      }),
    });
    const { card } = await renderManagement();
    expect(within(card).getByText('No lessons yet')).toBeTruthy();
    expect(within(card).queryByText(/0h|0 min/)).toBeNull();
  });

  it('confirms a delete (cannot be undone) and shows Delete Failed when it fails', async () => {
    server({
      [`DELETE /api/courses/${COURSE_ID}`]: () => ({
        // Another admin deleted it a moment ago.
        status: 404,
        body: { error: COURSE_NOT_FOUND, code: 'COURSE_NOT_FOUND' },
      }),
    });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Delete Santi Shi Basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const failed = await screen.findByRole('dialog', { name: 'Delete Failed' });
    expect(within(failed).getByText(COURSE_NOT_FOUND)).toBeTruthy();
  });

  it("says 'Course Deleted' after a delete", async () => {
    server({ [`DELETE /api/courses/${COURSE_ID}`]: () => ({ body: { success: true } }) });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Delete Santi Shi Basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Course Deleted')).toBeTruthy();
  });

  const oneStudent = () => ({
    body: {
      students: [
        {
          user_id: STUDENT_ID,
          course_id: COURSE_ID,
          user_name: 'Daniel Okafor',
          email: 'daniel@example.com',
          user_avatar: null,
          progress: 40,
          start_date: '2026-01-02T00:00:00.000Z',
          completed_date: null,
        },
      ],
      total: 1,
    },
  });

  async function openStudentDetails() {
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Show Students of Santi Shi Basics' }));
    const table = await within(card).findByRole('table', { name: 'Students of Santi Shi Basics' });
    expect(within(table).getByText('In Progress')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'View Details for Daniel Okafor' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Daniel Okafor — Santi Shi Basics' }) };
  }

  it('shows the students table and a student with no completed lessons', async () => {
    const { fetchMock } = server({
      [`GET /api/courses/${COURSE_ID}/students`]: oneStudent,
      [`GET /api/user/${STUDENT_ID}/course/${COURSE_ID}/lessons/progress`]: () => ({
        body: { lessons: [], total: 0 },
      }),
      [`GET /api/users/${STUDENT_ID}/reviews`]: () => ({ body: { reviews: [], total: 0 } }),
      [`GET /api/users/${STUDENT_ID}/courses/${COURSE_ID}/review`]: () => ({
        status: 404,
        body: { error: 'Review not found', code: 'REVIEW_NOT_FOUND' },
      }),
    });
    await openStudentDetails();
    expect(await screen.findByText('No lessons completed yet')).toBeTruthy();
    expect(await screen.findByText("Student hasn't rated this course yet")).toBeTruthy();
    // "No review" is not asked in a way the server answers 404, which the browser would log.
    const statuses = await Promise.all(
      fetchMock.mock.results.map(async (call) => ((await call.value) as Response).status),
    );
    expect(statuses).not.toContain(404);
  });

  it("pages a student's completed lessons ten at a time, from the list the student's outline reads", async () => {
    const lesson = (n: number) => ({
      lesson_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      lesson_title: `Lesson ${n}`,
      lesson_type: 'video',
      module_title: 'Module 1',
      completed_at: '2026-01-03T00:00:00.000Z',
      quiz_score: null,
    });
    const { calls } = server({
      [`GET /api/courses/${COURSE_ID}/students`]: oneStudent,
      [`GET /api/user/${STUDENT_ID}/course/${COURSE_ID}/lessons/progress`]: ({ query }) => {
        const offset = Number(query.get('offset'));
        const rows = Array.from({ length: 12 }, (_, i) => lesson(i + 1));
        return { body: { lessons: rows.slice(offset, offset + Number(query.get('limit'))), total: 12 } };
      },
      [`GET /api/users/${STUDENT_ID}/reviews`]: () => ({ body: { reviews: [], total: 0 } }),
    });
    const { user, dialog } = await openStudentDetails();
    const table = await within(dialog).findByRole('table', { name: 'Lessons completed' });
    expect(within(table).getByText('Lesson 10')).toBeTruthy();
    expect(within(table).queryByText('Lesson 11')).toBeNull();
    expect(within(dialog).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Lesson 12')).toBeTruthy();
    expect(within(dialog).getByText('Page 2 of 2')).toBeTruthy();
    // One read of the whole list, the one the student's outline caches; the pages are cut from it.
    const reads = calls.filter((c) => c.path.endsWith('/lessons/progress'));
    expect(reads.map((c) => [c.query.get('limit'), c.query.get('offset')])).toEqual([
      [String(LESSON_PROGRESS_MAX_LIMIT), '0'],
    ]);
  });

  it("says 'No enrollments found' for a course without students", async () => {
    server({ [`GET /api/courses/${COURSE_ID}/students`]: () => ({ body: { students: [], total: 0 } }) });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Show Students of Santi Shi Basics' }));
    expect(await within(card).findByText('No enrollments found')).toBeTruthy();
  });

  it("shows 'Failed to save course: {message}' when the server refuses the form", async () => {
    server({
      // Another admin took this one's administrator access meanwhile.
      'POST /api/courses': () => ({
        status: 403,
        body: { error: 'Admin access required', code: 'ADMIN_ONLY' },
      }),
    });
    const { user } = await renderManagement();
    await user.click(screen.getByRole('button', { name: 'Add Course' }));
    const form = await screen.findByRole('form', { name: 'Add course' });
    await type(user, 'Title', 'Bagua', form);
    const prerequisites = within(form).getByRole('textbox', { name: 'Prerequisites' });
    await user.type(prerequisites, '   {Enter}');
    await user.type(prerequisites, '  Patience  {Enter}');
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    expect(await within(form).findByText('Failed to save course: Admin access required')).toBeTruthy();
  });

  it('blocks a blank title with the schema message', async () => {
    const { calls } = server();
    const { user } = await renderManagement();
    await user.click(screen.getByRole('button', { name: 'Add Course' }));
    const form = await screen.findByRole('form', { name: 'Add course' });
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    expect(await within(form).findByText('Title cannot be blank')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/courses')).toBe(false),
    );
  });

  it('edits a course: the form starts from the course and PUTs the changes', async () => {
    const { calls } = server({
      [`PUT /api/courses/${COURSE_ID}`]: () => ({
        body: { course: makeCourseDetail({ title: 'Santi Shi' }) },
      }),
    });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Edit Santi Shi Basics' }));
    const form = await screen.findByRole('form', { name: 'Edit course' });
    const title = within(form).getByRole('textbox', { name: /^Title/ });
    expect((title as HTMLInputElement).value).toBe('Santi Shi Basics');
    expect(within(form).getByRole('list', { name: 'Prerequisites' }).textContent).toContain('Good shoes');
    await user.clear(title);
    await user.type(title, 'Santi Shi');
    await user.click(within(form).getByRole('button', { name: 'Remove prerequisite Good shoes' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        title: 'Santi Shi',
        prerequisites: [],
        estimated_hours: 3,
        regular_price: 0,
        features: [5],
      }),
    );
  });

  async function openAddCourse() {
    const { user } = await renderManagement();
    await user.click(screen.getByRole('button', { name: 'Add Course' }));
    const form = await screen.findByRole('form', { name: 'Add course' });
    await type(user, 'Title', 'Bagua', form);
    return { user, form };
  }

  it('creates a new course unpublished and says how it is published', async () => {
    const { calls } = server({
      'POST /api/courses': () => ({ body: { course: makeCourseDetail({ is_published: false }) } }),
    });
    const { user, form } = await openAddCourse();
    expect(within(form).queryByRole('switch', { name: 'Published' })).toBeNull();
    expect(within(form).getByText(/Students will not see the course until you publish it/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/courses')?.body).toMatchObject({
        title: 'Bagua',
        is_published: false,
      }),
    );
  });

  it.each([
    ['Price (USD)', '-5', '-$5', 'Price must be a number, 0 or more'],
    ['Estimated hours', '2.5', '2.5', 'Estimated hours must be a whole number, 0 or more'],
    ['Estimated hours', '-1', '-1', 'Estimated hours must be a whole number, 0 or more'],
  ])(
    'keeps %s %s as typed and says what is wrong instead of saving',
    async (label, typed, shown, message) => {
      const { calls } = server();
      const { user, form } = await openAddCourse();
      const input = within(form).getByRole<HTMLInputElement>('textbox', { name: label });
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      await user.click(within(form).getByRole('button', { name: 'Create Course' }));
      expect(await within(form).findByText(message)).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.value).toBe(shown);
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/courses')).toBe(false);
    },
  );

  it('edits a course without sending its published state', async () => {
    const { calls } = server({
      [`PUT /api/courses/${COURSE_ID}`]: () => ({ body: { course: makeCourseDetail() } }),
    });
    const { user, card } = await renderManagement();
    await user.click(within(card).getByRole('button', { name: 'Edit Santi Shi Basics' }));
    const form = await screen.findByRole('form', { name: 'Edit course' });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('is_published');
  });
});
