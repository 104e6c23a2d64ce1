import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database each test file copies. */
    pgTemplate: string;
  }
}

/**
 * The tests' PostgreSQL server: the one DATABASE_URL names, or else an embedded server of the
 * run's own (nothing flushed to disk), stopped at the end. Its address is left in DATABASE_URL
 * for the test files, which inherit this process's environment. Migrates once; every test file
 * then starts from a copy of that migrated database.
 */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  if (!process.env.DATABASE_URL) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir, durability: 'ephemeral' });
    process.env.DATABASE_URL = server.adminUrl;
    stopServer = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const url = process.env.DATABASE_URL;
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
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await stopServer();
  };
}
