// Draws the site's icons from the logo (web/components/brand): web/public/favicon.svg, and the
// 180 × 180 apple-touch-icon.png that iOS wants as a bitmap (the seal on rice paper, with the
// margin iOS's rounded corners need). Run after changing the seal: `npm run brand:icons`.
import { writeFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { SEAL_PAPER } from '../common/brand.ts';
import { Logo } from '../web/components/brand/logo.tsx';

const svgOf = (element) =>
  renderToStaticMarkup(element).replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');

const favicon = svgOf(createElement(Logo, { size: 64 })).replace(
  / aria-hidden="true"| focusable="false"/g,
  '',
);
writeFileSync('web/public/favicon.svg', `${favicon}\n`);

const SIZE = 180;
const MARGIN = 26;
const seal = Buffer.from(
  favicon.replace(/width="64" height="64"/, `width="${SIZE - 2 * MARGIN}" height="${SIZE - 2 * MARGIN}"`),
);
await sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: SEAL_PAPER } })
  .composite([{ input: seal, top: MARGIN, left: MARGIN }])
  .png({ compressionLevel: 9, palette: true })
  .toFile('web/public/apple-touch-icon.png');
console.log('wrote web/public/favicon.svg and web/public/apple-touch-icon.png');
