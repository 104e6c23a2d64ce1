import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { QuizEditor, removeOption, type DraftQuestion } from './quiz-editor';

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

function Harness() {
  const [value, setValue] = useState<DraftQuestion[]>([]);
  return (
    <>
      <QuizEditor value={value} onChange={setValue} />
      <output aria-label="state">{JSON.stringify(value)}</output>
    </>
  );
}

describe('QuizEditor', () => {
  it('adds a question with two options whose removal is disabled, then a third removable option', () => {
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(screen.getByLabelText('Question 1 option 2')).toBeTruthy();
    const removeFirst = screen.getByRole('button', { name: 'Remove option 1 of question 1' });
    expect(removeFirst.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add option to question 1' }));
    fireEvent.change(screen.getByLabelText('Question 1 option 3'), { target: { value: 'Middle' } });
    fireEvent.click(screen.getByLabelText('Question 1: option 3 is correct'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 1 of question 1' }));
    const state = JSON.parse(screen.getByLabelText('state').textContent ?? '[]') as DraftQuestion[];
    expect(state[0]).toMatchObject({ options: ['', 'Middle'], correctAnswer: 1 });
  });
});
