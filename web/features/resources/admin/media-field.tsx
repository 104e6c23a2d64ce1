import { Button, FileButton, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { checkAudioFile, checkImageFile, checkVideoFile } from '../../../../common/uploads';
import { UploadFeedback, UploadPercent } from '../../../components/upload-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useUpload, type UploadEndpoint } from '../../../lib/upload';

export const VIDEO_UPLOAD_FAILED = 'Failed to upload video. Please try again.';
export const AUDIO_UPLOAD_FAILED = 'Failed to upload audio. Please try again.';
export const THUMBNAIL_UPLOAD_FAILED = 'Failed to upload thumbnail. Please try again.';

export type MediaKind = 'video' | 'audio' | 'image';

/** Each kind's upload route, check, messages and wording. */
const KINDS: Record<
  MediaKind,
  {
    endpoint: UploadEndpoint;
    accept: string;
    check: (file: File) => string | null;
    failed: string;
    uploaded: string;
    noun: string;
    hint: string;
  }
> = {
  video: {
    endpoint: { path: '/admin/resources/upload-video', field: 'video' },
    accept: 'video/*',
    check: checkVideoFile,
    failed: VIDEO_UPLOAD_FAILED,
    uploaded: 'Video Uploaded',
    noun: 'video',
    hint: 'A video file up to 100MB, or an https address.',
  },
  audio: {
    endpoint: { path: '/admin/resources/upload-audio', field: 'audio' },
    accept: 'audio/*',
    check: checkAudioFile,
    failed: AUDIO_UPLOAD_FAILED,
    uploaded: 'Audio Uploaded',
    noun: 'audio',
    hint: 'An audio file up to 50MB, or an https address.',
  },
  image: {
    endpoint: { path: '/admin/resources/upload-image', field: 'image' },
    accept: 'image/*',
    check: checkImageFile,
    failed: THUMBNAIL_UPLOAD_FAILED,
    uploaded: 'Image Uploaded',
    noun: 'image',
    hint: 'An image up to 5MB.',
  },
};

export interface MediaFieldProps {
  kind: MediaKind;
  /** 'Video', 'Audio', 'Thumbnail'. */
  label: string;
  /** The file's address; '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  required?: boolean;
}

/**
 * A resource's video, audio or thumbnail: a file checked before it is sent and uploaded with a
 * progress bar, or (video and audio) an https address typed in. The thumbnail is previewed.
 */
export function MediaField({ kind, label, value, onChange, error, required }: MediaFieldProps) {
  const spec = KINDS[kind];
  const upload = useUpload(spec.endpoint, spec.failed);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.start(file, spec.check, ({ url }) => {
      onChange(url);
      notifySuccess(spec.uploaded);
    });
  };

  const picker = (
    <Group gap="sm">
      <FileButton onChange={handleFile} accept={spec.accept} inputProps={{ 'aria-label': `${label} file` }}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} aria-hidden />}
            loading={upload.uploading}
          >
            {value ? `Replace ${spec.noun}` : `Upload ${spec.noun}`}
          </Button>
        )}
      </FileButton>
      {value && kind === 'image' && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => onChange('')}
        >
          Remove {spec.noun}
        </Button>
      )}
      <UploadPercent progress={upload.progress} />
    </Group>
  );
  const feedback = (
    <UploadFeedback progress={upload.progress} error={upload.error} label={`${label} upload progress`} />
  );

  if (kind === 'image') {
    return (
      <Input.Wrapper label={label} description={spec.hint} error={error}>
        <Stack gap={6} mt={4}>
          {value && <Image src={value} alt={`${label} preview`} radius="sm" mah={160} fit="cover" />}
          {picker}
          {feedback}
        </Stack>
      </Input.Wrapper>
    );
  }
  return (
    <Stack gap={6}>
      <TextInput
        label={`${label} address`}
        description={spec.hint}
        placeholder="https://…"
        required={required}
        value={value}
        error={error}
        onChange={(event) => {
          upload.clearError();
          onChange(event.currentTarget.value);
        }}
      />
      {picker}
      {feedback}
    </Stack>
  );
}
