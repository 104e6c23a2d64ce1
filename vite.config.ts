import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { PluginCreator } from 'postcss';
import mantinePresetUntyped from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';

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
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
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
