import { ActionIcon, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import classes from './list-input.module.css';

export interface ListInputProps {
  label: string;
  /** Singular name used on the buttons: 'prerequisite', 'learning objective'. */
  itemName: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** Items added one by one: trimmed, blank ignored, Enter adds; each removable. */
export function ListInput({ label, itemName, value, onChange, error }: ListInputProps) {
  const [draft, setDraft] = useState('');

  const handleAdd = () => {
    const item = draft.trim();
    if (!item) return;
    onChange([...value, item]);
    setDraft('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    handleAdd();
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={`Type a ${itemName} and press Enter`}
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
      {value.length > 0 ? (
        <List spacing={4} size="sm" aria-label={label}>
          {value.map((item, index) => (
            <List.Item key={`${index}-${item}`}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{item}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Remove ${itemName} ${item}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="xs" c="dimmed">
          None yet.
        </Text>
      )}
    </Stack>
  );
}
