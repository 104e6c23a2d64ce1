import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { imageName, imageVariantName, imageVariantWidths } from '../../../common/uploads';
import type { MediaStorage } from '../../platform/storage';
import type { Db, Tx } from '../client';
import { mediaFiles } from '../schema';

/*
 * The demo posts' banners, drawn here as SVG and rendered to WebP when the seed runs, so the
 * repository holds no binary art. Each is stored as an upload to `blog-banners` is kept: a sized
 * name with its narrower variants beside it, so pages give them width, height and srcset.
 */

export const BANNER_WIDTH = 1280;
export const BANNER_HEIGHT = 640;

export type BannerArt = 'mountains' | 'elements' | 'circle' | 'spirals' | 'pine' | 'blossom';

const W = BANNER_WIDTH;
const H = BANNER_HEIGHT;

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

const paper = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** A ridge line across the banner: `peaks` of the given heights, filled down to the bottom. */
function ridge(base: number, peaks: number[], fill: string, opacity: number) {
  const step = W / (peaks.length - 1);
  const points = peaks.map((peak, i) => `${Math.round(i * step)},${base - peak}`);
  return `<polygon points="0,${H} ${points.join(' ')} ${W},${H}" fill="${fill}" opacity="${opacity}"/>`;
}

const ART: Record<BannerArt, () => string> = {
  /** Ink-wash mountains in receding layers under a pale sun. */
  mountains: () =>
    svg(
      `${paper('sky', '#f4efe4', '#dfe6df')}<filter id="blur"><feGaussianBlur stdDeviation="6"/></filter>`,
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
        `<circle cx="930" cy="170" r="70" fill="#e9c9a0" opacity="0.8"/>` +
        `<g filter="url(#blur)">${ridge(420, [40, 160, 90, 220, 120, 60, 180, 100, 30], '#7d8f86', 0.45)}</g>` +
        ridge(500, [20, 120, 200, 110, 170, 80, 140, 60, 20], '#4d6158', 0.7) +
        ridge(600, [30, 90, 50, 130, 70, 110, 40, 90, 10], '#26352f', 0.9),
    ),
  /** The five elements of Xingyiquan as five circles around a pentagon. */
  elements: () => {
    const colours = ['#c9c9c9', '#2f5d7c', '#3e7d4f', '#b5432f', '#b08a3e'];
    const circles = colours
      .map((colour, i) => {
        const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
        const x = Math.round(W / 2 + 210 * Math.cos(angle));
        const y = Math.round(H / 2 + 210 * Math.sin(angle));
        return `<circle cx="${x}" cy="${y}" r="78" fill="${colour}" opacity="0.85"/>`;
      })
      .join('');
    return svg(
      paper('bg', '#1e2624', '#2c3834'),
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
        `<circle cx="${W / 2}" cy="${H / 2}" r="210" fill="none" stroke="#e8e0cc" stroke-width="3" opacity="0.4"/>` +
        circles,
    );
  },
  /** A Bagua circle: the walking path, footprints on it and eight trigram marks around it. */
  circle: () => {
    const cx = W / 2;
    const cy = H / 2;
    const marks = Array.from({ length: 8 }, (_, i) => {
      const angle = (i * Math.PI) / 4;
      const x = cx + 260 * Math.cos(angle);
      const y = cy + 260 * Math.sin(angle);
      const deg = (angle * 180) / Math.PI + 90;
      const bars = [0, 1, 2]
        .map((j) =>
          (i >> j) & 1
            ? `<rect x="-30" y="${j * 14 - 20}" width="60" height="8"/>`
            : `<rect x="-30" y="${j * 14 - 20}" width="26" height="8"/><rect x="4" y="${j * 14 - 20}" width="26" height="8"/>`,
        )
        .join('');
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${deg.toFixed(1)})" fill="#3a2f28">${bars}</g>`;
    }).join('');
    const steps = Array.from({ length: 16 }, (_, i) => {
      const angle = (i * Math.PI) / 8;
      return `<ellipse cx="${(cx + 170 * Math.cos(angle)).toFixed(1)}" cy="${(cy + 170 * Math.sin(angle)).toFixed(1)}" rx="9" ry="15" transform="rotate(${((angle * 180) / Math.PI).toFixed(1)} ${(cx + 170 * Math.cos(angle)).toFixed(1)} ${(cy + 170 * Math.sin(angle)).toFixed(1)})" fill="#8a5a3c" opacity="${(0.3 + (i % 4) * 0.15).toFixed(2)}"/>`;
    }).join('');
    return svg(
      paper('bg', '#efe6d2', '#e2d5b8'),
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
        `<circle cx="${cx}" cy="${cy}" r="170" fill="none" stroke="#8a5a3c" stroke-width="4" stroke-dasharray="2 14" opacity="0.6"/>` +
        steps +
        marks,
    );
  },
  /** Two hands' paths meeting: interlocking spirals, as in push hands. */
  spirals: () => {
    const spiral = (cx: number, cy: number, turn: number, colour: string) => {
      const points = Array.from({ length: 120 }, (_, i) => {
        const a = (i / 119) * Math.PI * 3.2 * turn;
        const r = 12 + i * 1.6;
        return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
      });
      return `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="round" opacity="0.85"/>`;
    };
    return svg(
      paper('bg', '#203040', '#14202b'),
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
        spiral(W / 2 - 120, H / 2, 1, '#e6d7b0') +
        spiral(W / 2 + 120, H / 2, -1, '#8fb3a0'),
    );
  },
  /** An old pine leaning over misty hills. */
  pine: () => {
    const tiers = [0, 1, 2, 3, 4]
      .map((i) => {
        const y = 170 + i * 62;
        const half = 70 + i * 38;
        const x = 420 - i * 14;
        return `<ellipse cx="${x}" cy="${y}" rx="${half}" ry="30" fill="#2f4a3a" opacity="${(0.95 - i * 0.08).toFixed(2)}"/>`;
      })
      .join('');
    return svg(
      paper('bg', '#f2f0e8', '#d9e0d8'),
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
        ridge(560, [40, 110, 70, 150, 90, 130, 50, 100, 30], '#9aa9a0', 0.55) +
        `<path d="M330 ${H} C350 520 380 420 400 330 S430 210 420 150" stroke="#4a3626" stroke-width="26" fill="none" stroke-linecap="round"/>` +
        tiers,
    );
  },
  /** A plum branch in blossom, for the spring intensive. */
  blossom: () => {
    const flowers = [
      [520, 250],
      [640, 200],
      [760, 290],
      [880, 230],
      [990, 320],
      [700, 360],
    ]
      .map(
        ([x, y]) =>
          `<g transform="translate(${x} ${y})">${[0, 72, 144, 216, 288]
            .map((deg) => `<circle cx="0" cy="-16" r="14" fill="#f3c6cf" transform="rotate(${deg})"/>`)
            .join('')}<circle r="7" fill="#c2485f"/></g>`,
      )
      .join('');
    return svg(
      paper('bg', '#f7f3ea', '#ece4d4'),
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
        `<path d="M200 560 C380 470 520 330 700 300 S940 250 1060 320" stroke="#3b2a20" stroke-width="16" fill="none" stroke-linecap="round"/>` +
        `<path d="M640 320 C660 260 640 220 640 200" stroke="#3b2a20" stroke-width="8" fill="none"/>` +
        flowers,
    );
  },
};

/** The SVG source of one banner (exported for its test). */
export const bannerSvg = (art: BannerArt) => ART[art]();

/**
 * Renders each banner and stores it with its variants, recorded in media_files as an upload is,
 * and returns each art's URL. The name's UUID comes from a hash of the image: /media is cached
 * as immutable, so a redrawn banner gets a new address, and seeding again writes the same names.
 */
export async function storeDemoBanners(
  db: Db | Tx,
  storage: MediaStorage,
  arts: readonly BannerArt[],
  ownerId: string,
  now: Date,
): Promise<Map<BannerArt, string>> {
  const urls = new Map<BannerArt, string>();
  for (const art of new Set(arts)) {
    const data = await sharp(Buffer.from(bannerSvg(art)))
      .webp({ quality: 82 })
      .toBuffer();
    const hex = createHash('sha256').update(data).digest('hex');
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    const publicId = imageName(`blog-banners/${uuid}`, W, H);
    for (const width of imageVariantWidths(W)) {
      const variant = await sharp(data).resize({ width }).webp({ quality: 82 }).toBuffer();
      await storage.put(imageVariantName(publicId, width), variant, 'image/webp');
    }
    urls.set(art, await storage.put(publicId, data, 'image/webp'));
    await db
      .insert(mediaFiles)
      .values({
        public_id: publicId,
        folder: 'blog-banners',
        owner_id: ownerId,
        content_type: 'image/webp',
        bytes: data.length,
        width: W,
        height: H,
        created_at: now,
      })
      .onConflictDoNothing({ target: mediaFiles.public_id });
  }
  return urls;
}
