import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('gives a spinner the status role, so its label is allowed and read out', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Loader aria-label="Loading reviews" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading reviews' })).toBeTruthy();
  });
});
