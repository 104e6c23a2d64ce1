import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DURATION_MESSAGE, type Lesson } from '../../../../common/courses';
import { QUIZ_CORRECT_ANSWER_MESSAGE, QUIZ_PASS_MARK_MESSAGE } from '../../../../common/quiz';
import { makeUser, signInAs, stubFetch, TestProviders } from '../../../test/render';
import { LessonEditorDialog } from './lesson-editor';
import { COURSE_ID, LESSON_ID, makeLesson } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin' });
const stance = { id: 'q1', text: 'Where is the weight?', options: ['Front', 'Back'], correctAnswer: 1 };
const quizLesson = (questions: unknown[]) =>
  makeLesson({ lesson_type: 'quiz', title: 'Check', content_text: JSON.stringify(questions) });

function renderEditor(lesson: Lesson, answer: Parameters<typeof stubFetch>[0][string]) {
  const user = userEvent.setup();
  const { calls } = stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    [`PUT /api/lessons/${LESSON_ID}`]: answer,
  });
  signInAs(admin);
  render(
    <TestProviders>
      <LessonEditorDialog courseId={COURSE_ID} lesson={lesson} onClose={() => {}} />
    </TestProviders>,
  );
  const form = screen.getByRole('form', { name: 'Edit lesson' });
  const save = () => user.click(within(form).getByRole('button', { name: 'Save Lesson' }));
  const saved = () => calls.filter((c) => c.method === 'PUT');
  return { user, form, save, saved };
}

const saved = (lesson: Lesson) => () => ({ body: { lesson } });

describe('LessonEditorDialog, quiz', () => {
  it('says a quiz needs at least one question, and does not save one without', async () => {
    const lesson = quizLesson([]);
    const { form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    expect(within(form).getByText('No questions yet. A quiz needs at least one question.')).toBeTruthy();
    await save();
    expect((await within(form).findByRole('alert')).textContent).toBe('A quiz needs at least one question');
    expect(puts()).toEqual([]);
  });

  it('refuses to save once the last question is removed', async () => {
    const lesson = quizLesson([stance]);
    const { user, form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    await user.click(within(form).getByRole('button', { name: 'Remove question 1' }));
    await save();
    expect((await within(form).findByRole('alert')).textContent).toBe('A quiz needs at least one question');
    expect(puts()).toEqual([]);
  });

  it('names the question whose text or options are missing', async () => {
    const lesson = quizLesson([stance]);
    const { user, form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    await user.click(within(form).getByRole('button', { name: 'Add Question' }));
    await user.type(within(form).getByLabelText('Question 2 text'), 'Which way?');
    await save();
    expect((await within(form).findByRole('alert')).textContent).toBe('Question 2: Options cannot be blank');
    expect(puts()).toEqual([]);
  });

  it('keeps two options and a correct answer on every question, and saves a complete quiz', async () => {
    const lesson = quizLesson([stance]);
    const { form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    expect(
      within(form).getByRole('button', { name: 'Remove option 1 of question 1' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>('Question 1: option 2 is correct').checked).toBe(
      true,
    );
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse((puts()[0]!.body as { content_text: string }).content_text)).toEqual([stance]);
  });

  it("shows the server's reason when it refuses the quiz", async () => {
    const lesson = quizLesson([stance]);
    const message = `Question 1: ${QUIZ_CORRECT_ANSWER_MESSAGE}`;
    const { form, save } = renderEditor(lesson, () => ({
      status: 400,
      body: {
        error: message,
        code: 'INVALID_QUIZ',
        details: [{ path: 'content_text.0.correctAnswer', message }],
      },
    }));
    await save();
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(within(form).getByText('Failed to save lesson. Please try again.')).toBeTruthy();
  });
});

describe('LessonEditorDialog, quiz pass mark', () => {
  it('shows the stored pass mark and saves a new one, or null when cleared', async () => {
    const lesson = makeLesson({ ...quizLesson([stance]), pass_mark: 60 });
    const { user, form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    const field = within(form).getByLabelText<HTMLInputElement>('Pass mark (%)');
    expect(field.value).toBe('60');
    await user.clear(field);
    await user.type(field, '75');
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ pass_mark: 75 });

    await user.clear(field);
    await save();
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).toMatchObject({ pass_mark: null });
  });

  it.each(['0', '101', '2.5', 'x'])('refuses %j on the field itself, without saving', async (text) => {
    const lesson = quizLesson([stance]);
    const { user, form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    const field = within(form).getByLabelText('Pass mark (%)');
    await user.type(field, text);
    await save();
    expect(await within(form).findByText(QUIZ_PASS_MARK_MESSAGE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toEqual([]);
  });

  it('sends no pass mark for lessons that are not quizzes', async () => {
    const lesson = makeLesson({ lesson_type: 'article', content_text: 'Notes' });
    const { form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    expect(within(form).queryByLabelText('Pass mark (%)')).toBeNull();
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).not.toHaveProperty('pass_mark');
  });
});

describe('LessonEditorDialog, fields', () => {
  it('puts the rule’s message under the first field to fix and moves the focus there, without saving', async () => {
    const lesson = makeLesson({ lesson_type: 'article', content_text: 'Notes' });
    const { user, form, save, saved: puts } = renderEditor(lesson, saved(lesson));
    const title = within(form).getByLabelText(/Lesson title/);
    const duration = within(form).getByLabelText('Duration');
    await user.clear(title);
    await user.type(title, '   ');
    await user.clear(duration);
    await user.type(duration, 'half an hour');
    await save();
    expect(await within(form).findByText('Lesson title cannot be blank')).toBeTruthy();
    expect(within(form).getByText(DURATION_MESSAGE)).toBeTruthy();
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(puts()).toEqual([]);
  });
});
