import { ActionIcon, Button, Card, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLink, IconTrash } from '@tabler/icons-react';
import { memo, useState, type KeyboardEvent } from 'react';
import {
  checkMediaFile,
  embedUrlFor,
  MEDIA_UPLOAD_FAILED_MESSAGE,
  type BlogMediaItem,
} from '../../../../common/blog';
import { useUpload } from '../../../lib/upload';
import classes from './media-gallery-field.module.css';
import { UploadButton, UploadFeedback, UploadPercent } from '../../../components/upload-feedback';

export const EMBED_URL_INVALID = 'Please enter a YouTube or Vimeo link';

export interface MediaGalleryFieldProps {
  value: BlogMediaItem[];
  onChange: (media: BlogMediaItem[]) => void;
}

/** A YouTube or Vimeo player, stored as its own address, rather than an uploaded file. */
const isEmbed = (item: BlogMediaItem) => item.type === 'video' && embedUrlFor(item.url) === item.url;

function MediaPreview({ item, position }: { item: BlogMediaItem; position: number }) {
  if (item.type === 'image')
    return (
      <Image
        src={item.url}
        alt={item.caption || `Gallery image ${position}`}
        w={96}
        h={64}
        fit="cover"
        radius="sm"
      />
    );
  if (isEmbed(item))
    return (
      <Text size="xs" className={classes.embed} title={item.url}>
        Embedded video: {item.url}
      </Text>
    );
  return (
    <video
      src={item.url}
      className={classes.video}
      preload="metadata"
      aria-label={`Gallery video ${position}`}
    />
  );
}

/**
 * The post's gallery: images (up to 5MB) and videos (up to 50MB) uploaded with a progress bar,
 * or a YouTube or Vimeo address stored as its player's address; each with a caption, in an order
 * the admin sets with up and down.
 */
export const MediaGalleryField = memo(function MediaGalleryField({
  value,
  onChange,
}: MediaGalleryFieldProps) {
  const upload = useUpload('blog-content', MEDIA_UPLOAD_FAILED_MESSAGE);
  const [videoUrl, setVideoUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);

  const update = (index: number, patch: Partial<BlogMediaItem>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.start(file, checkMediaFile, ({ url }) =>
      onChange([...value, { url, type: file.type.startsWith('video/') ? 'video' : 'image', caption: '' }]),
    );
  };

  const handleAddUrl = () => {
    const embed = embedUrlFor(videoUrl.trim());
    setUrlError(embed ? null : EMBED_URL_INVALID);
    if (!embed) return;
    onChange([...value, { url: embed, type: 'video', caption: '' }]);
    setVideoUrl('');
  };

  const handleUrlKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    handleAddUrl();
  };

  return (
    <Input.Wrapper
      label="Media gallery"
      description="Images up to 5MB and videos up to 50MB, or a YouTube or Vimeo link."
    >
      <Stack gap="sm" mt={4}>
        {value.length > 0 && (
          <Stack gap="xs" component="ol" aria-label="Gallery items" className={classes.list}>
            {value.map((item, index) => (
              <Card key={`${index}-${item.url}`} withBorder padding="xs" component="li">
                <Group gap="sm" align="flex-start">
                  <MediaPreview item={item} position={index + 1} />
                  <TextInput
                    label={`Caption of item ${index + 1}`}
                    size="xs"
                    value={item.caption}
                    onChange={(event) => update(index, { caption: event.currentTarget.value })}
                    className={classes.caption}
                  />
                  <Group gap={2} wrap="nowrap" className={classes.actions}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move item ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move item ${index + 1} down`}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove item ${index + 1}`}
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <Group gap="sm">
          <UploadButton
            onFile={handleFile}
            accept="image/*,video/*"
            fileLabel="Media file"
            loading={upload.uploading}
          >
            Upload media
          </UploadButton>
          <UploadPercent progress={upload.progress} />
        </Group>
        <UploadFeedback progress={upload.progress} error={upload.error} label="Media upload progress" />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Video link"
            placeholder="https://www.youtube.com/watch?v=…"
            value={videoUrl}
            onChange={(event) => setVideoUrl(event.currentTarget.value)}
            onKeyDown={handleUrlKeyDown}
            error={urlError}
            className={classes.caption}
          />
          <Button
            variant="default"
            mt={25}
            onClick={handleAddUrl}
            leftSection={<IconLink size={14} aria-hidden />}
          >
            Add video
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
});
