import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { NOTE_MAX, NoteTextInput } from '../../../common/ai-sifu';

export interface NoteFormProps {
  initialText?: string;
  /** Saves the text; a rejected promise leaves the form open with `failure` shown. */
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
  saving: boolean;
  /** The inline text for a failed save, when the last one failed. */
  failure: string | null;
  label?: string;
}

/** The student's note on an answer: written, or edited, in place. */
export function NoteForm({
  initialText = '',
  onSave,
  onCancel,
  saving,
  failure,
  label = 'Your note',
}: NoteFormProps) {
  const [text, setText] = useState(initialText);
  const [invalid, setInvalid] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = NoteTextInput.safeParse({ note_text: text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    onSave(parsed.data.note_text).catch(() => undefined);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={label}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={invalid}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={NOTE_MAX}
          data-autofocus
          autoFocus
        />
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={saving}>
            Save note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
