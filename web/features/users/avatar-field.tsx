import { useState } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { checkImageFile } from '../../../common/uploads';
import { UserAvatar } from '../../components/user-avatar';
import { errorMessage } from '../../lib/api-client';
import { useUploadImage } from './api';
import { IMAGE_UPLOAD_FAILED_MESSAGE } from './profile-body';
import classes from './avatar-field.module.css';

export interface AvatarFieldProps {
  name: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

/** Uploads a picture straight away; the profile keeps the new address once it is saved. */
export function AvatarField({ name, value, onChange }: AvatarFieldProps) {
  const upload = useUploadImage();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const handleFile = (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, folder: 'avatars', onProgress: setProgress },
      {
        onSuccess: (result) => onChange(result.secure_url),
        onError: (uploadError) => setError(errorMessage(uploadError, IMAGE_UPLOAD_FAILED_MESSAGE)),
      },
    );
  };

  return (
    <Group align="center" gap="lg" wrap="nowrap">
      <UserAvatar name={name || '?'} avatar={value} size={72} radius={72} />
      <Stack gap={6} className={classes.controls}>
        <Text fw={500} size="sm" id="avatar-field-label">
          Profile picture
        </Text>
        <Group gap="xs">
          <FileButton
            onChange={handleFile}
            accept="image/*"
            inputProps={{ 'aria-label': 'Upload profile picture', name: 'avatar-file' }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                loading={upload.isPending}
                aria-describedby="avatar-field-label"
              >
                Upload picture
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => onChange(null)}
              disabled={upload.isPending}
            >
              Remove picture
            </Button>
          )}
        </Group>
        {upload.isPending && (
          <Progress
            value={progress}
            size="sm"
            aria-label="Upload progress"
            animated
            striped
            transitionDuration={100}
          />
        )}
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          An image file smaller than 5MB. Save the profile to keep it.
        </Text>
      </Stack>
    </Group>
  );
}
