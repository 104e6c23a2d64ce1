import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  BANNER_TOO_LARGE_MESSAGE,
  BANNER_TYPE_MESSAGE,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_VIDEO_MAX,
  MEDIA_IMAGE_TOO_LARGE_MESSAGE,
  MEDIA_TYPE_MESSAGE,
  MEDIA_VIDEO_TOO_LARGE_MESSAGE,
} from '../../../common/blog';
import {
  AUDIO_MAX_BYTES,
  AUDIO_TOO_LARGE_MESSAGE,
  AUDIO_TYPE_MESSAGE,
  imageName,
  imageSources,
  imageVariantName,
  imageVariantWidths,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
  type UploadFolder,
  type UploadResponse,
} from '../../../common/uploads';
import { conflict, notFound, payloadTooLarge, unsupportedMediaType } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createUploadsRepo } from './uploads.repo';
import { peek } from './stream-limited';

/** Image formats we accept, as detected from the file's bytes (never from its name or header). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Video formats we accept, by detected MIME type; the file keeps the detected extension. */
const VIDEO_TYPES = new Set(['video/mp4', 'video/x-m4v', 'video/webm', 'video/quicktime', 'video/ogg']);

/**
 * Audio formats we accept, by detected MIME type: MP3, M4A/MP4 audio, Ogg Vorbis or Opus, WAV,
 * FLAC and AAC. WebM audio is detected as `video/webm` (the container does not say whether it
 * holds a picture), so an audio folder takes that too and stores it as `audio/webm`.
 */
const AUDIO_TYPES = new Map([
  ['audio/mpeg', 'audio/mpeg'],
  ['audio/mp4', 'audio/mp4'],
  ['audio/x-m4a', 'audio/mp4'],
  ['audio/ogg', 'audio/ogg'],
  ['audio/ogg; codecs=opus', 'audio/ogg'],
  ['audio/wav', 'audio/wav'],
  ['audio/flac', 'audio/flac'],
  ['audio/aac', 'audio/aac'],
  ['video/webm', 'audio/webm'],
]);

interface ImageRule {
  width: number;
  /** Without a height the image keeps its aspect ratio and is only limited in width. */
  height?: number;
  fit: 'cover' | 'inside';
  /** Also stored at the narrower IMAGE_VARIANT_WIDTHS, for `srcset`. */
  variants?: boolean;
  maxBytes: number;
  tooLargeMessage: string;
}

interface VideoRule {
  /** Null: the configured UPLOAD_VIDEO_MAX_BYTES. */
  maxBytes: number | null;
  tooLargeMessage: string;
}

interface AudioRule {
  maxBytes: number;
  tooLargeMessage: string;
}

/** What a folder takes: images (re-encoded), videos or audio (stored as sent), or images and videos. */
interface FolderRule {
  adminOnly: boolean;
  image?: ImageRule;
  video?: VideoRule;
  audio?: AudioRule;
  /** The answer to a file of a kind the folder does not take. */
  typeMessage: string;
}

/** A sized image at most 1280 px wide, aspect kept, with its narrower variants. */
const sized = (maxBytes: number, tooLargeMessage: string): ImageRule => ({
  width: 1280,
  fit: 'inside',
  variants: true,
  maxBytes,
  tooLargeMessage,
});

/** Each folder's rules; later domains add their folders here. */
const FOLDER_RULES: Record<UploadFolder, FolderRule> = {
  avatars: {
    adminOnly: false,
    image: {
      width: 512,
      height: 512,
      fit: 'cover',
      maxBytes: IMAGE_MAX_BYTES,
      tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
    },
    typeMessage: IMAGE_TYPE_MESSAGE,
  },
  'course-thumbnails': {
    adminOnly: true,
    image: sized(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    typeMessage: IMAGE_TYPE_MESSAGE,
  },
  'lesson-videos': {
    adminOnly: true,
    video: { maxBytes: null, tooLargeMessage: VIDEO_TOO_LARGE_MESSAGE },
    typeMessage: VIDEO_TYPE_MESSAGE,
  },
  'blog-banners': {
    adminOnly: true,
    image: sized(IMAGE_MAX_BYTES, BANNER_TOO_LARGE_MESSAGE),
    typeMessage: BANNER_TYPE_MESSAGE,
  },
  'blog-content': {
    adminOnly: true,
    image: sized(BLOG_IMAGE_MAX_BYTES, MEDIA_IMAGE_TOO_LARGE_MESSAGE),
    video: { maxBytes: BLOG_VIDEO_MAX, tooLargeMessage: MEDIA_VIDEO_TOO_LARGE_MESSAGE },
    typeMessage: MEDIA_TYPE_MESSAGE,
  },
  'news-thumbnails': {
    adminOnly: true,
    image: sized(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    typeMessage: IMAGE_TYPE_MESSAGE,
  },
  'resource-videos': {
    adminOnly: true,
    video: { maxBytes: null, tooLargeMessage: VIDEO_TOO_LARGE_MESSAGE },
    typeMessage: VIDEO_TYPE_MESSAGE,
  },
  'resource-audio': {
    adminOnly: true,
    audio: { maxBytes: AUDIO_MAX_BYTES, tooLargeMessage: AUDIO_TOO_LARGE_MESSAGE },
    typeMessage: AUDIO_TYPE_MESSAGE,
  },
  'resource-thumbnails': {
    adminOnly: true,
    image: sized(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    typeMessage: IMAGE_TYPE_MESSAGE,
  },
};

export interface FolderPolicy {
  adminOnly: boolean;
  maxBytes: number;
  tooLargeMessage: string;
  /** The folder's files go to the store as they arrive (videos, audio), not through memory (images). */
  streamed: boolean;
}

/** What file-type reads to recognise a file: its detectors look no further than this. */
const SNIFF_BYTES = 4100;

/** Decompression-bomb guard: refuse images with more pixels than a large photo. */
const MAX_INPUT_PIXELS = 60_000_000;

const WEBP_QUALITY = 82;

/**
 * The name uploads gives a file, after its folder: a UUID, then for a sized image its size, and
 * the extension. A file named otherwise (the demo's videos and audio, named by their content) is
 * never released: an administrator removes it.
 */
const UPLOADED_NAME = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[a-z0-9-]*\\.[a-z0-9]+';

/**
 * A domain whose records show uploaded files, as it registers with uploads: uploads reads no
 * other domain's table, it asks the owners.
 */
export interface MediaOwner {
  /** The folders of the files it lets go of (`release`); it may show others' files too. */
  folders: readonly UploadFolder[];
  /**
   * Where its records show a file, as a person would name each place (`course "Tai Chi"`): a
   * select of one text column, `place`, which uploads runs inside its own statements.
   */
  uses(publicId: string): SQL;
  /**
   * For a file it shows only where it can stop (a profile picture): called in the transaction of
   * an administrator's removal, which then goes ahead. An owner without it refuses the removal.
   */
  forget?(publicId: string): Promise<void>;
}

/** What a domain whose records show files needs from uploads (server/modules/index.ts passes it in). */
export interface MediaRegistry {
  register(owner: MediaOwner): OwnedFiles;
}

/** What a registered owner does with the files of its folders. */
export interface OwnedFiles {
  /**
   * Its record stopped showing the file `reference` names (its public id, or a URL ending in
   * it): the file goes, with a sized image's variants, once no owner of its folder shows it.
   * Other references (an https address, another folder's file) are left alone.
   */
  release(reference: string): Promise<void>;
}

const codeForType = (rule: FolderRule) =>
  rule.audio
    ? 'NOT_AN_AUDIO'
    : rule.image && rule.video
      ? 'NOT_IMAGE_OR_VIDEO'
      : rule.image
        ? 'NOT_AN_IMAGE'
        : 'NOT_A_VIDEO';

/** The detected type a streamed folder takes, and what the file is stored as; null for any other. */
function streamedType(rule: FolderRule, mime: string | undefined): string | null {
  if (!mime) return null;
  if (rule.audio) return AUDIO_TYPES.get(mime) ?? null;
  return rule.video && VIDEO_TYPES.has(mime) ? mime : null;
}

/** What `owners` show of a file, each as a select of the places. */
const usesOf = (publicId: string, owners: MediaOwner[]) => owners.map((owner) => owner.uses(publicId));

/** The files a public id stands for: the file itself, then a sized image's variants. */
const filesOf = (publicId: string) => [
  publicId,
  ...(imageSources(publicId)
    ?.variants.slice(0, -1)
    .map((variant) => variant.url) ?? []),
];

export function createUploadsService(platform: Platform) {
  // In the order they register, which is the order an administrator reads the places in.
  const owners: MediaOwner[] = [];
  const repo = createUploadsRepo(platform.db);

  /**
   * Re-encodes to WebP: applies the EXIF orientation, then drops all metadata (sharp keeps none
   * unless asked), so location and camera details never reach the public store.
   */
  async function reencode(data: Buffer, rule: ImageRule, typeMessage: string) {
    try {
      return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: rule.width, height: rule.height, fit: rule.fit, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // A file whose header looks like an image but whose body does not decode.
      throw unsupportedMediaType(typeMessage, 'NOT_AN_IMAGE');
    }
  }

  /**
   * The narrower widths of a sized image, scaled down from its main file: decoding that small,
   * already upright WebP is cheap, and shrinking hides its compression.
   */
  async function variantsOf(main: Buffer, width: number) {
    return Promise.all(
      imageVariantWidths(width).map(async (w) => ({
        width: w,
        data: await sharp(main).resize({ width: w }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
  }

  /** Removes a stored file and, for a sized image, its variants; a missing one is no error. */
  async function removeFiles(publicId: string): Promise<void> {
    await Promise.all(filesOf(publicId).map((id) => platform.storage.remove(id)));
  }

  /**
   * Stores the bytes (a buffer, or a stream counted as it goes), and a sized image's variants
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
    // The name of a sized image says its size, and so which variants exist beside it.
    const publicId =
      file.variants && file.width && file.height
        ? imageName(stem, file.width, file.height)
        : `${stem}.${file.ext}`;
    const variants = file.variants ?? [];
    let url: string;
    let bytes: number;
    try {
      await Promise.all(
        variants.map((variant) =>
          platform.storage.put(imageVariantName(publicId, variant.width), variant.data, file.contentType),
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
      variants: file.variants ? (imageSources(url)?.variants ?? []) : [],
    };
  }

  return {
    /**
     * What a folder takes, who may use it and how large its files may be. A folder of images and
     * videos is read into memory up to its video limit, since its kind is known only from the
     * bytes; only administrators use one.
     */
    policy(folder: UploadFolder): FolderPolicy {
      const rule = FOLDER_RULES[folder];
      if (rule.audio) {
        return {
          adminOnly: rule.adminOnly,
          maxBytes: rule.audio.maxBytes,
          tooLargeMessage: rule.audio.tooLargeMessage,
          streamed: true,
        };
      }
      if (rule.video) {
        return {
          adminOnly: rule.adminOnly,
          maxBytes: rule.video.maxBytes ?? platform.config.UPLOAD_VIDEO_MAX_BYTES,
          tooLargeMessage: rule.video.tooLargeMessage,
          streamed: !rule.image,
        };
      }
      return {
        adminOnly: rule.adminOnly,
        maxBytes: rule.image!.maxBytes,
        tooLargeMessage: rule.image!.tooLargeMessage,
        streamed: false,
      };
    },

    /**
     * A video or an audio file on its way in: recognised from its first bytes, then stored as it
     * arrives. When `file` fails midway (over its limit, the client gone) the store keeps nothing
     * and this rejects.
     */
    async uploadStream(input: {
      folder: UploadFolder;
      file: Readable;
      ownerId: string;
    }): Promise<UploadResponse> {
      const rule = FOLDER_RULES[input.folder];
      const { head, whole } = await peek(input.file, SNIFF_BYTES);
      const type = await fileTypeFromBuffer(head);
      const contentType = streamedType(rule, type?.mime);
      if (!type || !contentType) throw unsupportedMediaType(rule.typeMessage, codeForType(rule));
      return store({
        ...input,
        data: whole,
        ext: type.ext,
        contentType,
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
      if (rule.image && type && IMAGE_TYPES.has(type.mime)) {
        if (input.data.length > rule.image.maxBytes)
          throw payloadTooLarge(rule.image.tooLargeMessage, 'FILE_TOO_LARGE');
        const { data, info } = await reencode(input.data, rule.image, rule.typeMessage);
        return store({
          folder: input.folder,
          ownerId: input.ownerId,
          data,
          ext: 'webp',
          contentType: 'image/webp',
          width: info.width,
          height: info.height,
          variants: rule.image.variants ? await variantsOf(data, info.width) : undefined,
        });
      }
      // Videos and audio are stored as sent: re-encoding belongs to a transcoder, not to a request.
      const asSent = streamedType(rule, type?.mime);
      if (type && asSent)
        return store({ ...input, ext: type.ext, contentType: asSent, width: null, height: null });
      throw unsupportedMediaType(rule.typeMessage, codeForType(rule));
    },

    /**
     * A domain whose records show files registers here (its service does, with the uploads
     * service server/modules/index.ts passes in), and gets what lets go of its folders' files.
     */
    register(owner: MediaOwner): OwnedFiles {
      owners.push(owner);
      const named = new RegExp(`(?:^|/)((${owner.folders.join('|')})/${UPLOADED_NAME})$`);
      return {
        async release(reference) {
          const [, publicId, folder] = named.exec(reference) ?? [];
          if (!publicId || !folder) return;
          const keepers = owners.filter((other) => other.folders.includes(folder as UploadFolder));
          if (await repo.deleteUnused(publicId, folder, usesOf(publicId, keepers)))
            await removeFiles(publicId);
        },
      };
    },

    /**
     * An administrator's removal of a file. A file an owner still shows is refused (409
     * FILE_IN_USE), naming where; one only an owner that can stop showing it shows (a profile
     * picture) is forgotten there instead, in the same transaction.
     */
    async remove(publicId: string): Promise<void> {
      const known = await platform.tx(async () => {
        const refusing = owners.filter((owner) => !owner.forget);
        const places = await repo.places(usesOf(publicId, refusing));
        if (places.length > 0) {
          throw conflict(
            `This file is still used by ${places.join(', ')}. Remove it there first.`,
            'FILE_IN_USE',
            { used_by: places },
          );
        }
        if (!(await repo.delete(publicId))) return false;
        for (const owner of owners) await owner.forget?.(publicId);
        return true;
      });
      if (!known) throw notFound('File not found', 'FILE_NOT_FOUND');
      await removeFiles(publicId);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The media store's records: `app.uploads.register(owner)` for a domain whose records show files. */
    uploads: UploadsService;
  }
}
