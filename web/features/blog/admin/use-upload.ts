import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useUploadBlogMedia, type BlogMediaFolder } from './admin-api';

export interface Uploaded {
  url: string;
  file: File;
}

/**
 * One upload at a time with its progress and its failure text: a check of the file first (its
 * message shown, nothing sent), then the upload, whose refusal shows the server's reason or
 * `failedMessage`.
 */
export function useUpload(folder: BlogMediaFolder, failedMessage: string) {
  const upload = useUploadBlogMedia();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = (file: File, check: (file: File) => string | null, onUploaded: (done: Uploaded) => void) => {
    const problem = check(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    upload.mutate(
      { file, folder, onProgress: setProgress },
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
