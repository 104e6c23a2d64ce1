import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { PluginCreator } from 'postcss';
import mantinePresetUntyped from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { breakpoints } from './web/app/tokens.ts';

// The package declares itself as `any`.
const mantinePreset = mantinePresetUntyped as PluginCreator<object>;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: 'web',
  plugins: [react()],
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
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 3000 },
});
