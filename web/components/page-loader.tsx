import { Center, Loader } from '@mantine/core';

/** Full-area spinner while the session or a lazy route loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
