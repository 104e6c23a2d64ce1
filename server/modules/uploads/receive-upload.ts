import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { UploadFolder, type UploadResponse } from '../../../common/uploads';
import { requireAuth, type AuthContext } from '../../platform/auth';
import { badRequest, forbidden, payloadTooLarge, unsupportedMediaType } from '../../platform/errors';
import { streamLimited } from './stream-limited';
import type { FolderPolicy, UploadsService } from './uploads.service';

export const NO_FILE_MESSAGE = 'Please choose a file to upload';
export const FOLDER_REQUIRED_MESSAGE = 'Folder is required';
export const UNKNOWN_FOLDER_MESSAGE = `Folder must be one of: ${UploadFolder.options.join(', ')}`;

/**
 * Reads a file stream into one buffer, copying each byte once: when the request states its length
 * (an upper bound for the file) the buffer is allocated up front, otherwise the chunks are joined
 * at the end. Past `limit` the rest is read and dropped, so the client still gets the answer;
 * returns null then.
 */
async function readLimited(file: Readable & { truncated?: boolean }, limit: number, lengthHint: number) {
  let target =
    Number.isSafeInteger(lengthHint) && lengthHint > 0
      ? Buffer.allocUnsafe(Math.min(lengthHint, limit))
      : null;
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    if (tooLarge) continue;
    if (size + chunk.length > limit) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    if (target && size + chunk.length > target.length) {
      // A length header that understates the body: fall back to joining chunks.
      chunks.push(target.subarray(0, size));
      target = null;
    }
    if (target) chunk.copy(target, size);
    else chunks.push(chunk);
    size += chunk.length;
  }
  if (tooLarge || file.truncated) return null;
  return target ? target.subarray(0, size) : Buffer.concat(chunks, size);
}

async function drain(file: Readable) {
  for await (const _chunk of file) void _chunk;
}

/** What a multipart upload held: a file read into memory, or one already stored as it arrived. */
type ReadUpload =
  | { folder: UploadFolder; data: Buffer; stored?: never }
  | { folder: UploadFolder; stored: UploadResponse; data?: never };

/**
 * Where a multipart upload's file is: the part named `field`, and its folder — named by the route
 * (`folder`), or else by the form's `folder` field.
 */
export interface UploadTarget {
  field: string;
  folder?: UploadFolder;
}

/**
 * Reads the `folder` field and the file part of a multipart upload, in either order (or only the
 * file, when the route names its folder), holding
 * each folder to its own size limit while the file streams in (a file sent before its folder is
 * held to the largest limit the caller may use, then to its folder's). An oversize file is read to
 * its end (and dropped) and answered with 413, so the client always gets the answer. Students get
 * 403 on the admin folders.
 *
 * A file whose folder came first, names a streamed folder (videos) and is the caller's to use goes
 * to `storeStream` as it arrives and never sits whole in memory. Any other file is read into
 * memory as before: images are small and re-encoded from a buffer anyway, and while a file sent
 * before its folder arrives neither its kind nor its limit is known, so it cannot go anywhere yet
 * (the web app always sends the folder first).
 */
async function readUpload(
  request: FastifyRequest,
  auth: AuthContext,
  target: UploadTarget,
  policy: (folder: UploadFolder) => FolderPolicy,
  storeStream: (folder: UploadFolder, file: Readable) => Promise<UploadResponse>,
  discard: (publicId: string) => Promise<void>,
): Promise<ReadUpload> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType('Please send the file as multipart/form-data', 'NOT_MULTIPART');
  }
  const usable = (target.folder ? [target.folder] : UploadFolder.options)
    .map(policy)
    .filter((p) => auth.user.is_admin || !p.adminOnly);
  // A student on an admin folder's route is refused below; meanwhile the file is only drained.
  const callerMax = Math.max(1, ...usable.map((p) => p.maxBytes));
  const lengthHint = Number(request.headers['content-length']);
  let folder: string | undefined = target.folder;
  let data: Buffer | undefined;
  let streamed: { bytes: number; outcome: PromiseSettledResult<UploadResponse> } | undefined;
  let tooLarge = false;
  try {
    try {
      const parts = request.parts({ limits: { fileSize: callerMax, files: 1 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== target.field) {
            await drain(part.file);
            continue;
          }
          const known = UploadFolder.safeParse(folder);
          const rules = known.success ? policy(known.data) : undefined;
          if (known.success && rules?.streamed && (auth.user.is_admin || !rules.adminOnly)) {
            const read = await streamLimited(part.file, rules.maxBytes, (body) =>
              storeStream(known.data, body),
            );
            tooLarge = read.tooLarge;
            streamed = read;
            continue;
          }
          const buffer = await readLimited(part.file, rules?.maxBytes ?? callerMax, lengthHint);
          if (buffer) data = buffer;
          else tooLarge = true;
        } else if (part.fieldname === 'folder' && !streamed && !target.folder) {
          // Once a file is stored under its folder, a later folder field cannot move it.
          folder = String(part.value).trim();
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Past the caller's largest limit busboy drops the rest of the file and the parts end with this.
      if (code === 'FST_REQ_FILE_TOO_LARGE') tooLarge = true;
      else if (code === 'FST_FILES_LIMIT')
        throw badRequest('Please upload one file at a time', 'TOO_MANY_FILES');
      // The multipart plugin's own refusals carry their status; the parser's (a missing boundary,
      // a body that ends mid-part) are plain errors about what the client sent.
      else if ((error as { statusCode?: number }).statusCode) throw error;
      else throw badRequest('The upload is not a well-formed multipart form', 'INVALID_MULTIPART');
    }
    if (!folder) throw badRequest(FOLDER_REQUIRED_MESSAGE, 'FOLDER_REQUIRED');
    const parsed = UploadFolder.safeParse(folder);
    if (!parsed.success) throw badRequest(UNKNOWN_FOLDER_MESSAGE, 'UNKNOWN_FOLDER');
    const rules = policy(parsed.data);
    if (rules.adminOnly && !auth.user.is_admin) throw forbidden('Admin access required', 'ADMIN_ONLY');
    const size = streamed ? streamed.bytes : data?.length;
    if (tooLarge || (size !== undefined && size > rules.maxBytes))
      throw payloadTooLarge(rules.tooLargeMessage, 'FILE_TOO_LARGE');
    if (!size) throw badRequest(NO_FILE_MESSAGE, 'FILE_REQUIRED');
    if (streamed?.outcome.status === 'rejected') throw streamed.outcome.reason;
    if (streamed?.outcome.status === 'fulfilled')
      return { folder: parsed.data, stored: streamed.outcome.value };
    return { folder: parsed.data, data: data! };
  } catch (error) {
    // A file stored while it arrived goes again when the request as a whole is refused.
    if (streamed?.outcome.status === 'fulfilled')
      await discard(streamed.outcome.value.public_id).catch(() => {});
    throw error;
  }
}

/**
 * Stores the file of a multipart upload as `target` says where to find it, for the signed-in
 * caller: streamed to the store when its folder takes streams, else read and checked in memory.
 */
export async function receiveUpload(
  request: FastifyRequest,
  uploads: UploadsService,
  target: UploadTarget,
): Promise<UploadResponse> {
  const auth = requireAuth(request);
  const read = await readUpload(
    request,
    auth,
    target,
    (folder) => uploads.policy(folder),
    (folder, file) => uploads.uploadStream({ folder, file, ownerId: auth.user.id }),
    (publicId) => uploads.discard(publicId),
  );
  if (read.stored) return read.stored;
  return uploads.upload({ folder: read.folder, data: read.data, ownerId: auth.user.id });
}
