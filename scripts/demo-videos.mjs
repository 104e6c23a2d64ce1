// `npm run demo:videos`: draws the demo video lessons' title cards with ffmpeg into
// server/db/seed/demo-videos/, one short MP4 per video lesson of the demo courses, and removes cards
// no lesson names any more. The outputs are committed, so seeding and serving never need ffmpeg;
// run this after adding, renaming or retitling a demo video lesson. Runs under tsx, which lets it
// read the seed's TypeScript.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_COURSES } from '../server/db/seed/courses.ts';
import {
  DEMO_VIDEO_DIR,
  DEMO_VIDEO_EXT,
  demoVideoLessons,
  demoVideoPath,
} from '../server/db/seed/demo-media.ts';

const WIDTH = 640;
const HEIGHT = 360;
const SECONDS = 5;
const FPS = 15;
const BACKGROUND = '0x1d3b3a';
const TITLE_SIZE = 34;
const TITLE_LINE_HEIGHT = 46;
/** Characters that fit a line of the title at TITLE_SIZE across WIDTH, with margins. */
const TITLE_LINE_CHARS = 26;

/** Debian's fonts-dejavu; without it, fontconfig picks a sans face by name. */
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const font = (file, fallback) =>
  existsSync(path.join(FONT_DIR, file)) ? `fontfile=${FONT_DIR}/${file}` : `font=${fallback}`;
const REGULAR = font('DejaVuSans.ttf', 'Sans');
const BOLD = font('DejaVuSans-Bold.ttf', 'Sans\\:style=Bold');

/** Splits a title into lines of at most TITLE_LINE_CHARS, at spaces. */
function wrap(text) {
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= TITLE_LINE_CHARS)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The filter drawing one card. Texts come from files, so titles need no filter escaping; the clock
 * in the top corner shows that seeking moves through the video.
 */
function cardFilter(lesson, dir) {
  const textFile = (name, text) => {
    const file = path.join(dir, `${name}.txt`);
    writeFileSync(file, text);
    return file;
  };
  const lines = wrap(lesson.title);
  const top = Math.round((HEIGHT - lines.length * TITLE_LINE_HEIGHT) / 2) + 10;
  const draw = (options) => `drawtext=${options.join(':')}`;
  return [
    `color=c=${BACKGROUND}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${SECONDS}`,
    draw([
      REGULAR,
      `textfile=${textFile('course', lesson.course)}`,
      'expansion=none',
      'fontcolor=0xcfe3dc',
      'fontsize=18',
      'x=(w-text_w)/2',
      'y=72',
    ]),
    ...lines.map((line, i) =>
      draw([
        BOLD,
        `textfile=${textFile(`title-${i}`, line)}`,
        'expansion=none',
        'fontcolor=white',
        `fontsize=${TITLE_SIZE}`,
        'x=(w-text_w)/2',
        `y=${top + i * TITLE_LINE_HEIGHT}`,
      ]),
    ),
    draw([
      REGULAR,
      `textfile=${textFile('note', 'Demo video: replace it with your own recording')}`,
      'expansion=none',
      'fontcolor=0x9fbfb4',
      'fontsize=14',
      'x=24',
      'y=24',
    ]),
    draw([
      REGULAR,
      `textfile=${textFile('clock', '%{pts:gmtime:0:%M\\:%S}')}`,
      'fontcolor=0xcfe3dc',
      'fontsize=18',
      'x=w-text_w-24',
      'y=22',
    ]),
  ].join(',');
}

function ffmpeg(args) {
  const result = spawnSync('ffmpeg', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) {
    console.error(
      `Could not run ffmpeg (${result.error.message}). Install it, e.g. \`apt-get install ffmpeg\`.`,
    );
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const lessons = demoVideoLessons(DEMO_COURSES);
mkdirSync(DEMO_VIDEO_DIR, { recursive: true });
const work = mkdtempSync(path.join(os.tmpdir(), 'kwoon-demo-videos-'));
try {
  for (const lesson of lessons) {
    const dir = path.join(work, lesson.name);
    mkdirSync(dir);
    // H.264 in MP4 plays in every browser we support (Debian's Chromium included); one keyframe a
    // second keeps seeking exact, and bitexact output keeps a regenerated card byte-identical.
    ffmpeg([
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', cardFilter(lesson, dir)],
      ...['-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'stillimage', '-crf', '30'],
      ...['-g', String(FPS), '-pix_fmt', 'yuv420p', '-an', '-movflags', '+faststart'],
      ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'],
      demoVideoPath(lesson.name),
    ]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const wanted = new Set(lessons.map((lesson) => `${lesson.name}.${DEMO_VIDEO_EXT}`));
for (const file of readdirSync(DEMO_VIDEO_DIR)) {
  if (!wanted.has(file)) rmSync(path.join(DEMO_VIDEO_DIR, file));
}
const total = [...wanted].reduce((sum, file) => sum + statSync(path.join(DEMO_VIDEO_DIR, file)).size, 0);
console.log(
  `${wanted.size} demo videos in ${path.relative(process.cwd(), DEMO_VIDEO_DIR)} (${Math.round(total / 1024)} KB)`,
);
