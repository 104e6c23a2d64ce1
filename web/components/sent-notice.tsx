import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

export interface SentNoticeProps {
  /** The heading, e.g. "Message sent". */
  title: string;
  /** What happens next. */
  children: ReactNode;
  /** The buttons that lead on: another message, the conversation, home. */
  actions: ReactNode;
}

/** A form's confirmation, shown in its place once it is sent. */
export function SentNotice({ title, children, actions }: SentNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Moves focus to the confirmation, so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert color="jade" variant="light" role="status">
      <Stack gap="sm">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text>{children}</Text>
        <Group gap="sm">{actions}</Group>
      </Stack>
    </Alert>
  );
}
