import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { QuizResultsResponse, QuizStudentResult } from '../../../../common/progress';
import { makeUser, serverFailure, signInAs, stubFetch, TestProviders } from '../../../test/render';
import tableClasses from '../../../components/responsive-table.module.css';
import { QUIZ_RESULTS_FAILED, QuizResultsButton } from './quiz-results';
import { LESSON_ID } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin' });

const result = (n: number, overrides: Partial<QuizStudentResult> = {}): QuizStudentResult => ({
  user_id: `0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a${String(n).padStart(2, '0')}`,
  user_name: `Student ${n}`,
  attempts: 1,
  best_score: 80,
  passed: true,
  last_attempt_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

async function renderResults(answer: (offset: number) => { status?: number; body?: unknown }) {
  const user = userEvent.setup();
  signInAs(admin);
  const { calls } = stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    [`GET /api/admin/quizzes/${LESSON_ID}/results`]: ({ query }) => answer(Number(query.get('offset'))),
  });
  render(
    <TestProviders>
      <QuizResultsButton lessonId={LESSON_ID} title="Foundations Check" />
    </TestProviders>,
  );
  await user.click(screen.getByRole('button', { name: 'Student Results' }));
  return { user, calls };
}

const page = (results: QuizStudentResult[], total: number, passMark: number | null = 70) => ({
  body: {
    lesson_id: LESSON_ID,
    title: 'Foundations Check',
    pass_mark: passMark,
    results,
    total,
  } satisfies QuizResultsResponse,
});

describe('QuizResultsButton', () => {
  it('opens the results: per student attempts, best score, passed and last attempt, with the pass mark', async () => {
    await renderResults(() =>
      page(
        [
          result(1, { user_name: 'Bo Wen', attempts: 3, best_score: 100 }),
          result(2, { user_name: 'Ann Li', best_score: 40, passed: false }),
        ],
        2,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Results: Foundations Check' });
    const table = await within(dialog).findByRole('table', { name: 'Results of Foundations Check' });
    expect(within(dialog).getByText('Pass mark: 70%')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Student', 'Attempts', 'Best score', 'Passed', 'Last attempt'],
      ['Bo Wen', '3', '100%', 'Yes', 'March 1, 2026 10:00 AM'],
      ['Ann Li', '1', '40%', 'No', 'March 1, 2026 10:00 AM'],
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('marks each student as the head of a card on a phone, not a table that scrolls sideways', async () => {
    await renderResults(() => page([result(1, { user_name: 'Ann Li', best_score: 40, passed: false })], 1));
    const dialog = await screen.findByRole('dialog', { name: 'Results: Foundations Check' });
    const student = await within(dialog).findByRole('cell', { name: 'Ann Li' });
    expect(student.classList.contains(tableClasses.cardTitle!)).toBe(true);
    expect(within(dialog).getByRole('cell', { name: '40%' }).dataset.label).toBe('Best score');
  });

  it('pages through the students ten at a time', async () => {
    const all = Array.from({ length: 12 }, (_, i) => result(i + 1));
    const { user, calls } = await renderResults((offset) => page(all.slice(offset, offset + 10), all.length));
    const dialog = await screen.findByRole('dialog', { name: 'Results: Foundations Check' });
    expect(await within(dialog).findByText('Student 10')).toBeTruthy();
    expect(within(dialog).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Student 12')).toBeTruthy();
    expect(within(dialog).queryByText('Student 1')).toBeNull();
    const asked = calls.filter((c) => c.path.endsWith('/results')).map((c) => c.query.toString());
    expect(asked).toEqual(['limit=10&offset=0', 'limit=10&offset=10']);
  });

  it('says when nobody has taken the quiz, and when it has no pass mark', async () => {
    await renderResults(() => page([], 0, null));
    const dialog = await screen.findByRole('dialog', { name: 'Results: Foundations Check' });
    expect(await within(dialog).findByText('No student has taken this quiz yet')).toBeTruthy();
    expect(within(dialog).getByText('No pass mark: any attempt completes the quiz.')).toBeTruthy();
  });

  it('says when the results cannot be loaded', async () => {
    await renderResults(() => serverFailure);
    const dialog = await screen.findByRole('dialog', { name: 'Results: Foundations Check' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(QUIZ_RESULTS_FAILED);
  });
});
