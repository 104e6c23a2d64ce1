import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { RatingInput, RatingStars } from './rating';

function Controlled({ error }: { error?: string }) {
  const [value, setValue] = useState(0);
  return (
    <>
      <RatingInput label="Your rating" required value={value} onChange={setValue} error={error} />
      <output aria-label="Chosen">{value}</output>
    </>
  );
}

describe('RatingInput', () => {
  it('is a radio group named by its label, each star named', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Controlled />
      </TestProviders>,
    );
    const group = screen.getByRole('radiogroup', { name: /Your rating/ });
    expect(group.getAttribute('aria-invalid')).toBeNull();
    screen.getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard(' ');
    expect(screen.getByLabelText('Chosen').textContent).toBe('4');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeTruthy();
  });

  it('ties its error to the group', () => {
    render(
      <TestProviders>
        <Controlled error="Please select a rating" />
      </TestProviders>,
    );
    const group = screen.getByRole('radiogroup', { name: /Your rating/ });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Please select a rating');
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
  });
});

describe('RatingStars', () => {
  it('is one named image with a label, and hidden without one', () => {
    const { container } = render(
      <TestProviders>
        <RatingStars value={4} label="Rated 4 out of 5" />
        <RatingStars value={3} />
      </TestProviders>,
    );
    expect(screen.getAllByRole('img', { name: 'Rated 4 out of 5' })).toHaveLength(1);
    expect(container.querySelectorAll('[aria-hidden="true"].mantine-Rating-root')).toHaveLength(1);
  });
});
