import { ActionIcon, Group, List, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { AddItemInput } from '../../../components/add-item-input';

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
  const handleAdd = (draft: string) => {
    const item = draft.trim();
    if (!item) return false;
    onChange([...value, item]);
    return true;
  };

  return (
    <Stack gap={6}>
      <AddItemInput
        label={label}
        placeholder={`Type a ${itemName} and press Enter`}
        error={error}
        onAdd={handleAdd}
      />
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
