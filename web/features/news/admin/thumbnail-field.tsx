import { Button, FileButton, Group, Image, Input, Stack } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { checkImageFile } from '../../../../common/uploads';
import { UploadFeedback, UploadPercent } from '../../../components/upload-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useUpload } from '../../../lib/upload';

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
  const upload = useUpload('news-thumbnails', THUMBNAIL_UPLOAD_FAILED);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.start(file, checkImageFile, ({ url }) => {
      onChange(url);
      notifySuccess(IMAGE_UPLOADED);
    });
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
                loading={upload.uploading}
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
          <UploadPercent progress={upload.progress} />
        </Group>
        <UploadFeedback progress={upload.progress} error={upload.error} label="Thumbnail upload progress" />
      </Stack>
    </Input.Wrapper>
  );
}
