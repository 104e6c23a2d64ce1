import { Alert, Progress, Text } from '@mantine/core';

/** "Uploading… 40%", beside the button that started the upload; nothing while none runs. */
export function UploadPercent({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <Text size="xs" c="dimmed">
      Uploading… {progress}%
    </Text>
  );
}

/** An upload's progress bar while it runs, and its failure text once it has failed. */
export function UploadFeedback({
  progress,
  error,
  label,
}: {
  progress: number | null;
  error: string | null;
  /** The bar's accessible name: 'Banner upload progress'. */
  label: string;
}) {
  return (
    <>
      {progress !== null && <Progress value={progress} aria-label={label} size="sm" />}
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
    </>
  );
}
