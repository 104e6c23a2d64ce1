import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIO_MAX_BYTES,
  AUDIO_TOO_LARGE_MESSAGE,
  AUDIO_TYPE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
  type UploadResponse,
} from '../../../common/uploads';
import { mediaFiles } from '../../db/schema';
import type { Headers, TestApp } from '../../test/app';
import { createTestAppWithMembers } from '../../test/factories';
import { resourceBody } from './test/factories';
import { flac, isoMediaOfSize, mp3, ogg, ONE_PIXEL_PNG, wavOfSize } from '../../test/media-samples';
import { multipart, png, type Part } from '../uploads/multipart-body';

/*
 * The resource form's uploads — audio, video and thumbnail, each in its own field — and what
 * happens to an uploaded file when its resource lets it go.
 */

/** The video limit is lowered so an oversize video stays quick. */
const SMALL_VIDEO_LIMIT = 2 * 1024 * 1024;

let t: TestApp, admin: Headers;
beforeAll(
  async () => ({ t, admin } = await createTestAppWithMembers({ UPLOAD_VIDEO_MAX_BYTES: SMALL_VIDEO_LIMIT })),
);
afterAll(async () => t?.close());

type Kind = 'audio' | 'video' | 'image';
const send = (kind: Kind, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/resources/upload-${kind}`,
    payload,
    headers: { ...headers, ...admin },
  });
};
const upload = (kind: Kind, data: Buffer, filename = 'file', type = 'application/octet-stream') =>
  send(kind, [{ name: kind, filename, type, data }]);
const stored = (url: string) => existsSync(path.join(t.mediaDir, url.replace(/^\/media\//, '')));

describe('POST /api/admin/resources/upload-audio', () => {
  it.each([
    ['MP3', mp3(), 'mp3', 'audio/mpeg'],
    ['WAV', wavOfSize(4000), 'wav', 'audio/wav'],
    ['Ogg Opus', ogg('opus'), 'opus', 'audio/ogg'],
    ['Ogg Vorbis', ogg('vorbis'), 'ogg', 'audio/ogg'],
    ['M4A', isoMediaOfSize(1000, 'M4A '), 'm4a', 'audio/mp4'],
    ['FLAC', flac(), 'flac', 'audio/flac'],
  ])('stores %s as sent, recognised by its bytes', async (_label, data, ext, contentType) => {
    const res = await upload('audio', data, 'talk.bin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UploadResponse>();
    expect(body).toMatchObject({
      public_id: expect.stringMatching(new RegExp(`^resource-audio/[0-9a-f-]{36}\\.${ext}$`)),
      secure_url: `/media/${body.public_id}`,
      format: ext,
      bytes: data.length,
      width: null,
      height: null,
      variants: [],
    });
    const [row] = await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.public_id, body.public_id));
    expect(row).toMatchObject({ folder: 'resource-audio', content_type: contentType, bytes: data.length });
    const served = await t.call('GET', body.secure_url);
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  it('refuses a file that is no audio, and one over 50MB, with the form’s messages', async () => {
    for (const data of [Buffer.from('plain text'), isoMediaOfSize(1000), ONE_PIXEL_PNG]) {
      const res = await upload('audio', data, 'x.mp3', 'audio/mpeg');
      expect([res.statusCode, res.json()]).toEqual([
        415,
        { error: AUDIO_TYPE_MESSAGE, code: 'NOT_AN_AUDIO' },
      ]);
    }
    const big = Buffer.concat([mp3(1), Buffer.alloc(AUDIO_MAX_BYTES)]);
    const res = await upload('audio', big, 'long.mp3', 'audio/mpeg');
    expect([res.statusCode, res.json()]).toEqual([
      413,
      { error: AUDIO_TOO_LARGE_MESSAGE, code: 'FILE_TOO_LARGE' },
    ]);
    const rows = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.bytes, big.length));
    expect(rows).toEqual([]);
  }, 60_000);

  it('reads the file from its own field only, whatever folder the form names', async () => {
    const wrongField = await send('audio', [
      { name: 'file', filename: 'a.wav', type: 'audio/wav', data: wavOfSize(500) },
    ]);
    expect([wrongField.statusCode, wrongField.json().code]).toEqual([400, 'FILE_REQUIRED']);
    const moved = await send('audio', [
      { name: 'folder', value: 'avatars' },
      { name: 'audio', filename: 'a.wav', type: 'audio/wav', data: wavOfSize(500) },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().public_id).toMatch(/^resource-audio\//);
    const notMultipart = await t.call('POST', '/api/admin/resources/upload-audio', { audio: 'x' }, admin);
    expect(notMultipart.statusCode).toBe(415);
  });

  it('answers a byte range of a stored audio with 206, and one past its end with 416', async () => {
    const data = wavOfSize(1000);
    const body = (await upload('audio', data, 'a.wav', 'audio/wav')).json<UploadResponse>();
    const part = await t.call('GET', body.secure_url, undefined, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-99/1000');
    expect(part.headers['content-type']).toBe('audio/wav');
    expect(part.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const past = await t.call('GET', body.secure_url, undefined, { range: 'bytes=5000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });
});

describe('POST /api/admin/resources/upload-video', () => {
  it('stores a video as sent and answers a byte range of it', async () => {
    const data = isoMediaOfSize(1000);
    const res = await upload('video', data, 'form.mp4', 'video/mp4');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UploadResponse>();
    expect(body.public_id).toMatch(/^resource-videos\/[0-9a-f-]{36}\.mp4$/);
    const part = await t.call('GET', body.secure_url, undefined, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-99/1000');
    expect(part.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const past = await t.call('GET', body.secure_url, undefined, { range: 'bytes=1000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });

  it('refuses a file that is no video, and one over the limit, with the form’s messages', async () => {
    const audio = await upload('video', wavOfSize(500), 'a.mp4', 'video/mp4');
    expect([audio.statusCode, audio.json()]).toEqual([
      415,
      { error: VIDEO_TYPE_MESSAGE, code: 'NOT_A_VIDEO' },
    ]);
    const big = await upload('video', isoMediaOfSize(SMALL_VIDEO_LIMIT + 1), 'big.mp4', 'video/mp4');
    expect([big.statusCode, big.json()]).toEqual([
      413,
      { error: VIDEO_TOO_LARGE_MESSAGE, code: 'FILE_TOO_LARGE' },
    ]);
  });
});

describe('POST /api/admin/resources/upload-image', () => {
  it('stores a sized WebP thumbnail with its variants', async () => {
    const res = await upload('image', await png(1600, 900), 'cover.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UploadResponse>();
    expect(body.public_id).toMatch(/^resource-thumbnails\/[0-9a-f-]{36}-1280x720\.webp$/);
    expect(body.variants.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
    expect(body.variants.every((v) => stored(v.url))).toBe(true);
  });

  it('refuses a file that is no image', async () => {
    const res = await upload('image', wavOfSize(500), 'x.png', 'image/png');
    expect([res.statusCode, res.json().error]).toEqual([415, IMAGE_TYPE_MESSAGE]);
  });
});

describe('a resource’s uploaded files', () => {
  const uploaded = async (kind: Kind) => {
    const data =
      kind === 'audio' ? wavOfSize(800) : kind === 'video' ? isoMediaOfSize(800) : await png(400, 300);
    return (await upload(kind, data)).json<UploadResponse>().secure_url;
  };
  const save = async (fields: Record<string, unknown>, id?: string) => {
    const res = await t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/admin/resources/${id}` : '/api/admin/resources',
      headers: admin,
      payload: resourceBody(fields),
    });
    expect(res.statusCode, res.body).toBe(id ? 200 : 201);
    return res.json().resource.id as string;
  };

  it('go when replaced or when the resource is deleted, but not while another resource shows them', async () => {
    const [thumb, video, audio] = [await uploaded('image'), await uploaded('video'), await uploaded('audio')];
    const id = await save({ type: 'video', video_url: video, audio_url: audio, thumbnail: thumb });
    const sharing = await save({ thumbnail: thumb });
    expect([thumb, video, audio].every(stored)).toBe(true);

    // The audio is replaced by an address; the video stays as it was.
    await save(
      { type: 'video', video_url: video, audio_url: 'https://audio.example.org/a.mp3', thumbnail: thumb },
      id,
    );
    expect(stored(audio)).toBe(false);
    expect([thumb, video].every(stored)).toBe(true);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/resources/${id}`, headers: admin });
    expect(stored(video)).toBe(false);
    // Another resource still shows the thumbnail.
    expect(stored(thumb)).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/resources/${sharing}`, headers: admin });
    expect(stored(thumb)).toBe(false);
    const rows = await t.database.db.select().from(mediaFiles);
    expect(rows.map((r) => `/media/${r.public_id}`)).not.toEqual(expect.arrayContaining([thumb]));
  });

  it('leaves files of other folders and external addresses alone', async () => {
    const lessonVideo = '/media/lesson-videos/0f8fad5b-d9cb-469f-a165-70867728950e.mp4';
    const id = await save({ type: 'video', video_url: lessonVideo });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/resources/${id}`, headers: admin });
    expect(res.statusCode).toBe(200);
  });
});
