import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import classes from './add-item-input.module.css';

export interface AddItemInputProps {
  label: string;
  placeholder: string;
  error?: string;
  /** Takes what was typed; the field empties unless it answers false (nothing to add). */
  onAdd: (draft: string) => boolean;
}

/** A text field and its Add button: Enter adds too, and never submits the form around it. */
export function AddItemInput({ label, placeholder, error, onAdd }: AddItemInputProps) {
  const [draft, setDraft] = useState('');

  const handleAdd = () => {
    if (onAdd(draft)) setDraft('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    handleAdd();
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        error={error}
        className={classes.input}
      />
      <Button variant="default" onClick={handleAdd} leftSection={<IconPlus size={14} aria-hidden />}>
        Add
      </Button>
    </Group>
  );
}
