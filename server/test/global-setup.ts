import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a tarball of a migrated data directory that each test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated template database each test file copies. */
    pgTemplate: string;
  }
}

/** Migrates once; every test file then starts from a copy of that migrated database. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `kwoon_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openPostgres(templateUrl.toString(), { poolMax: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-test-'));
  const database = await openPglite();
  await database.migrate();
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
