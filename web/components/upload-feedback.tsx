import { Alert, Button, FileButton, Progress, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The button that picks a file to upload; busy while the upload runs. */
export function UploadButton({
  onFile,
  accept,
  fileLabel,
  loading,
  children,
}: {
  onFile: (file: File | null) => void;
  accept: string;
  /** The file input's accessible name: 'Banner image file'. */
  fileLabel?: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <FileButton
      onChange={onFile}
      accept={accept}
      inputProps={fileLabel ? { 'aria-label': fileLabel } : undefined}
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconUpload size={14} aria-hidden />}
          loading={loading}
        >
          {children}
        </Button>
      )}
    </FileButton>
  );
}

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
