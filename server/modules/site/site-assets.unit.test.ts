import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteAssets, SITE_ENTRY } from './site-assets';

let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'kwoon-site-'));
  await mkdir(path.join(webRoot, '.vite'), { recursive: true });
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'site-1.css'), '.kw-page{color:red}');
  await writeFile(
    path.join(webRoot, 'assets', 'shared-2.css'),
    '@font-face{font-family:F;src:url(/assets/f-3.woff2) format("woff2")}',
  );
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      [SITE_ENTRY]: {
        file: 'assets/site-1.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/site-1.css'],
      },
      '_shared.js': { file: 'assets/shared-2.js', imports: ['_runtime.js'], css: ['assets/shared-2.css'] },
      '_runtime.js': { file: 'assets/runtime-3.js' },
      'index.html': { file: 'assets/app-4.js', isEntry: true, css: ['assets/app-4.css'] },
    }),
  );
});
afterAll(async () => rm(webRoot, { recursive: true, force: true }));

describe("the public site's files", () => {
  it("are read from Vite's manifest: the entry, its imports to preload, every stylesheet they bring and its fonts", () => {
    expect(loadSiteAssets(webRoot, false)).toEqual({
      entry: '/assets/site-1.js',
      modulePreloads: ['/assets/shared-2.js', '/assets/runtime-3.js'],
      css: '.kw-page{color:red}\n@font-face{font-family:F;src:url(/assets/f-3.woff2) format("woff2")}',
      fontPreloads: ['/assets/f-3.woff2'],
      devScripts: [],
      colorSchemeScript: null,
    });
  });

  it('come from the Vite dev server in development without a build, and are absent otherwise', () => {
    const missing = path.join(webRoot, 'nothing-built');
    expect(loadSiteAssets(missing, true).devScripts).toEqual([
      '/@vite/client',
      '/site/dev-preamble.js',
      `/${SITE_ENTRY}`,
    ]);
    expect(loadSiteAssets(missing, false)).toMatchObject({ entry: null, css: '', devScripts: [] });
  });
});
