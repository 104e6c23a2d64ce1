/**
 * `npm run bench:upload`: a 100 MB lesson video uploaded through `POST /api/uploads` to the real app
 * (a child process, bundled as in production), with media on local disk and then in an
 * S3-compatible bucket (s3rver, in a process of its own). Each upload's time is a ratio to copying
 * the same file on the same disk through a Node stream in the same run (and, on s3rver, to sending
 * it straight to the bucket with the same SDK, which shows what the app adds to what s3rver costs),
 * and the server's resident memory is sampled from before the first upload to the end of the last:
 * a streamed upload should cost about a copy and hold no more than a few buffers. Prints the
 * figures and writes bench/results/upload.json.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BENCH_BUCKET } from './bucket';
import { machine, printTable, ratio, rssMb, startTarget, stopTarget, type Target } from './lib';

const VIDEO_BYTES = 100 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGETS = { ratio: 2, rssGrowthMb: 64 };

/**
 * A file that file-type takes for an MP4: an `ftyp` box, then one `mdat` box holding the rest
 * (varied bytes, so nothing on the way can compress them to nothing).
 */
async function writeVideo(file: string): Promise<void> {
  const ftyp = Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isommp41', 'latin1');
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(VIDEO_BYTES - ftyp.length);
  mdatHeader.write('mdat', 4, 'latin1');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 2654435761) >>> 24;
  async function* content() {
    yield Buffer.concat([ftyp, mdatHeader]);
    let left = VIDEO_BYTES - ftyp.length - mdatHeader.length;
    while (left > 0) {
      const piece = chunk.subarray(0, Math.min(left, chunk.length));
      left -= piece.length;
      yield piece;
    }
  }
  await pipeline(content, createWriteStream(file));
}

/** Milliseconds to copy `file` beside itself through a read and a write stream. */
async function copyOnce(file: string): Promise<number> {
  const copy = `${file}.copy`;
  const started = performance.now();
  await pipeline(createReadStream(file), createWriteStream(copy));
  const ms = performance.now() - started;
  await rm(copy);
  return ms;
}

/** Milliseconds to send `file` straight to the bucket at `endpoint`, as the app's store does. */
async function directOnce(endpoint: string, file: string): Promise<number> {
  const client = new S3Client({
    endpoint,
    region: BENCH_BUCKET.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: BENCH_BUCKET.S3_ACCESS_KEY_ID,
      secretAccessKey: BENCH_BUCKET.S3_SECRET_ACCESS_KEY,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const started = performance.now();
  await new Upload({
    client,
    params: { Bucket: BENCH_BUCKET.S3_BUCKET, Key: 'anchor/lesson.mp4', Body: createReadStream(file) },
  }).done();
  const ms = performance.now() - started;
  client.destroy();
  return ms;
}

/**
 * Sends `file` as `POST /api/uploads` (folder first, as the web app does), streaming it from disk,
 * while sampling the server's memory every 20 ms.
 */
async function uploadOnce(target: Target, file: string): Promise<{ ms: number; peakRssMb: number }> {
  const boundary = `----kwoonbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nlesson-videos\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lesson.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + (await stat(file)).size + tail.length;
  let peak = (await rssMb(target.child.pid)) ?? 0;
  const sampler = setInterval(() => {
    void rssMb(target.child.pid).then((mb) => {
      if (mb !== null) peak = Math.max(peak, mb);
    });
  }, 20);
  const started = performance.now();
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(`${target.base}/api/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${target.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      });
      outgoing.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.write(head);
      const reading = createReadStream(file);
      reading.on('error', reject);
      reading.pipe(outgoing, { end: false });
      reading.on('end', () => outgoing.end(tail));
    });
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`The upload answered ${answer.status}: ${answer.body}`);
    const stored = JSON.parse(answer.body) as { bytes: number };
    if (stored.bytes !== VIDEO_BYTES) throw new Error(`The upload stored ${stored.bytes} bytes`);
    return { ms, peakRssMb: peak };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const work = await mkdtemp(path.join(os.tmpdir(), 'kwoon-bench-upload-'));
interface UploadRow {
  store: string;
  uploadMs: number;
  copyMs: number;
  ratio: number;
  /** Straight to the bucket with the SDK, on s3rver only. */
  directMs?: number;
  directRatio?: number;
  idleRssMb: number;
  rssGrowthMb: number;
}
const rows: UploadRow[] = [];
try {
  const video = path.join(work, 'lesson.mp4');
  await writeVideo(video);
  console.log(
    `Upload benchmark: a ${VIDEO_BYTES / 1024 / 1024} MB MP4, ${RUNS} runs per store — ${machine()}`,
  );
  await copyOnce(video);

  const stores: [string, () => Promise<{ app: Target; s3?: Target }>][] = [
    ['local disk', async () => ({ app: await startTarget('app (local media)', 'media') })],
    [
      's3rver',
      async () => {
        const s3 = await startTarget('s3rver', 's3rver');
        return { app: await startTarget('app (media on s3rver)', 'media', s3.base), s3 };
      },
    ],
  ];
  for (const [store, start] of stores) {
    const { app, s3 } = await start();
    try {
      // The first upload warms the code paths; its time is not counted, its memory is.
      let peak = (await uploadOnce(app, video)).peakRssMb;
      const uploads: number[] = [];
      const copies: number[] = [];
      const directs: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        copies.push(await copyOnce(video));
        if (s3) directs.push(await directOnce(s3.base, video));
        const result = await uploadOnce(app, video);
        uploads.push(result.ms);
        peak = Math.max(peak, result.peakRssMb);
      }
      const row: UploadRow = {
        store,
        uploadMs: Math.round(median(uploads)),
        copyMs: Math.round(median(copies)),
        ratio: median(uploads) / median(copies),
        ...(s3
          ? { directMs: Math.round(median(directs)), directRatio: median(uploads) / median(directs) }
          : {}),
        idleRssMb: app.idleRssMb,
        rssGrowthMb: Math.max(0, peak - app.idleRssMb),
      };
      rows.push(row);
      console.log(
        `  ${store}: upload ${row.uploadMs} ms, copy ${row.copyMs} ms` +
          `${row.directMs === undefined ? '' : `, straight to the bucket ${row.directMs} ms`}` +
          `, RSS ${row.idleRssMb} MB idle +${row.rssGrowthMb} MB`,
      );
    } finally {
      await stopTarget(app);
      if (s3) await stopTarget(s3);
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

printTable(
  [
    'store',
    'upload (median)',
    'copy on disk (median)',
    'upload ÷ copy',
    'SDK straight to bucket',
    'upload ÷ straight',
    'server RSS idle → growth',
  ],
  rows.map((row) => [
    row.store,
    `${row.uploadMs} ms`,
    `${row.copyMs} ms`,
    ratio(row.ratio),
    row.directMs === undefined ? '—' : `${row.directMs} ms`,
    row.directRatio === undefined ? '—' : ratio(row.directRatio),
    `${row.idleRssMb} MB → +${row.rssGrowthMb} MB`,
  ]),
);
const targets = rows.flatMap((row) => [
  { target: `${row.store}: upload ≤ ${TARGETS.ratio}× a copy`, holds: row.ratio <= TARGETS.ratio },
  {
    target: `${row.store}: RSS growth ≤ ${TARGETS.rssGrowthMb} MB`,
    holds: row.rssGrowthMb <= TARGETS.rssGrowthMb,
  },
]);
console.log('');
for (const { target, holds } of targets) console.log(`  ${holds ? 'holds' : 'MISSED'}  ${target}`);

const results = path.join(import.meta.dirname, 'results');
await mkdir(results, { recursive: true });
await writeFile(
  path.join(results, 'upload.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), videoBytes: VIDEO_BYTES, runs: RUNS, rows, targets }, null, 2)}\n`,
);
console.log(`\nWritten to bench/results/upload.json`);
