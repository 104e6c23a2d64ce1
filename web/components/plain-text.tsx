import { Stack, Text, type MantineSize } from '@mantine/core';

/** Paragraphs of plain text: a blank line (or a single line break) starts the next one. */
export function textParagraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Text someone typed, shown as paragraphs at its line breaks. It is rendered as text, never as
 * markup, whatever it contains.
 */
export function PlainText({ text, size = 'md' }: { text: string; size?: MantineSize }) {
  return (
    <Stack gap="sm">
      {textParagraphs(text).map((paragraph, index) => (
        <Text key={index} size={size}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
