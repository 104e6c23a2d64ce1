import { Button, FileButton, Group, Image, Input, Stack } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { checkImageFile } from '../../../../common/uploads';
import { UploadFeedback, UploadPercent } from '../../../components/upload-feedback';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useUploadNewsThumbnail } from '../api';

export const THUMBNAIL_UPLOAD_FAILED = 'Failed to upload image. Please try again.';
export const IMAGE_UPLOADED = 'Image Uploaded';

export interface ThumbnailFieldProps {
  /** The thumbnail's address; '' when the item has none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * The item's thumbnail: an image up to 5MB, checked before it is sent, uploaded with a progress
 * bar, previewed and removable.
 */
export function ThumbnailField({ value, onChange, error }: ThumbnailFieldProps) {
  const upload = useUploadNewsThumbnail();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = (file: File | null) => {
    if (!file) return;
    const refused = checkImageFile(file);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setProgress(null);
          onChange(result.secure_url);
          notifySuccess(IMAGE_UPLOADED);
        },
        onError: (failure) => {
          setProgress(null);
          setProblem(errorMessage(failure, THUMBNAIL_UPLOAD_FAILED));
        },
      },
    );
  };

  return (
    <Input.Wrapper label="Thumbnail" description="An image up to 5MB." error={error}>
      <Stack gap={6} mt={4}>
        {value && <Image src={value} alt="Thumbnail preview" radius="sm" mah={160} fit="cover" />}
        <Group gap="sm">
          <FileButton onChange={handleFile} accept="image/*" inputProps={{ 'aria-label': 'Thumbnail file' }}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={upload.isPending}
              >
                {value ? 'Replace image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onChange('')}
            >
              Remove image
            </Button>
          )}
          <UploadPercent progress={progress} />
        </Group>
        <UploadFeedback progress={progress} error={problem} label="Thumbnail upload progress" />
      </Stack>
    </Input.Wrapper>
  );
}
