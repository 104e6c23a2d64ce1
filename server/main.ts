import { buildApp } from './app';
import { assertSafeToStart, configWarnings, loadConfig, postgresOptions, publicUrl } from './config';
import { openDatabase } from './db/client';
import { prepareSchemaAtStart } from './db/migrate';
import { openDemoAccounts, seedDemo } from './db/seed';
import { createMediaStorage } from './platform/storage';

async function main() {
  const config = loadConfig();
  assertSafeToStart(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    postgres: postgresOptions(config),
    ownServer: true,
    log: (line) => console.error(line),
  });
  // The app's logger does not exist yet; waiting for another instance's migration is told on stderr.
  const migrated = await prepareSchemaAtStart(database, config, (message) => console.error(message));
  const storage = await createMediaStorage(config);
  const app = await buildApp({ config, database, storage });
  database.embedded?.onExit((code) => {
    app.log.fatal(
      `The embedded PostgreSQL server stopped unexpectedly (exit code ${code}); Kwoon stops too. ` +
        `Start it again: the server recovers every committed write from its WAL (its log: ${config.DATA_DIR}/postgres.log).`,
    );
    process.exit(1);
  });
  // What start-up did (migrations, demo content) is told once, in the start banner, rather than scattered before it.
  const notes: string[] = [];
  if (migrated > 0) notes.push(`Applied ${migrated} database migration${migrated === 1 ? '' : 's'}.`);
  if (config.SEED_DEMO)
    await seedDemo(
      database.db,
      storage,
      { info: (line) => notes.push(line) },
      new Date(),
      config.SCHOOL_TIMEZONE,
    );
  // Said on every start, not only the first: a site must not go live with these unnoticed.
  const demoAccounts = await openDemoAccounts(database.db);
  const warnings = [
    ...(demoAccounts.length > 0
      ? [
          `Anyone can sign in to these demo accounts with their published passwords: ${demoAccounts.join(', ')}. ` +
            'Change their passwords or deactivate them before going live.',
        ]
      : []),
    ...configWarnings(config),
  ];
  for (const warning of warnings) app.log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}/postgres` : 'PostgreSQL';
  const banner = [
    `Kwoon is ready on ${publicUrl(config)} (database: ${where})`,
    ...notes,
    ...warnings.map((warning) => `WARNING: ${warning}`),
  ];
  app.log.info(banner.join('\n  '));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
