import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { QUIZ_PASS_MARK_MESSAGE, QuizPassMark } from '../../../../common/quiz';
import { passMarkInput, QuizEditor, removeOption, type DraftQuestion } from './quiz-editor';

const question = (correctAnswer: number): DraftQuestion => ({
  id: 'q1',
  text: 'Where is the weight?',
  options: ['Front', 'Back', 'Middle'],
  correctAnswer,
  explanation: '',
});

describe('removeOption', () => {
  it('keeps the correct answer on the same option when an earlier option goes', () => {
    expect(removeOption(question(2), 0)).toMatchObject({ options: ['Back', 'Middle'], correctAnswer: 1 });
  });
  it('falls back to the first option when the correct one is removed', () => {
    expect(removeOption(question(1), 1)).toMatchObject({ options: ['Front', 'Middle'], correctAnswer: 0 });
  });
  it('leaves the index alone when a later option goes', () => {
    expect(removeOption(question(0), 2).correctAnswer).toBe(0);
  });
  it('never goes below two options', () => {
    const two = { ...question(0), options: ['A', 'B'] };
    expect(removeOption(two, 0)).toBe(two);
  });
});

describe('passMarkInput', () => {
  const read = (text: string) => QuizPassMark.safeParse(passMarkInput(text));

  it('reads blank as no pass mark and a whole number from 1 to 100 as itself', () => {
    expect(read('  ')).toEqual({ success: true, data: null });
    expect(read('1')).toEqual({ success: true, data: 1 });
    expect(read(' 70 ')).toEqual({ success: true, data: 70 });
    expect(read('100')).toEqual({ success: true, data: 100 });
  });
  it.each(['0', '101', '2.5', 'x', '-5', '70%'])('has %j refused with the API’s message', (text) => {
    expect(read(text).error?.issues.map((issue) => issue.message)).toEqual([QUIZ_PASS_MARK_MESSAGE]);
  });
});

function Harness({ passMarkError = null }: { passMarkError?: string | null }) {
  const [value, setValue] = useState<DraftQuestion[]>([]);
  const [passMark, setPassMark] = useState('');
  return (
    <>
      <QuizEditor
        value={value}
        onChange={setValue}
        passMark={passMark}
        onPassMarkChange={setPassMark}
        passMarkError={passMarkError}
      />
      <output aria-label="state">{JSON.stringify(value)}</output>
      <output aria-label="pass mark">{passMark}</output>
    </>
  );
}

describe('QuizEditor', () => {
  it('adds a question with two options whose removal is disabled, then a third removable option', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(screen.getByLabelText('Question 1 option 2')).toBeTruthy();
    const removeFirst = screen.getByRole('button', { name: 'Remove option 1 of question 1' });
    expect(removeFirst.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add option to question 1' }));
    await user.type(screen.getByLabelText('Question 1 option 3'), 'Middle');
    await user.click(screen.getByLabelText('Question 1: option 3 is correct'));
    await user.click(screen.getByRole('button', { name: 'Remove option 1 of question 1' }));
    const state = JSON.parse(screen.getByLabelText('state').textContent ?? '[]') as DraftQuestion[];
    expect(state[0]).toMatchObject({ options: ['', 'Middle'], correctAnswer: 1 });
  });

  it('edits the pass mark and shows its error on the field', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Harness passMarkError={QUIZ_PASS_MARK_MESSAGE} />
      </TestProviders>,
    );
    const field = screen.getByLabelText('Pass mark (%)');
    await user.type(field, '75');
    expect(screen.getByLabelText('pass mark').textContent).toBe('75');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(QUIZ_PASS_MARK_MESSAGE)).toBeTruthy();
  });
});
