import { CloseButton, Group, Pill, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { normalizeTags } from '../../../../common/blog';
import { AddItemInput } from '../../../components/add-item-input';
import classes from './tags-field.module.css';

export interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}

/**
 * Tags added one at a time, on Enter or Add, through the same normalising the server applies
 * (trimmed, lower-cased, no repeats); a comma-separated entry adds each part. Each tag is a chip
 * with its own remove button.
 */
export const TagsField = memo(function TagsField({ value, onChange, error }: TagsFieldProps) {
  const handleAdd = (draft: string) => {
    const added = draft.split(',');
    if (added.every((tag) => !tag.trim())) return false;
    onChange(normalizeTags([...value, ...added]));
    return true;
  };

  return (
    <Stack gap={6}>
      <AddItemInput label="Tags" placeholder="Type a tag and press Enter" error={error} onAdd={handleAdd} />
      {value.length > 0 ? (
        <Group gap={6} component="ul" aria-label="Tags" className={classes.list}>
          {value.map((tag) => (
            <li key={tag}>
              {/* Pill's own remove button is hidden from keyboards and screen readers: this one is not. */}
              <Pill size="md">
                <Group gap={2} wrap="nowrap">
                  <span>{tag}</span>
                  <CloseButton
                    size="xs"
                    aria-label={`Remove tag ${tag}`}
                    onClick={() => onChange(value.filter((t) => t !== tag))}
                  />
                </Group>
              </Pill>
            </li>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          No tags yet.
        </Text>
      )}
    </Stack>
  );
});
