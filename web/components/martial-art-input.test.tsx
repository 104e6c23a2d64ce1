import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, TestProviders } from '../test/render';
import { MartialArtInput } from './martial-art-input';

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MartialArtInput value={value} onChange={setValue} />;
}

function renderInput(initial?: string) {
  render(
    <TestProviders>
      <Controlled initial={initial} />
    </TestProviders>,
  );
  return field('Martial art');
}

const list = () => screen.queryByRole('listbox');

describe('MartialArtInput', () => {
  it('suggests the arts while typing and closes once the text is exactly one of them', () => {
    const input = renderInput();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Tai' } });
    expect(screen.getByRole('option', { name: 'Taijiquan' })).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Taijiquan' } });
    expect(list()).toBeNull();

    // Typing on past the match offers the list again.
    fireEvent.change(input, { target: { value: 'Taiji' } });
    expect(list()).not.toBeNull();
  });

  it('stays closed when focused on a value that is already a suggestion', () => {
    const input = renderInput('Baguazhang');
    fireEvent.focus(input);
    fireEvent.click(input);
    expect(list()).toBeNull();
  });

  it('closes on Escape and on choosing an option', () => {
    const input = renderInput();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'X' } });
    expect(list()).not.toBeNull();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(list()).toBeNull();

    fireEvent.change(input, { target: { value: 'Ba' } });
    fireEvent.click(screen.getByRole('option', { name: 'Baguazhang' }));
    expect(input.value).toBe('Baguazhang');
    expect(list()).toBeNull();
  });
});
