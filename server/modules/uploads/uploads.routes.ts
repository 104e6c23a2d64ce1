import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, OkResponse } from '../../../common/api';
import {
  DeleteUploadInput,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  UploadFolder,
  UploadResponse,
} from '../../../common/uploads';
import { requireAuth } from '../../platform/auth';
import { badRequest, payloadTooLarge, unsupportedMediaType, bearerSecurity } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createUploadsService } from './uploads.service';

export const NO_FILE_MESSAGE = 'Please choose a file to upload';
export const FOLDER_REQUIRED_MESSAGE = 'Folder is required';
export const UNKNOWN_FOLDER_MESSAGE = `Folder must be one of: ${UploadFolder.options.join(', ')}`;

/**
 * Reads the `folder` field and the `file` part of a multipart upload, in either order. The file is
 * buffered up to IMAGE_MAX_BYTES; a larger one is read to its end (and dropped) and answered with
 * 413, so the client always gets the answer.
 */
async function readUpload(request: FastifyRequest): Promise<{ folder: UploadFolder; data: Buffer }> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType('Please send the file as multipart/form-data', 'NOT_MULTIPART');
  }
  let folder: string | undefined;
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') data = buffer;
      } else if (part.fieldname === 'folder') {
        folder = String(part.value).trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(IMAGE_TOO_LARGE_MESSAGE, 'FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please upload one file at a time', 'TOO_MANY_FILES');
    throw error;
  }
  if (!folder) throw badRequest(FOLDER_REQUIRED_MESSAGE, 'FOLDER_REQUIRED');
  const parsed = UploadFolder.safeParse(folder);
  if (!parsed.success) throw badRequest(UNKNOWN_FOLDER_MESSAGE, 'UNKNOWN_FOLDER');
  if (!data || data.length === 0) throw badRequest(NO_FILE_MESSAGE, 'FILE_REQUIRED');
  return { folder: parsed.data, data };
}

export function uploadsRoutes(platform: Platform): FastifyPluginAsyncZod {
  const uploads = createUploadsService(platform);
  return async (app) => {
    app.post(
      '/uploads',
      {
        config: { access: 'user' },
        schema: {
          tags: ['uploads'],
          summary: 'Upload an image (multipart/form-data: folder, then file)',
          description:
            'Fields: `folder` (one of the upload folders, e.g. avatars) and `file` (JPEG, PNG, WebP, GIF or ' +
            'AVIF, at most 5MB). The image is re-encoded to WebP without metadata and served under /media.',
          consumes: ['multipart/form-data'],
          security: bearerSecurity,
          response: {
            200: UploadResponse,
            400: ApiError,
            401: ApiError,
            413: ApiError,
            415: ApiError,
          },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { folder, data } = await readUpload(request);
        return uploads.upload({ folder, data, ownerId: auth.user.id });
      },
    );

    app.delete(
      '/admin/cloudinary/delete',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['uploads', 'admin'],
          summary: 'Delete an uploaded file by its public id',
          security: bearerSecurity,
          body: DeleteUploadInput,
          response: { 200: OkResponse, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
        },
      },
      async (request) => {
        await uploads.remove(request.body.publicId);
        return { success: true as const };
      },
    );
  };
}
