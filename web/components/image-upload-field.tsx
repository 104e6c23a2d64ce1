import { Button, FileButton, Group, Image, Input, Stack } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { checkImageFile, type UploadFolder } from '../../common/uploads';
import { notifySuccess } from '../lib/notify';
import { useUpload, type UploadEndpoint } from '../lib/upload';
import { UploadFeedback, UploadPercent } from './upload-feedback';

export const IMAGE_UPLOADED = 'Image Uploaded';

export interface ImageUploadFieldProps {
  /** Where the image goes: a media folder, or a route of its own with its field name. */
  target: UploadFolder | UploadEndpoint;
  /** The message of a failed upload ('Failed to upload image. Please try again.', …). */
  failedMessage: string;
  label?: string;
  /** The image's address; '' when the item has none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * An item's thumbnail (news, resources): an image up to 5MB, checked before it is sent, uploaded
 * with a progress bar, previewed and removable.
 */
export function ImageUploadField({
  target,
  failedMessage,
  label = 'Thumbnail',
  value,
  onChange,
  error,
}: ImageUploadFieldProps) {
  const upload = useUpload(target, failedMessage);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.start(file, checkImageFile, ({ url }) => {
      onChange(url);
      notifySuccess(IMAGE_UPLOADED);
    });
  };

  return (
    <Input.Wrapper label={label} description="An image up to 5MB." error={error}>
      <Stack gap={6} mt={4}>
        {value && <Image src={value} alt={`${label} preview`} radius="sm" mah={160} fit="cover" />}
        <Group gap="sm">
          <FileButton onChange={handleFile} accept="image/*" inputProps={{ 'aria-label': `${label} file` }}>
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
        <UploadFeedback progress={upload.progress} error={upload.error} label={`${label} upload progress`} />
      </Stack>
    </Input.Wrapper>
  );
}
