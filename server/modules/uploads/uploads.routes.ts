import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, OkResponse } from '../../../common/api';
import { DeleteUploadInput, UploadResponse, type UploadFolder } from '../../../common/uploads';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import { perUserRateLimit, type RateRule } from '../../platform/rate-limit';
import { receiveUpload } from './receive-upload';
import type { UploadsService } from './uploads.service';

/**
 * Uploads per user (for students: avatars). Each image is decoded and re-encoded, and each
 * stored file stays, so repeating one without end would cost CPU and disk; nobody changes
 * their picture this often.
 */
export const UPLOAD_RATE_LIMIT: RateRule = { max: 20, windowMinutes: 10 };

/**
 * The resource form's uploads (POST /admin/resources/upload-*): each route's multipart
 * field and the folder it stores into; they answer as POST /api/uploads does.
 */
const RESOURCE_UPLOADS: { path: string; field: string; folder: UploadFolder; summary: string }[] = [
  {
    path: '/admin/resources/upload-audio',
    field: 'audio',
    folder: 'resource-audio',
    summary:
      "Upload a resource's audio (multipart field `audio`): MP3, M4A, Ogg/Opus, WAV, WebM, FLAC or AAC up to 50MB, stored as sent",
  },
  {
    path: '/admin/resources/upload-video',
    field: 'video',
    folder: 'resource-videos',
    summary:
      "Upload a resource's video (multipart field `video`): MP4/M4V, WebM, QuickTime or Ogg up to 100MB, stored as sent",
  },
  {
    path: '/admin/resources/upload-image',
    field: 'image',
    folder: 'resource-thumbnails',
    summary:
      "Upload a resource's thumbnail (multipart field `image`): an image up to 5MB, re-encoded to WebP with narrower variants",
  },
];

export function uploadsRoutes(services: { uploads: UploadsService }): FastifyPluginAsyncZod {
  const { uploads } = services;
  return async (app) => {
    app.post(
      '/uploads',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(UPLOAD_RATE_LIMIT) },
        schema: {
          tags: ['uploads'],
          summary: 'Upload an image or a lesson video (multipart/form-data: folder, then file)',
          description:
            'Fields: `folder` and `file`. Image folders (`avatars`, `course-thumbnails`) take JPEG, PNG, ' +
            'WebP, GIF or AVIF up to 5MB, re-encoded to WebP without metadata (avatars 512x512, course ' +
            'thumbnails at most 1280 px wide, aspect kept, and also stored 320, 640 and 960 px wide where ' +
            'narrower, named `<name>-<width>w.webp` and listed in `variants`). `lesson-videos` takes MP4/M4V, WebM, QuickTime ' +
            'or Ogg video up to 100MB, stored as sent. `blog-banners` takes an image as course thumbnails do; ' +
            '`blog-content` an image (5MB, the same sizes) or a video (50MB); `news-thumbnails` an image as ' +
            'course thumbnails do. `resource-thumbnails` takes an image as course thumbnails do, ' +
            '`resource-videos` a video as lesson videos, `resource-audio` MP3, M4A, Ogg/Opus, WAV, WebM, FLAC ' +
            'or AAC audio up to 50MB, stored as sent. Course, blog, news and resource folders are for admins ' +
            'only. Files are served under /media.',
          consumes: ['multipart/form-data'],
          security: bearerSecurity,
          response: {
            200: UploadResponse,
            400: ApiError,
            401: ApiError,
            403: ApiError,
            413: ApiError,
            415: ApiError,
            429: ApiError,
          },
        },
      },
      async (request) => receiveUpload(request, uploads, { field: 'file' }),
    );

    app.delete(
      '/admin/cloudinary/delete',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['uploads', 'admin'],
          summary:
            'Delete an uploaded file by its public id (409 FILE_IN_USE, naming where, while a lesson, ' +
            'a course or any other record still shows it)',
          security: bearerSecurity,
          body: DeleteUploadInput,
          response: {
            200: OkResponse,
            400: ApiError,
            401: ApiError,
            403: ApiError,
            404: ApiError,
            409: ApiError,
          },
        },
      },
      async (request) => {
        await uploads.remove(request.body.publicId);
        return { success: true as const };
      },
    );

    for (const upload of RESOURCE_UPLOADS) {
      app.post(
        upload.path,
        {
          config: { access: 'admin', rateLimit: perUserRateLimit(UPLOAD_RATE_LIMIT) },
          schema: {
            tags: ['uploads', 'resources', 'admin'],
            summary: upload.summary,
            description: `Answers as POST /api/uploads does; the file is served under /media/${upload.folder}/.`,
            consumes: ['multipart/form-data'],
            security: bearerSecurity,
            response: { 200: UploadResponse, ...errorResponses(400, 401, 403, 413, 415, 429) },
          },
        },
        async (request) => receiveUpload(request, uploads, { field: upload.field, folder: upload.folder }),
      );
    }
  };
}
