import { defineConfig } from 'drizzle-kit';

/** Tables are declared by their owners: each module's `<d>.schema.ts`, and the platform's. */
export const SCHEMA_FILES = './server/{modules,platform}/**/*.schema.ts';

export default defineConfig({
  dialect: 'postgresql',
  schema: SCHEMA_FILES,
  out: './server/db/migrations',
});
