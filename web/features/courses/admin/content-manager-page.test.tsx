import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DURATION_MESSAGE } from '../../../../common/courses';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch, type } from '../../../test/render';
import { ContentManagerPage } from './content-manager-page';
import { COURSE_ID, LESSON_ID, makeCourseDetail, makeLesson, makeModule, MODULE_ID } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin' });
const path = `/app/admin/courses/${COURSE_ID}/content`;
const routes = [{ path: '/app/admin/courses/:courseId/content', element: <ContentManagerPage /> }];
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, course = makeCourseDetail()) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    [`GET /api/courses/${COURSE_ID}`]: () => ({ body: { course } }),
    ...extra,
  });
}

async function renderManager() {
  signInAs(admin);
  const { user } = renderRoutes(routes, path);
  return { user, module: await screen.findByRole('listitem', { name: 'Module 1: First Steps' }) };
}

describe('ContentManagerPage', () => {
  it('links back to the courses and lists the modules in order', async () => {
    server();
    const { module } = await renderManager();
    expect(screen.getByRole('link', { name: /Back to Courses/ }).getAttribute('href')).toBe('/app/admin');
    expect(within(module).getByText('Posture')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drag to reorder module First Steps' })).toBeTruthy();
  });

  it('renames a module inline: double-click, Enter saves', async () => {
    const { calls } = server({
      [`PUT /api/modules/${MODULE_ID}`]: () => ({ body: { module: makeModule({ title: 'Roots' }) } }),
    });
    const { user, module } = await renderManager();
    await user.dblClick(within(module).getByRole('heading', { name: 'First Steps' }));
    const input = screen.getByRole('textbox', { name: 'Module title' });
    await user.clear(input);
    await user.type(input, 'Roots{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Roots' }));
  });

  it('Escape cancels a rename without saving', async () => {
    const { calls } = server();
    const { user, module } = await renderManager();
    await user.dblClick(within(module).getByRole('heading', { name: 'First Steps' }));
    const input = screen.getByRole('textbox', { name: 'Module title' });
    await user.clear(input);
    await user.type(input, 'Roots');
    await user.keyboard('{Escape}');
    expect(within(module).getByRole('heading', { name: 'First Steps' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('reverts the title and says so when the rename fails', async () => {
    server({ [`PUT /api/modules/${MODULE_ID}`]: () => serverFailure });
    const { user, module } = await renderManager();
    await user.dblClick(within(module).getByRole('heading', { name: 'First Steps' }));
    const input = screen.getByRole('textbox', { name: 'Module title' });
    await user.clear(input);
    await user.type(input, 'Roots{Enter}');
    expect(await screen.findByText('Failed to save module. Please try again')).toBeTruthy();
    expect(within(module).getByRole('heading', { name: 'First Steps' })).toBeTruthy();
  });

  it("shows a new module's placeholder description as no description, and edits it inline", async () => {
    const { calls } = server({
      [`PUT /api/modules/${MODULE_ID}`]: () => ({
        body: { module: makeModule({ description: 'Rooting the stance.' }) },
      }),
    });
    const { user, module } = await renderManager();
    const shown = within(module).getByTestId('module-description');
    expect(shown.textContent).toBe('No description yet (students see none)');
    await user.dblClick(shown);
    const input = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Module description' });
    // The placeholder is not text to edit away: the field starts empty.
    expect(input.value).toBe('');
    await user.type(input, '  Rooting the stance. {Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ description: 'Rooting the stance.' }),
    );
    expect(screen.queryByRole('textbox', { name: 'Module description' })).toBeNull();
  });

  it('edits a description from its edit button; Escape cancels and clearing it saves an empty one', async () => {
    const { calls } = server(
      { [`PUT /api/modules/${MODULE_ID}`]: () => ({ body: { module: makeModule({ description: '' }) } }) },
      makeCourseDetail({ modules: [makeModule({ description: 'Rooting the stance.' })] }),
    );
    const { user, module } = await renderManager();
    const edit = () =>
      user.click(within(module).getByRole('button', { name: 'Edit description of module First Steps' }));
    await edit();
    let input = screen.getByRole('textbox', { name: 'Module description' });
    await user.clear(input);
    await user.type(input, 'Something else');
    await user.keyboard('{Escape}');
    await user.tab();
    expect(within(module).getByTestId('module-description').textContent).toBe('Rooting the stance.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await edit();
    input = screen.getByRole('textbox', { name: 'Module description' });
    await user.clear(input);
    await user.type(input, '   ');
    await user.tab();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ description: '' }));
  });

  it('reverts the description and says so when saving it fails', async () => {
    server({ [`PUT /api/modules/${MODULE_ID}`]: () => serverFailure });
    const { user, module } = await renderManager();
    await user.click(within(module).getByRole('button', { name: 'Edit description of module First Steps' }));
    const input = screen.getByRole('textbox', { name: 'Module description' });
    await user.type(input, 'Rooting the stance.{Enter}');
    expect(await screen.findByText('Failed to save module. Please try again')).toBeTruthy();
    await waitFor(() =>
      expect(within(module).getByTestId('module-description').textContent).toBe(
        'No description yet (students see none)',
      ),
    );
  });

  it('shows lesson durations in the one duration format', async () => {
    server(
      {},
      makeCourseDetail({ modules: [makeModule({ lessons: [makeLesson({ duration_minutes: 90 })] })] }),
    );
    const { module } = await renderManager();
    expect(within(module).getByText('1 h 30 min')).toBeTruthy();
  });

  it('shows a proper error on an invalid lesson duration, not the hint, and does not save', async () => {
    const { calls } = server();
    const { user, module } = await renderManager();
    await user.click(within(module).getByRole('button', { name: 'Edit lesson Posture' }));
    const form = await screen.findByRole('form', { name: 'Edit lesson' });
    const duration = within(form).getByRole('textbox', { name: 'Duration' });
    await user.clear(duration);
    await user.type(duration, 'ten');
    await user.click(within(form).getByRole('button', { name: 'Save Lesson' }));
    // The API's own rule and message; the field's description keeps the format hint.
    expect(await within(form).findByText(DURATION_MESSAGE)).toBeTruthy();
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByText(/^Duration: /)).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Typing again clears the error.
    await user.clear(duration);
    await user.type(duration, '25');
    expect(duration.getAttribute('aria-invalid')).not.toBe('true');
  });

  it("shows 'Module Creation Failed' when Add Module fails", async () => {
    server({ [`POST /api/courses/${COURSE_ID}/modules`]: () => serverFailure });
    const { user } = await renderManager();
    await user.click(screen.getByRole('button', { name: 'Add Module' }));
    expect(await screen.findByRole('dialog', { name: 'Module Creation Failed' })).toBeTruthy();
  });

  it('warns that deleting a module deletes its lessons', async () => {
    server();
    const { user, module } = await renderManager();
    await user.click(within(module).getByRole('button', { name: 'Delete module First Steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Module' });
    expect(within(dialog).getByText(/All its lessons \(1\) will be deleted too/)).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
  });

  it('saves a video lesson with the leading number of 10:30 as minutes', async () => {
    const { calls } = server({
      [`PUT /api/lessons/${LESSON_ID}`]: () => ({ body: { lesson: makeLesson() } }),
    });
    const { user, module } = await renderManager();
    await user.click(within(module).getByRole('button', { name: 'Edit lesson Posture' }));
    const form = await screen.findByRole('form', { name: 'Edit lesson' });
    await type(user, 'Duration', '10:30', form);
    await type(user, 'Video URL', 'https://www.youtube.com/watch?v=abc', form);
    await user.click(within(form).getByRole('button', { name: 'Save Lesson' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        duration_minutes: 10,
        content_url: 'https://www.youtube.com/watch?v=abc',
      }),
    );
  });

  it("says 'Failed to save lesson. Please try again.' when the save fails", async () => {
    server({ [`PUT /api/lessons/${LESSON_ID}`]: () => serverFailure });
    const { user, module } = await renderManager();
    await user.click(within(module).getByRole('button', { name: 'Edit lesson Posture' }));
    const form = await screen.findByRole('form', { name: 'Edit lesson' });
    await user.click(within(form).getByRole('button', { name: 'Save Lesson' }));
    expect(await within(form).findByText('Failed to save lesson. Please try again.')).toBeTruthy();
  });

  it('checks quiz questions before saving', async () => {
    const { calls } = server(
      {},
      makeCourseDetail({
        modules: [makeModule({ lessons: [makeLesson({ lesson_type: 'quiz', title: 'Check' })] })],
      }),
    );
    const { user, module } = await renderManager();
    await user.click(within(module).getByRole('button', { name: 'Edit lesson Check' }));
    const form = await screen.findByRole('form', { name: 'Edit lesson' });
    await user.click(within(form).getByRole('button', { name: 'Add Question' }));
    await user.click(within(form).getByRole('button', { name: 'Save Lesson' }));
    expect(await within(form).findByText(/^Question 1: /)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('moves a lesson up within its module', async () => {
    const second = makeLesson({
      id: '8fd15a08-7394-4ae1-8263-1e2f3a4b5c67',
      title: 'Breathing',
      order_sequence: 2,
    });
    const { calls } = server(
      { [`PUT /api/modules/${MODULE_ID}/lessons/order`]: () => ({ body: { lessons: [] } }) },
      makeCourseDetail({ modules: [makeModule({ lessons: [makeLesson(), second] })] }),
    );
    const { user, module } = await renderManager();
    expect(
      within(module).getByRole('button', { name: 'Move lesson Posture up' }).hasAttribute('disabled'),
    ).toBe(true);
    await user.click(within(module).getByRole('button', { name: 'Move lesson Breathing up' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ lesson_ids: [second.id, LESSON_ID] }),
    );
  });
});
