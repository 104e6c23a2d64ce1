/* Small files that file-type recognises from their first bytes, for upload tests. */

/** A 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A playable WAV of exactly `bytes` bytes: 8 kHz mono 8-bit silence after its 44-byte header. */
export function wavOfSize(bytes: number): Buffer {
  const out = Buffer.alloc(bytes, 0x80);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(bytes - 8, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(8000, 28);
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(bytes - 44, 40);
  return out;
}

/** MPEG-1 layer III frames (128 kbit/s, 44.1 kHz) of silence, `frames` of them. */
export function mp3(frames = 4): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The first page of an Ogg stream holding Opus (`OpusHead`) or Vorbis (`\x01vorbis`). */
export function ogg(codec: 'opus' | 'vorbis'): Buffer {
  const out = Buffer.alloc(256);
  out.write('OggS', 0, 'latin1');
  out[26] = 1;
  out[27] = 19;
  if (codec === 'opus') out.write('OpusHead', 28, 'latin1');
  else out.write('\x01vorbis', 28, 'latin1');
  return out;
}

const box = (type: string, body: Buffer) => {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(8 + body.length);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
};

/** An ISO media file (MP4 `isom`, M4A `M4A `) of exactly `bytes` bytes. */
export function isoMediaOfSize(bytes: number, major = 'isom'): Buffer {
  const out = Buffer.alloc(bytes, 3);
  Buffer.concat([
    box('ftyp', Buffer.from(`${major}\0\0\0\0${major}isom`, 'latin1')),
    box('mdat', Buffer.alloc(32, 7)),
  ]).copy(out);
  return out;
}

/** A FLAC stream's magic and a little more. */
export const flac = () => Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.alloc(200)]);
