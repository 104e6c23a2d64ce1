import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEND_FAILED_MESSAGE } from './messages';
import { TestProviders } from '../../test/render';
import { Composer } from './composer';

/** A send the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderComposer(props: Parameters<typeof Composer>[0]) {
  const user = userEvent.setup();
  render(
    <TestProviders>
      <Composer {...props} />
    </TestProviders>,
  );
  return { user, box: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('Composer', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const { user, box } = renderComposer({ onSend });
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', 'First line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(box).toHaveProperty('value', '');
  });

  it('sends nothing that is empty or only whitespace', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const { user, box } = renderComposer({ onSend });
    await user.click(box);
    await user.keyboard('{Enter}');
    await user.type(box, '   {Shift>}{Enter}{/Shift}  ');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends one message at a time, the button loading meanwhile', async () => {
    const pending = deferred();
    const onSend = vi.fn(() => pending.promise);
    const { user, box } = renderComposer({ onSend });
    await user.type(box, 'One{Enter}');
    await user.type(box, 'Two{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('data-loading')).toBe('true');
    // The second message waits in the box until the first is through.
    expect(box).toHaveProperty('value', 'Two');
    await act(async () => pending.resolve());
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenLastCalledWith('Two');
  });

  it('gives the text back and says so when the send fails', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('offline')));
    const { user, box } = renderComposer({ onSend });
    await user.type(box, 'Are we training on Sunday?{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SEND_FAILED_MESSAGE);
    expect(box).toHaveProperty('value', 'Are we training on Sunday?');
  });

  it('asks for a conversation when none is open', async () => {
    const onNoConversation = vi.fn();
    const { user, box } = renderComposer({ onNoConversation });
    await user.type(box, 'Hello{Enter}');
    expect(onNoConversation).toHaveBeenCalledTimes(1);
  });
});
