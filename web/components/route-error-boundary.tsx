import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** Router error element: a failed lazy chunk (often a new deploy) or an unexpected render error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  const chunkError = isChunkLoadError(error);
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  const message = chunkError
    ? 'A new version of the site is available. Please reload the page.'
    : 'An unexpected error occurred. Please reload the page or go back to the start.';

  const handleReload = () => window.location.reload();

  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1}>{title}</Title>
        <Text>{message}</Text>
        <Group>
          <Button onClick={handleReload}>Reload</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            Go to home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
