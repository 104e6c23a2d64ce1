import type { Config } from '../config';
import type { Database, MigrateOptions } from './client';

type MigrationConfig = Pick<
  Config,
  'MIGRATE_ON_START' | 'MIGRATION_LOCK_TIMEOUT_MS' | 'MIGRATION_STATEMENT_TIMEOUT_MS'
>;

export function migrateOptions(config: MigrationConfig, log: (message: string) => void): MigrateOptions {
  return {
    lockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT_MS,
    statementTimeoutMs: config.MIGRATION_STATEMENT_TIMEOUT_MS,
    log,
  };
}

/**
 * What the server does with the schema before it listens. The embedded database is always migrated
 * (the server owns it). On PostgreSQL a deployment may migrate in a step of its own
 * (MIGRATE_ON_START=false); the server then refuses to run against a schema older than its code.
 * Returns how many migrations it applied.
 */
export async function prepareSchemaAtStart(
  database: Database,
  config: MigrationConfig,
  log: (message: string) => void,
): Promise<number> {
  if (database.embedded || database.driver === 'pglite' || config.MIGRATE_ON_START) {
    return database.migrate(migrateOptions(config, log));
  }
  const pending = await database.pendingMigrations();
  if (pending > 0) {
    throw new Error(
      `The database lacks ${pending} migration${pending === 1 ? '' : 's'} this version needs, and ` +
        'MIGRATE_ON_START=false: run "npm run cli -- migrate" first.',
    );
  }
  return 0;
}
