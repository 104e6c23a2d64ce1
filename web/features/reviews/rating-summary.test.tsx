import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingSummary } from './rating-summary';

const none = {
  average_rating: 0,
  total_reviews: 0,
  one_star: 0,
  two_star: 0,
  three_star: 0,
  four_star: 0,
  five_star: 0,
};

const renderSummary = (summary: typeof none) =>
  render(
    <MantineProvider env="test">
      <RatingSummary summary={summary} />
    </MantineProvider>,
  );

describe('RatingSummary', () => {
  it('shows the average, the star count and the spread of a reviewed course', () => {
    renderSummary({ ...none, average_rating: 4.5, total_reviews: 2, four_star: 1, five_star: 1 });
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('2 reviews')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Average rating 4.5 out of 5' })).toBeTruthy();
    expect(screen.getByLabelText('5 star reviews: 1')).toBeTruthy();
  });

  it('says "No reviews yet" instead of a big 0.0 for a course nobody has reviewed', () => {
    renderSummary(none);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText('0 reviews')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
