import { Button, Group, Image, Input, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { checkImageFile, type UploadFolder } from '../../common/uploads';
import { notifySuccess } from '../lib/notify';
import { useUpload, type UploadEndpoint } from '../lib/upload';
import { UploadButton, UploadFeedback, UploadPercent } from './upload-feedback';

export const IMAGE_UPLOADED = 'Image Uploaded';

export interface ImageUploadFieldProps {
  /** Where the image goes: a media folder, or a route of its own with its field name. */
  target: UploadFolder | UploadEndpoint;
  /** The message of a failed upload ('Failed to upload image. Please try again.', …). */
  failedMessage: string;
  label?: string;
  /** What the preview and the progress bar are named after: the label unless given ('Banner'). */
  name?: string;
  /** The buttons' word for it: Upload / Replace / Remove image, or banner. */
  noun?: string;
  description?: string;
  /** The check before sending: type and size, with the form's own messages. */
  check?: (file: File) => string | null;
  previewHeight?: number;
  /** Said once the image is uploaded; null for nothing. */
  uploadedMessage?: string | null;
  /** The image's address; '' when the item has none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * An item's image (a news or resource thumbnail, a post's banner): checked before it is sent,
 * uploaded with a progress bar, previewed and removable.
 */
export function ImageUploadField({
  target,
  failedMessage,
  label = 'Thumbnail',
  name = label,
  noun = 'image',
  description = 'An image up to 5MB.',
  check = checkImageFile,
  previewHeight = 160,
  uploadedMessage = IMAGE_UPLOADED,
  value,
  onChange,
  error,
}: ImageUploadFieldProps) {
  const upload = useUpload(target, failedMessage);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.start(file, check, ({ url }) => {
      onChange(url);
      if (uploadedMessage) notifySuccess(uploadedMessage);
    });
  };

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap={6} mt={4}>
        {value && <Image src={value} alt={`${name} preview`} radius="sm" mah={previewHeight} fit="cover" />}
        <Group gap="sm">
          <UploadButton
            onFile={handleFile}
            accept="image/*"
            fileLabel={`${label} file`}
            loading={upload.uploading}
          >
            {value ? `Replace ${noun}` : `Upload ${noun}`}
          </UploadButton>
          {value && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onChange('')}
            >
              {`Remove ${noun}`}
            </Button>
          )}
          <UploadPercent progress={upload.progress} />
        </Group>
        <UploadFeedback progress={upload.progress} error={upload.error} label={`${name} upload progress`} />
      </Stack>
    </Input.Wrapper>
  );
}
