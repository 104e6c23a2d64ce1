import { Button, FileButton, Group, Image, Input, Stack } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { memo } from 'react';
import { BANNER_UPLOAD_FAILED_MESSAGE, checkBannerFile } from '../../../../common/blog';
import { useUpload } from '../../../lib/upload';
import { UploadFeedback, UploadPercent } from '../../../components/upload-feedback';

export interface BannerFieldProps {
  /** The banner's URL; '' when the post has none. */
  value: string;
  onChange: (url: string) => void;
}

/** The post's banner: an image up to 5MB, uploaded with a progress bar, previewed, removable. */
export const BannerField = memo(function BannerField({ value, onChange }: BannerFieldProps) {
  const upload = useUpload('blog-banners', BANNER_UPLOAD_FAILED_MESSAGE);

  const handleFile = (file: File | null) => {
    if (file) upload.start(file, checkBannerFile, ({ url }) => onChange(url));
  };

  return (
    <Input.Wrapper label="Banner image" description="An image up to 5MB, shown above the post.">
      <Stack gap={6} mt={4}>
        {value && <Image src={value} alt="Banner preview" radius="sm" mah={220} fit="cover" />}
        <Group gap="sm">
          <FileButton
            onChange={handleFile}
            accept="image/*"
            inputProps={{ 'aria-label': 'Banner image file' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={upload.uploading}
              >
                {value ? 'Replace banner' : 'Upload banner'}
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
              Remove banner
            </Button>
          )}
          <UploadPercent progress={upload.progress} />
        </Group>
        <UploadFeedback progress={upload.progress} error={upload.error} label="Banner upload progress" />
      </Stack>
    </Input.Wrapper>
  );
});
