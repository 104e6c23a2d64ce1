import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../common/messages';
import { TestProviders } from '../../test/render';
import { canDeleteForEveryone, LinkedText } from './message-item';

const SENDER = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const OTHER = '0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a11';
const now = dayjs('2026-03-09T18:00:00.000Z');
const sentMinutesAgo = (minutes: number, overrides: Partial<Message> = {}): Message => ({
  id: '4c5d6e7f-8a9b-4c0d-9e1f-3a4b5c6d7e8f',
  conversation_id: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
  sender_id: SENDER,
  sender_name: 'Daniel Ortiz',
  recipient_id: OTHER,
  text: 'Hello',
  sent_at: now.subtract(minutes, 'minute').toISOString(),
  read_at: null,
  deleted_for_everyone: false,
  ...overrides,
});

describe('canDeleteForEveryone', () => {
  it('lets the sender take a message back within the window, and administrators always', () => {
    expect(canDeleteForEveryone(sentMinutesAgo(59), SENDER, false, now)).toBe(true);
    expect(canDeleteForEveryone(sentMinutesAgo(60), SENDER, false, now)).toBe(false);
    expect(canDeleteForEveryone(sentMinutesAgo(1), OTHER, false, now)).toBe(false);
    expect(canDeleteForEveryone(sentMinutesAgo(600), OTHER, true, now)).toBe(true);
    expect(canDeleteForEveryone(sentMinutesAgo(1, { deleted_for_everyone: true }), SENDER, true, now)).toBe(
      false,
    );
  });
});

describe('LinkedText', () => {
  it('shows markup as text and opens addresses in a new tab without the opener', () => {
    const { container } = render(
      <TestProviders>
        <p>
          <LinkedText text={'<img src=x onerror=alert(1)><b>bold</b> see https://kwoon.example/x'} />
        </p>
      </TestProviders>,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)><b>bold</b>');
    const link = screen.getByRole('link', { name: 'https://kwoon.example/x' });
    expect(link.getAttribute('href')).toBe('https://kwoon.example/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
