import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { PlainText, textParagraphs } from './plain-text';

describe('PlainText', () => {
  it('makes a paragraph of each line, leaving out blank ones', () => {
    expect(textParagraphs('One.\r\n\r\n  Two. \nThree.\n')).toEqual(['One.', 'Two.', 'Three.']);
  });

  it('shows markup as the text it is', () => {
    const { container } = render(
      <TestProviders>
        <PlainText text={'<b>bold</b>\n<img src=x onerror=alert(1)>'} />
      </TestProviders>,
    );
    expect(screen.getByText('<b>bold</b>').tagName).toBe('P');
    expect(container.querySelector('b, img')).toBeNull();
  });
});
