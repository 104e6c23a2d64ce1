import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { checkImageFile, checkVideoFile } from '../../../../common/uploads';
import { errorMessage } from '../../../lib/api-client';
import { useUploadCourseMedia, type CourseMediaFolder } from './admin-api';
import { UploadButton, UploadFeedback, UploadPercent } from '../../../components/upload-feedback';

export const IMAGE_UPLOAD_FAILED = 'Failed to upload image. Please try again.';
export const VIDEO_UPLOAD_FAILED = 'Failed to upload video. Please try again.';

const KINDS = {
  'course-thumbnails': {
    accept: 'image/*',
    check: checkImageFile,
    failed: IMAGE_UPLOAD_FAILED,
    label: 'Upload image',
  },
  'lesson-videos': {
    accept: 'video/*',
    check: checkVideoFile,
    failed: VIDEO_UPLOAD_FAILED,
    label: 'Upload video',
  },
} as const;

export interface MediaUploadProps {
  folder: CourseMediaFolder;
  /** Called with the stored file's URL once the upload finishes. */
  onUploaded: (url: string) => void;
  /** Accessible name of the button, e.g. 'Upload thumbnail'. */
  label?: string;
}

/** Picks a file, checks its type and size, uploads it with a progress bar. */
export function MediaUpload({ folder, onUploaded, label }: MediaUploadProps) {
  const kind = KINDS[folder];
  const upload = useUploadCourseMedia();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = (file: File | null) => {
    if (!file) return;
    const problem = kind.check(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    upload.mutate(
      { file, folder, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setProgress(null);
          onUploaded(result.secure_url);
        },
        onError: (failure) => {
          setProgress(null);
          setError(errorMessage(failure, kind.failed));
        },
      },
    );
  };

  return (
    <Stack gap={6}>
      <Group gap="sm">
        <UploadButton onFile={handleFile} accept={kind.accept} loading={upload.isPending}>
          {label ?? kind.label}
        </UploadButton>
        <UploadPercent progress={progress} />
      </Group>
      <UploadFeedback progress={progress} error={error} label="Upload progress" />
    </Stack>
  );
}
