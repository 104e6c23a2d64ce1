import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { field, TestProviders } from '../test/render';
import { MartialArtInput } from './martial-art-input';

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MartialArtInput value={value} onChange={setValue} />;
}

function renderInput(initial?: string) {
  const user = userEvent.setup();
  render(
    <TestProviders>
      <Controlled initial={initial} />
    </TestProviders>,
  );
  return { user, input: field('Martial art') };
}

const list = () => screen.queryByRole('listbox');

describe('MartialArtInput', () => {
  it('suggests the arts while typing and closes once the text is exactly one of them', async () => {
    const { user, input } = renderInput();
    await user.type(input, 'Tai');
    expect(screen.getByRole('option', { name: 'Taijiquan' })).toBeTruthy();

    await user.type(input, 'jiquan');
    expect(list()).toBeNull();

    // Deleting back past the match offers the list again.
    await user.keyboard('{Backspace>4/}');
    expect(input.value).toBe('Taiji');
    expect(list()).not.toBeNull();
  });

  it('stays closed when focused on a value that is already a suggestion', async () => {
    const { user, input } = renderInput('Baguazhang');
    await user.click(input);
    expect(list()).toBeNull();
  });

  it('closes on Escape and on choosing an option', async () => {
    const { user, input } = renderInput();
    await user.type(input, 'X');
    expect(list()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(list()).toBeNull();

    await user.clear(input);
    await user.type(input, 'Ba');
    await user.click(screen.getByRole('option', { name: 'Baguazhang' }));
    expect(input.value).toBe('Baguazhang');
    expect(list()).toBeNull();
  });
});
