import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_TYPE_MESSAGE, type UploadFolder, type UploadResponse } from '../../../common/uploads';
import { notFound, unsupportedMediaType } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createUploadsRepo } from './uploads.repo';

/** Image formats we accept, as detected from the file's bytes (never from its name or header). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** How each folder's images are re-encoded; later domains add their folders here. */
const FOLDER_RULES: Record<UploadFolder, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  avatars: { width: 512, height: 512, fit: 'cover' },
};

/** Decompression-bomb guard: refuse images with more pixels than a large photo. */
const MAX_INPUT_PIXELS = 60_000_000;

export function createUploadsService(platform: Platform) {
  const repo = createUploadsRepo(platform.db);

  /**
   * Re-encodes to WebP: applies the EXIF orientation, then drops all metadata (sharp keeps none
   * unless asked), so location and camera details never reach the public store.
   */
  async function reencode(data: Buffer, folder: UploadFolder) {
    const rule = FOLDER_RULES[folder];
    try {
      return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: rule.width, height: rule.height, fit: rule.fit, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // A file whose header looks like an image but whose body does not decode.
      throw unsupportedMediaType(IMAGE_TYPE_MESSAGE, 'NOT_AN_IMAGE');
    }
  }

  return {
    async upload(input: { folder: UploadFolder; data: Buffer; ownerId: string }): Promise<UploadResponse> {
      const type = await fileTypeFromBuffer(input.data);
      if (!type || !IMAGE_TYPES.has(type.mime))
        throw unsupportedMediaType(IMAGE_TYPE_MESSAGE, 'NOT_AN_IMAGE');
      const { data, info } = await reencode(input.data, input.folder);

      const publicId = `${input.folder}/${randomUUID()}.webp`;
      const url = await platform.storage.put(publicId, data, 'image/webp');
      try {
        await repo.insert({
          public_id: publicId,
          folder: input.folder,
          owner_id: input.ownerId,
          content_type: 'image/webp',
          bytes: data.length,
          width: info.width,
          height: info.height,
          created_at: platform.clock.now(),
        });
      } catch (error) {
        await platform.storage.remove(publicId).catch(() => {});
        throw error;
      }
      return {
        secure_url: url,
        public_id: publicId,
        format: 'webp',
        bytes: data.length,
        width: info.width,
        height: info.height,
      };
    },

    async remove(publicId: string): Promise<void> {
      if (!(await repo.delete(publicId))) throw notFound('File not found', 'FILE_NOT_FOUND');
      await platform.storage.remove(publicId);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
