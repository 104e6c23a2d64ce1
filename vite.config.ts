import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { PluginCreator } from 'postcss';
import mantinePresetUntyped from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { breakpoints, siteCssVariables } from './web/app/tokens.ts';

/** The school's tokens as CSS custom properties, for the public site (web/site/entry-client.tsx). */
const SITE_TOKENS = 'virtual:site-tokens.css';
const siteTokens: Plugin = {
  name: 'kwoon-site-tokens',
  resolveId: (id) => (id === SITE_TOKENS ? `\0${SITE_TOKENS}` : null),
  load: (id) => (id === `\0${SITE_TOKENS}` ? siteCssVariables() : null),
};

// The package declares itself as `any`.
const mantinePreset = mantinePresetUntyped as PluginCreator<object>;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: 'web',
  plugins: [react(), siteTokens],
  css: {
    // CSS modules get Mantine's mixins (light/dark, rem, smaller-than/larger-than) and its breakpoints.
    postcss: {
      plugins: [
        mantinePreset(),
        simpleVars({
          variables: Object.fromEntries(
            Object.entries(breakpoints).map(([size, width]) => [`mantine-breakpoint-${size}`, width]),
          ),
        }),
      ],
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads it to hold every entry to its size budget.
    manifest: true,
    rollupOptions: {
      // The React app (index.html) and the public site's island loader (server-rendered pages).
      input: {
        app: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        site: fileURLToPath(new URL('./web/site/entry-client.tsx', import.meta.url)),
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
      // The public site's pages and feeds are rendered by the API server (server/modules/site).
      '^/(about|blog(/[^?]*)?|sitemap\\.xml|robots\\.txt)?(\\?.*)?$': {
        target: apiTarget,
        changeOrigin: true,
      },
    },
  },
  preview: { port: 3000 },
});
