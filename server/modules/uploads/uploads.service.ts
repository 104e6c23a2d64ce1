import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  courseImageName,
  courseImageSources,
  courseImageVariantName,
  courseImageVariantWidths,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
  type UploadFolder,
  type UploadResponse,
} from '../../../common/uploads';
import { notFound, unsupportedMediaType } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createUploadsRepo } from './uploads.repo';
import { peek } from './stream-limited';

/** Image formats we accept, as detected from the file's bytes (never from its name or header). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Video formats we accept, by detected MIME type; the file keeps the detected extension. */
const VIDEO_TYPES = new Set(['video/mp4', 'video/x-m4v', 'video/webm', 'video/quicktime', 'video/ogg']);

interface ImageRule {
  width: number;
  /** Without a height the image keeps its aspect ratio and is only limited in width. */
  height?: number;
  fit: 'cover' | 'inside';
  /** Also stored at the narrower COURSE_IMAGE_WIDTHS, for `srcset`. */
  variants?: boolean;
}

/** How each image folder's images are re-encoded; later domains add their folders here. */
const FOLDER_RULES: Partial<Record<UploadFolder, ImageRule>> = {
  avatars: { width: 512, height: 512, fit: 'cover' },
  'course-thumbnails': { width: 1280, fit: 'inside', variants: true },
};

/** Folders only administrators may upload to: course content. */
const ADMIN_FOLDERS = new Set<UploadFolder>(['course-thumbnails', 'lesson-videos']);

export interface FolderPolicy {
  adminOnly: boolean;
  maxBytes: number;
  tooLargeMessage: string;
  /** The folder's files go to the store as they arrive (videos), not through memory (images). */
  streamed: boolean;
}

/** What file-type reads to recognise a file: its detectors look no further than this. */
const SNIFF_BYTES = 4100;

/** Decompression-bomb guard: refuse images with more pixels than a large photo. */
const MAX_INPUT_PIXELS = 60_000_000;

const WEBP_QUALITY = 82;

/** A course image's name in a URL or public id: `course-thumbnails/<name>.webp`. */
const COURSE_IMAGE_ID = /(?:^|\/)(course-thumbnails\/[a-z0-9-]+\.webp)$/;

/** The files a public id stands for: the file itself, then a course image's variants. */
const filesOf = (publicId: string) => [
  publicId,
  ...(courseImageSources(publicId)
    ?.variants.slice(0, -1)
    .map((variant) => variant.url) ?? []),
];

export function createUploadsService(platform: Platform) {
  const removalListeners: ((publicId: string) => Promise<void>)[] = [];
  const repo = createUploadsRepo(platform.db);

  /**
   * Re-encodes to WebP: applies the EXIF orientation, then drops all metadata (sharp keeps none
   * unless asked), so location and camera details never reach the public store.
   */
  async function reencode(data: Buffer, rule: ImageRule) {
    try {
      return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: rule.width, height: rule.height, fit: rule.fit, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // A file whose header looks like an image but whose body does not decode.
      throw unsupportedMediaType(IMAGE_TYPE_MESSAGE, 'NOT_AN_IMAGE');
    }
  }

  /**
   * The narrower widths of a course image, scaled down from its main file: decoding that small,
   * already upright WebP is cheap, and shrinking hides its compression.
   */
  async function variantsOf(main: Buffer, width: number) {
    return Promise.all(
      courseImageVariantWidths(width).map(async (w) => ({
        width: w,
        data: await sharp(main).resize({ width: w }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
  }

  /** Removes a stored file and, for a course image, its variants; a missing one is no error. */
  async function removeFiles(publicId: string): Promise<void> {
    await Promise.all(filesOf(publicId).map((id) => platform.storage.remove(id)));
  }

  /**
   * Stores the bytes (a buffer, or a stream counted as it goes), and a course image's variants
   * before its main file, and records them with their real size; the stored files are removed
   * again if anything fails.
   */
  async function store(file: {
    folder: UploadFolder;
    ext: string;
    contentType: string;
    data: Buffer | Readable;
    ownerId: string;
    width: number | null;
    height: number | null;
    variants?: { width: number; data: Buffer }[];
  }): Promise<UploadResponse> {
    const stem = `${file.folder}/${randomUUID()}`;
    // The name of a course image says its size, and so which variants exist beside it.
    const publicId =
      file.variants && file.width && file.height
        ? courseImageName(stem, file.width, file.height)
        : `${stem}.${file.ext}`;
    const variants = file.variants ?? [];
    let url: string;
    let bytes: number;
    try {
      await Promise.all(
        variants.map((variant) =>
          platform.storage.put(
            courseImageVariantName(publicId, variant.width),
            variant.data,
            file.contentType,
          ),
        ),
      );
      ({ url, bytes } = Buffer.isBuffer(file.data)
        ? { url: await platform.storage.put(publicId, file.data, file.contentType), bytes: file.data.length }
        : await platform.storage.putStream(publicId, file.data, file.contentType));
    } catch (error) {
      // A failed put leaves nothing under its id; the variants stored before it must go.
      if (variants.length > 0) await removeFiles(publicId).catch(() => {});
      throw error;
    }
    try {
      await repo.insert({
        public_id: publicId,
        folder: file.folder,
        owner_id: file.ownerId,
        content_type: file.contentType,
        bytes,
        width: file.width,
        height: file.height,
        created_at: platform.clock.now(),
      });
    } catch (error) {
      await removeFiles(publicId).catch(() => {});
      throw error;
    }
    return {
      secure_url: url,
      public_id: publicId,
      format: file.ext,
      bytes,
      width: file.width,
      height: file.height,
      variants: file.variants ? (courseImageSources(url)?.variants ?? []) : [],
    };
  }

  return {
    /** What a folder takes, who may use it and how large its files may be. */
    policy(folder: UploadFolder): FolderPolicy {
      const adminOnly = ADMIN_FOLDERS.has(folder);
      if (FOLDER_RULES[folder]) {
        return {
          adminOnly,
          maxBytes: IMAGE_MAX_BYTES,
          tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
          streamed: false,
        };
      }
      return {
        adminOnly,
        maxBytes: platform.config.UPLOAD_VIDEO_MAX_BYTES,
        tooLargeMessage: VIDEO_TOO_LARGE_MESSAGE,
        streamed: true,
      };
    },

    /**
     * A video on its way in: recognised from its first bytes, then stored as it arrives. When
     * `file` fails midway (over its limit, the client gone) the store keeps nothing and this rejects.
     */
    async uploadStream(input: {
      folder: UploadFolder;
      file: Readable;
      ownerId: string;
    }): Promise<UploadResponse> {
      const { head, whole } = await peek(input.file, SNIFF_BYTES);
      const type = await fileTypeFromBuffer(head);
      if (!type || !VIDEO_TYPES.has(type.mime)) throw unsupportedMediaType(VIDEO_TYPE_MESSAGE, 'NOT_A_VIDEO');
      return store({
        ...input,
        data: whole,
        ext: type.ext,
        contentType: type.mime,
        width: null,
        height: null,
      });
    },

    /** Forgets a stored upload the request that made it did not complete (its answer is an error). */
    async discard(publicId: string): Promise<void> {
      await repo.delete(publicId);
      await removeFiles(publicId);
    },

    async upload(input: { folder: UploadFolder; data: Buffer; ownerId: string }): Promise<UploadResponse> {
      const type = await fileTypeFromBuffer(input.data);
      const rule = FOLDER_RULES[input.folder];
      if (!rule) {
        // Videos are stored as sent: re-encoding belongs to a transcoder, not to a request.
        if (!type || !VIDEO_TYPES.has(type.mime))
          throw unsupportedMediaType(VIDEO_TYPE_MESSAGE, 'NOT_A_VIDEO');
        return store({ ...input, ext: type.ext, contentType: type.mime, width: null, height: null });
      }
      if (!type || !IMAGE_TYPES.has(type.mime))
        throw unsupportedMediaType(IMAGE_TYPE_MESSAGE, 'NOT_AN_IMAGE');
      const { data, info } = await reencode(input.data, rule);
      return store({
        folder: input.folder,
        ownerId: input.ownerId,
        data,
        ext: 'webp',
        contentType: 'image/webp',
        width: info.width,
        height: info.height,
        variants: rule.variants ? await variantsOf(data, info.width) : undefined,
      });
    },

    /** Called when a profile stops showing an avatar: the file goes once nobody shows it. */
    async discardAvatar(publicId: string): Promise<void> {
      if (await repo.deleteUnusedAvatar(publicId)) await platform.storage.remove(publicId);
    },

    /**
     * Called when a course stops showing an image (replaced, or the course deleted): an uploaded
     * course image goes, with its variants, once no course shows it. Other URLs are left alone.
     */
    async discardCourseImage(url: string): Promise<void> {
      const publicId = COURSE_IMAGE_ID.exec(url)?.[1];
      if (publicId && (await repo.deleteUnusedCourseImage(publicId))) await removeFiles(publicId);
    },

    /**
     * Another domain that keeps references to files (a profile's avatar) asks to hear of a
     * removal, so it can forget the file in the same transaction and no page points at it.
     */
    whenRemoved(listener: (publicId: string) => Promise<void>): void {
      removalListeners.push(listener);
    },

    async remove(publicId: string): Promise<void> {
      const known = await platform.tx(async () => {
        if (!(await repo.delete(publicId))) return false;
        for (const listener of removalListeners) await listener(publicId);
        return true;
      });
      if (!known) throw notFound('File not found', 'FILE_NOT_FOUND');
      await removeFiles(publicId);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
