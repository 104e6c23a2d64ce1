import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface ComingSoonPageProps {
  title: string;
  /** Where the "back" button leads; the landing page by default. */
  backTo?: string;
  backLabel?: string;
}

/** Placeholder for screens specified but not built yet. */
export function ComingSoonPage({ title, backTo = '/', backLabel = 'Back to home' }: ComingSoonPageProps) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{title}</Title>
        <Text size="lg">This page is coming soon.</Text>
        <Text c="dimmed">We are still preparing it. Please check back later.</Text>
        <Button component={Link} to={backTo} variant="default">
          {backLabel}
        </Button>
      </Stack>
    </Container>
  );
}
