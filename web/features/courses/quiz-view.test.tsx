import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QuizResponse, SubmitQuizResponse } from '../../../common/progress';
import { namedGenericElements } from '../../test/a11y';
import { makeUser, signInAs, stubFetch, TestProviders } from '../../test/render';
import { QuizView } from './quiz-view';

const student = makeUser();
const LESSON = '33333333-3333-4333-8333-333333333332';
const COURSE = '11111111-1111-4111-8111-111111111111';
const questions = [
  { id: 'q1', text: 'What is zhan zhuang?', options: ['Standing like a post', 'Walking'] },
  { id: 'q2', text: 'Feet?', options: ['Together', 'Shoulder-width'] },
];
const CORRECT = [0, 1];

/** The server's scoring of the answers sent, with the given pass mark. */
function scored(answers: (number | null)[], passMark: number | null): SubmitQuizResponse {
  const responses: QuizResponse[] = questions.map((q, i) => ({
    question_id: q.id,
    question_text: q.text,
    user_answer: answers[i] ?? null,
    correct_answer: CORRECT[i]!,
    is_correct: answers[i] === CORRECT[i],
    attempt_number: 1,
    explanation: null,
  }));
  const correct = responses.filter((r) => r.is_correct).length;
  const score = Math.round((correct / questions.length) * 100);
  return {
    saved: true,
    attempt_number: 1,
    score,
    correct,
    total: questions.length,
    pass_mark: passMark,
    passed: passMark === null || score >= passMark,
    responses,
    course_progress: 0,
  };
}

function renderQuiz(
  passMark: number | null,
  { previous = null, completed = false }: { previous?: SubmitQuizResponse | null; completed?: boolean } = {},
) {
  const user = userEvent.setup();
  signInAs(student);
  const onCompleted = vi.fn();
  const { calls } = stubFetch({
    [`POST /api/verify/user/${student.id}`]: () => ({ body: { valid: true, user: student } }),
    [`GET /api/lessons/${LESSON}/quiz-attempts`]: () => ({
      body: previous
        ? {
            attempts: [
              { attempt_number: 1, score: previous.score, submitted_at: '2026-03-01T10:00:00.000Z' },
            ],
            total: 1,
          }
        : { attempts: [], total: 0 },
    }),
    [`GET /api/lessons/${LESSON}/quiz-responses`]: () => ({ body: previous?.responses ?? [] }),
    [`POST /api/lessons/${LESSON}/submit-quiz`]: ({ body }) => {
      const sent = (body as { responses: { user_answer: number | null }[] }).responses;
      return {
        body: scored(
          sent.map((r) => r.user_answer),
          passMark,
        ),
      };
    },
  });
  render(
    <TestProviders>
      <QuizView
        lessonId={LESSON}
        courseId={COURSE}
        userId={student.id}
        questions={questions}
        passMark={passMark}
        completed={completed}
        isAdmin={false}
        onCompleted={onCompleted}
      />
    </TestProviders>,
  );
  return { user, onCompleted, calls };
}

/** Answers the questions (null leaves one unanswered), then submits and confirms. */
async function takeQuiz(user: UserEvent, answers: (number | null)[]) {
  const first = await screen.findByRole('radiogroup', { name: `1. ${questions[0]!.text}` });
  for (const [i, answer] of answers.entries()) {
    if (answer === null) continue;
    const group =
      i === 0 ? first : screen.getByRole('radiogroup', { name: `${i + 1}. ${questions[i]!.text}` });
    await user.click(within(group).getByRole('radio', { name: questions[i]!.options[answer]! }));
  }
  await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Submit quiz?' })).getByRole('button', { name: 'Submit' }),
  );
}

describe('QuizView with a pass mark', () => {
  it('shows a failed attempt with its score, the pass mark and Try Again, and does not complete the lesson', async () => {
    const { user, onCompleted } = renderQuiz(70);
    await takeQuiz(user, [0, 0]);
    expect(await screen.findByRole('heading', { name: 'Not Passed Yet' })).toBeTruthy();
    expect(screen.getByLabelText('Your score').textContent).toBe('50%');
    expect(screen.getByText('Pass mark: 70%')).toBeTruthy();
    expect(screen.getByText('Score at least 70% to complete this lesson.')).toBeTruthy();
    expect(
      await screen.findByText('You scored 50%. The pass mark is 70%: try again to complete this lesson.'),
    ).toBeTruthy();
    expect(onCompleted).not.toHaveBeenCalled();

    // Try Again starts afresh; the passing attempt completes the lesson.
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await takeQuiz(user, [0, 1]);
    expect(await screen.findByRole('heading', { name: 'Quiz Completed' })).toBeTruthy();
    expect(screen.getByLabelText('Your score').textContent).toBe('100%');
    expect(screen.getByText('Pass mark: 70% (passed)')).toBeTruthy();
    expect(namedGenericElements(document.body)).toEqual([]);
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(LESSON));
  });

  it('shows the previous attempt as not passed when it fell short', async () => {
    renderQuiz(70, { previous: scored([1, 0], 70) });
    expect(await screen.findByRole('heading', { name: 'Not Passed Yet' })).toBeTruthy();
    expect(screen.getByLabelText('Your score').textContent).toBe('0%');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says the lesson stays complete when an earlier attempt passed', async () => {
    renderQuiz(70, { previous: scored([1, 0], 70), completed: true });
    expect(await screen.findByText('An earlier attempt passed, so the lesson stays complete.')).toBeTruthy();
  });
});

describe('QuizView without a pass mark', () => {
  it('completes the lesson whatever the score', async () => {
    const { user, onCompleted } = renderQuiz(null);
    await takeQuiz(user, [null, 0]);
    expect(await screen.findByRole('heading', { name: 'Quiz Completed' })).toBeTruthy();
    expect(screen.getByLabelText('Your score').textContent).toBe('0%');
    expect(screen.queryByText(/Pass mark/)).toBeNull();
    expect(await screen.findByText('Quiz completed with 0%!')).toBeTruthy();
    expect(onCompleted).toHaveBeenCalledWith(LESSON);
  });
});
