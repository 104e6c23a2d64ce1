import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** Test helper: a multipart/form-data body built by hand, parts in the given order. */
export type Part =
  { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

export function multipart(parts: Part[]) {
  const boundary = `----kwoon${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends the parts to POST /api/uploads with the caller's headers. */
export function postUpload(app: FastifyInstance, parts: Part[], auth: Record<string, string>) {
  const { payload, headers } = multipart(parts);
  return app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...auth } });
}

/** The folder field of an upload. */
export const folder = (value: string): Part => ({ name: 'folder', value });

/** The file field of an upload. */
export const filePart = (data: Buffer, filename: string, type: string): Part => ({
  name: 'file',
  filename,
  type,
  data,
});

/** A plain PNG of the given size. */
export const png = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
