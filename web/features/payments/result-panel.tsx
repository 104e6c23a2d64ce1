import type { ReactNode } from 'react';
import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export interface ResultPanelProps {
  icon: ReactNode;
  color: string;
  title: string;
  children?: ReactNode;
  /** The page's buttons and links. */
  actions?: ReactNode;
}

/** The frame of every payment result state: an icon, the page's one h1, its text and buttons. */
export function ResultPanel({ icon, color, title, children, actions }: ResultPanelProps) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {actions && (
            <Group justify="center" gap="sm" mt="sm">
              {actions}
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export interface CountdownNoticeProps {
  /** What the countdown leads to, e.g. 'your course'. */
  destination: string;
  remaining: number;
  /** Stops the countdown; offered so nobody is moved on before they have read the page. */
  onStay: () => void;
}

/** "Redirecting to … in 5…", with a way to stay. */
export function CountdownNotice({ destination, remaining, onStay }: CountdownNoticeProps) {
  return (
    <Group justify="center" gap="xs">
      <Text size="sm" c="dimmed" role="timer">
        Redirecting to {destination} in {Math.max(0, remaining)}…
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onStay}>
        Stay on this page
      </Button>
    </Group>
  );
}
