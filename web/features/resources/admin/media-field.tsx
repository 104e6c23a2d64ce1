import { Group, Stack, TextInput } from '@mantine/core';
import { checkAudioFile, checkVideoFile } from '../../../../common/uploads';
import { ImageUploadField, type ImageUploadFieldProps } from '../../../components/image-upload-field';
import { UploadButton, UploadFeedback, UploadPercent } from '../../../components/upload-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useUpload, type UploadEndpoint } from '../../../lib/upload';

export const VIDEO_UPLOAD_FAILED = 'Failed to upload video. Please try again.';
export const AUDIO_UPLOAD_FAILED = 'Failed to upload audio. Please try again.';
export const THUMBNAIL_UPLOAD_FAILED = 'Failed to upload thumbnail. Please try again.';

export type MediaKind = 'video' | 'audio';

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
};

/** The resource's thumbnail: the shared image field, posting to the resources' image route. */
export function ResourceThumbnailField(props: Omit<ImageUploadFieldProps, 'target' | 'failedMessage'>) {
  return (
    <ImageUploadField
      target={{ path: '/admin/resources/upload-image', field: 'image' }}
      failedMessage={THUMBNAIL_UPLOAD_FAILED}
      {...props}
    />
  );
}

export interface MediaFieldProps {
  kind: MediaKind;
  /** 'Video' or 'Audio'. */
  label: string;
  /** The file's address; '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  required?: boolean;
}

/**
 * A resource's video or audio: a file checked before it is sent and uploaded with a progress bar,
 * or an https address typed in.
 */
export function MediaField({ kind, label, value, onChange, error, required }: MediaFieldProps) {
  const media = KINDS[kind];
  const upload = useUpload(media.endpoint, media.failed);

  const handleFile = (file: File | null) => {
    if (!file) return;
    upload.start(file, media.check, ({ url }) => {
      onChange(url);
      notifySuccess(media.uploaded);
    });
  };

  const picker = (
    <Group gap="sm">
      <UploadButton
        onFile={handleFile}
        accept={media.accept}
        fileLabel={`${label} file`}
        loading={upload.uploading}
      >
        {value ? `Replace ${media.noun}` : `Upload ${media.noun}`}
      </UploadButton>
      <UploadPercent progress={upload.progress} />
    </Group>
  );
  const feedback = (
    <UploadFeedback progress={upload.progress} error={upload.error} label={`${label} upload progress`} />
  );

  return (
    <Stack gap={6}>
      <TextInput
        label={`${label} address`}
        description={media.hint}
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
