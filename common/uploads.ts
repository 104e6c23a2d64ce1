import { z } from 'zod';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'Please choose an image smaller than 5MB';
export const IMAGE_TYPE_MESSAGE = 'Please choose an image file';

export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_TOO_LARGE_MESSAGE = 'Please choose a video smaller than 100MB';
export const VIDEO_TYPE_MESSAGE = 'Please choose a video file';

export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;
export const AUDIO_TOO_LARGE_MESSAGE = 'Please choose an audio file smaller than 50MB';
export const AUDIO_TYPE_MESSAGE = 'Please choose an audio file';

/**
 * Folders the media store accepts; later domains add theirs. Images (avatars, course thumbnails,
 * blog banners, news and resource thumbnails) are re-encoded to WebP; lesson and resource videos
 * and resource audio are stored as sent; blog content takes an image or a video. Every folder but
 * avatars is for admins only.
 */
export const UploadFolder = z.enum([
  'avatars',
  'course-thumbnails',
  'lesson-videos',
  'blog-banners',
  'blog-content',
  'news-thumbnails',
  'resource-videos',
  'resource-audio',
  'resource-thumbnails',
]);
export type UploadFolder = z.infer<typeof UploadFolder>;

/** One width an image is stored at, for a `srcset`. */
export const ImageVariant = z.object({ url: z.string(), width: z.number().int() });
export type ImageVariant = z.infer<typeof ImageVariant>;

export const UploadResponse = z.object({
  secure_url: z.string(),
  public_id: z.string(),
  format: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * Every width a sized image (course thumbnail, blog image) is stored at, narrowest first; the
   * last is the main file itself (`secure_url`). Empty for other uploads.
   */
  variants: z.array(ImageVariant),
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

/** Client-side check before an audio upload; the server checks the bytes again. */
export function checkAudioFile(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('audio/')) return AUDIO_TYPE_MESSAGE;
  if (file.size > AUDIO_MAX_BYTES) return AUDIO_TOO_LARGE_MESSAGE;
  return null;
}

/**
 * Widths a sized image (course thumbnails, blog banners and content images) is also stored at,
 * beside its main file (at most the last of them wide), so a page can pick the one it needs with
 * `srcset`. The list is part of the file names' contract (see imageSources): changing it needs a
 * new name form, or older images would name variants that were never made
 * (docs/decisions/0017-course-image-variants.md).
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** The variant widths an image `width` px wide gets: only narrower ones, never an enlargement. */
export const imageVariantWidths = (width: number): number[] =>
  IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width);

/** The folders whose images are stored with variants, named by their size. */
export const SIZED_IMAGE_FOLDERS = [
  'course-thumbnails',
  'blog-banners',
  'blog-content',
  'news-thumbnails',
  'resource-thumbnails',
] as const;

/**
 * A sized image's main file is `<folder>/<uuid>-<width>x<height>.webp` and each variant adds
 * `-<w>w`: the name says the intrinsic size and so which variants exist. Matches a public id or
 * any URL ending in one (`/media/…`, or a bucket's public address).
 */
const SIZED_IMAGE = new RegExp(
  `^((?:.*\\/)?(?:${SIZED_IMAGE_FOLDERS.join('|')})\\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9]\\d{0,4})x([1-9]\\d{0,4})\\.webp$`,
);

/** The name of a sized image's main file, by its intrinsic size. */
export const imageName = (stem: string, width: number, height: number) => `${stem}-${width}x${height}.webp`;

/** The name of one of its variants, beside the main file. */
export const imageVariantName = (main: string, width: number) => main.replace(/\.webp$/, `-${width}w.webp`);

export interface ImageSources {
  width: number;
  height: number;
  /** Narrowest first; the last is the main file. */
  variants: ImageVariant[];
}

/**
 * What an image URL (or public id) holds when it names a sized image stored with variants; null
 * for anything else — an image uploaded before variants were made, an external URL — which is
 * shown by its plain src.
 */
export function imageSources(url: string): ImageSources | null {
  const match = SIZED_IMAGE.exec(url);
  if (!match) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  return {
    width,
    height,
    variants: [
      ...imageVariantWidths(width).map((w) => ({ url: imageVariantName(url, w), width: w })),
      { url, width },
    ],
  };
}
