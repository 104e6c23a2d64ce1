import { z } from 'zod';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'Please choose an image smaller than 5MB';
export const IMAGE_TYPE_MESSAGE = 'Please choose an image file';

export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_TOO_LARGE_MESSAGE = 'Please choose a video smaller than 100MB';
export const VIDEO_TYPE_MESSAGE = 'Please choose a video file';

/**
 * Folders the media store accepts; later domains add theirs. Images (avatars, course thumbnails)
 * are re-encoded to WebP; lesson videos are stored as sent. Course folders are for admins only.
 */
export const UploadFolder = z.enum(['avatars', 'course-thumbnails', 'lesson-videos']);
export type UploadFolder = z.infer<typeof UploadFolder>;

export const UploadResponse = z.object({
  secure_url: z.string(),
  public_id: z.string(),
  format: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

export const DeleteUploadInput = z.object({
  publicId: z.string({ error: 'publicId is required' }).trim().min(1, 'publicId is required').max(300),
});
export type DeleteUploadInput = z.infer<typeof DeleteUploadInput>;

/** Client-side check before an image upload; the server checks the bytes again. */
export function checkImageFile(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** Client-side check before a video upload; the server checks the bytes again. */
export function checkVideoFile(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('video/')) return VIDEO_TYPE_MESSAGE;
  if (file.size > VIDEO_MAX_BYTES) return VIDEO_TOO_LARGE_MESSAGE;
  return null;
}
