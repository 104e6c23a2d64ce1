import { useId, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { MESSAGE_TEXT_MAX } from '../../../common/messages';
import { SEND_FAILED_MESSAGE } from './messages';
import classes from './messages-page.module.css';

export type ComposerProps =
  /** Sends the text; a rejection puts the text back and shows the failure. */
  | { onSend: (text: string) => Promise<unknown>; onNoConversation?: never }
  /** No conversation is open: sending asks the reader to choose one. */
  | { onSend?: never; onNoConversation: () => void };

/**
 * The chat's message box: Enter sends, Shift+Enter starts a new line, blank text
 * is not sent, and one message is sent at a time. The box is emptied at once, so the reader may
 * start the next message; a failed send gives the text back unless they already typed more.
 */
export function Composer({ onSend, onNoConversation }: ComposerProps) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const hintId = useId();

  async function handleSend() {
    if (!onSend) {
      onNoConversation();
      return;
    }
    const typed = text;
    if (pending || typed.trim() === '') return;
    setPending(true);
    setFailed(false);
    setText('');
    try {
      await onSend(typed.trim());
    } catch {
      setText((current) => (current === '' ? typed : current));
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME's Enter confirms a character, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void handleSend();
  }

  return (
    <form
      aria-label="Write a message"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSend();
      }}
    >
      {failed && (
        <Text role="alert" c="var(--mantine-color-error)" size="sm" mb={4}>
          {SEND_FAILED_MESSAGE}
        </Text>
      )}
      <Group gap="xs" align="center" wrap="nowrap">
        <Textarea
          aria-label="Message"
          placeholder="Write a message…"
          aria-describedby={hintId}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MESSAGE_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          className={classes.composerInput}
        />
        <ActionIcon type="submit" size={36} loading={pending} aria-label="Send message">
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text id={hintId} size="xs" c="dimmed" mt={2}>
        Enter sends, Shift+Enter adds a line
      </Text>
    </form>
  );
}
