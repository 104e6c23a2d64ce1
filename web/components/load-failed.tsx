import { Alert, Button, Stack, Text } from '@mantine/core';

/** A list or page that could not load: the screen's message and a Retry button. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
