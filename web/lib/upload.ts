import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { UploadResponse, type UploadFolder } from '../../common/uploads';
import { errorMessage, uploadForm } from './api-client';

export interface UploadInput<Folder extends UploadFolder = UploadFolder> {
  file: File;
  folder: Folder;
  onProgress?: (percent: number) => void;
}

/** Sends one file to the media store's `folder`, reporting its progress. */
export function uploadToFolder({ file, folder, onProgress }: UploadInput) {
  const form = new FormData();
  // The folder goes first: the server reads fields in order and needs it before the file streams.
  form.append('folder', folder);
  form.append('file', file);
  return uploadForm('/uploads', form, { schema: UploadResponse, onProgress });
}

/**
 * A domain's own upload route (`/admin/resources/upload-audio`, field `audio`) rather than the
 * media store's folders: the file is the form's one field, under the route's name for it.
 */
export interface UploadEndpoint {
  /** Under /api, e.g. '/admin/resources/upload-audio'. */
  path: string;
  field: string;
}

/** Sends one file to an upload route of its own, reporting its progress. */
export function uploadToEndpoint({
  file,
  endpoint,
  onProgress,
}: {
  file: File;
  endpoint: UploadEndpoint;
  onProgress?: (percent: number) => void;
}) {
  const form = new FormData();
  form.append(endpoint.field, file);
  return uploadForm(endpoint.path, form, { schema: UploadResponse, onProgress });
}

/** The upload as a mutation; `Folder` narrows which folders a feature may name. */
export function useUploadToFolder<Folder extends UploadFolder = UploadFolder>() {
  return useMutation({ mutationFn: (input: UploadInput<Folder>) => uploadToFolder(input) });
}

export interface Uploaded {
  url: string;
  file: File;
}

/**
 * One upload at a time with its progress and its failure text: a check of the file first (its
 * message shown, nothing sent), then the upload, whose refusal shows the server's reason or
 * `failedMessage`. The file goes to a media store folder, or to an upload route of its own.
 */
export function useUpload(target: UploadFolder | UploadEndpoint, failedMessage: string) {
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      typeof target === 'string'
        ? uploadToFolder({ file, folder: target, onProgress })
        : uploadToEndpoint({ file, endpoint: target, onProgress }),
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = (file: File, check: (file: File) => string | null, onUploaded: (done: Uploaded) => void) => {
    const problem = check(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setProgress(null);
          onUploaded({ url: result.secure_url, file });
        },
        onError: (failure) => {
          setProgress(null);
          setError(errorMessage(failure, failedMessage));
        },
      },
    );
  };

  return { start, progress, error, uploading: upload.isPending, clearError: () => setError(null) };
}
