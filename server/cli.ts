import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { z } from 'zod';
import { requiredText } from '../common/api';
import { Email, Password, Username } from '../common/users';
import { loadConfig, postgresOptions } from './config';
import { passwordPrompt, type PasswordPrompt } from './cli-prompt';
import { BackupError, backupDataDir, restoreDataDir } from './db/backup';
import { openDatabase, type Database } from './db/client';
import { migrateOptions } from './db/migrate';
import { seedDemo } from './db/seed';
import { createAccountWriter } from './db/seed/accounts';
import { issueTempPassword } from './modules/auth/auth.service';
import { createSessionStore } from './platform/auth';
import { systemClock } from './platform/clock';
import { createEvents, redisEventsConfig } from './platform/events';
import { createMediaStorage } from './platform/storage';
import { createThrottle } from './platform/throttle';

const HELP = `Kwoon command line: npm run cli -- <command> [options]

Commands
  create-admin  Create an administrator, or promote an existing user to administrator.
                  --username U   username (3-32 letters, numbers, dots, dashes, underscores)
                  --email E      e-mail address
                  --name N       full name
                  --set-password for an existing user: ask for a new password and set it
                A new administrator needs all three, and a password (at least 8 characters):
                the command asks for it without showing it, or reads the first line of standard
                input when that is not a terminal, e.g.
                  printf '%s\n' "$ADMIN_PASSWORD" | npm run cli -- create-admin --username ...
                An existing user is found by --username or --email; it is made an active
                administrator and, with --set-password, gets a new password and is signed out
                everywhere.
  reset-password
                Give a user who has lost every way in a temporary password.
                  --username U   the user's username (or e-mail address)
                It works once, within 30 minutes, and the user must then choose a new password.
                Every session of the user is signed out and a sign-in lockout is lifted.
  migrate       Apply the database migrations this version brings, then exit. Waits (and says so)
                while another process migrates; a statement that waits longer than
                MIGRATION_LOCK_TIMEOUT_MS for a table lock fails the run, which can be retried.
  seed-demo     Add the demo accounts and content, if the database has no users yet.
  backup PATH   Write a snapshot of the embedded database and the media into PATH, a new folder.
  restore PATH  Replace the embedded database and the media with the backup in PATH.
                  --force        replace a data directory that already holds data
                Both need the server stopped. On PostgreSQL use pg_dump and pg_restore instead.
  help          Show this text.

The CLI opens the same database as the server (DATABASE_URL, or PGlite in DATA_DIR/db).
The embedded PGlite database can be used by one process at a time: stop the server first.`;

/** An error whose message is for the person at the terminal; no stack trace. */
class CliError extends Error {}

const CreateAdminOptions = z.object({
  username: Username.optional(),
  email: Email.optional(),
  name: requiredText('Name is required', 100).optional(),
  'set-password': z.boolean().optional(),
});

/** On the command line a password is readable by every user of the machine (ps) and kept in shell history. */
const passwordArgument = () =>
  new CliError(
    'create-admin no longer takes --password: a password on the command line can be read by other ' +
      "users of the machine and stays in the shell's history. Leave it out and type the password " +
      'when asked, or pipe it in, e.g. printf \'%s\\n\' "$ADMIN_PASSWORD" | npm run cli -- create-admin ...',
  );

function parseCreateAdmin(args: string[]) {
  if (args.some((arg) => arg === '--password' || arg.startsWith('--password='))) throw passwordArgument();
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        'set-password': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun "npm run cli -- help" for the options.`);
  }
  const parsed = CreateAdminOptions.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    throw new CliError(`Invalid options:\n${problems.join('\n')}`);
  }
  if (!parsed.data.username && !parsed.data.email) {
    throw new CliError('Give --username or --email (and, for a new administrator, --name).');
  }
  return parsed.data;
}

/** Asks for the password without echoing it, twice; or reads the first line of piped input. */
async function readPassword(prompt: PasswordPrompt): Promise<string> {
  const first = await prompt('Password: ');
  if (prompt.interactive && (await prompt('Repeat the password: ')) !== first) {
    throw new CliError('The two passwords differ; nothing was changed.');
  }
  const parsed = Password.safeParse(first);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  return parsed.data;
}

async function createAdmin(database: Database, args: string[], prompt: PasswordPrompt): Promise<string> {
  const options = parseCreateAdmin(args);
  const now = new Date();
  // Asked before the transaction opens: a person typing must not hold a database transaction open.
  const reader = createAccountWriter(database.db);
  const found =
    (options.username ? await reader.findByUsername(options.username) : undefined) ??
    (options.email ? await reader.findByEmail(options.email) : undefined);
  if (!found) {
    const missing = Object.entries({ username: options.username, email: options.email, name: options.name })
      .filter(([, value]) => !value)
      .map(([key]) => `--${key}`);
    if (missing.length > 0) {
      throw new CliError(
        `No user has that ${options.username ? 'username' : 'e-mail'}. ` +
          `To create a new administrator also give ${missing.join(', ')}.`,
      );
    }
  }
  const password = !found || options['set-password'] ? await readPassword(prompt) : undefined;
  return database.db.transaction(async (tx) => {
    const accounts = createAccountWriter(tx);
    const byUsername = options.username ? await accounts.findByUsername(options.username) : undefined;
    const byEmail = options.email ? await accounts.findByEmail(options.email) : undefined;
    if (byUsername && byEmail && byUsername.id !== byEmail.id) {
      throw new CliError(
        `The username "${byUsername.username}" and the e-mail ${byEmail.email} belong to two different accounts.`,
      );
    }
    const existing = byUsername ?? byEmail;
    if (existing) {
      const row = await accounts.promote(existing.id, now, password);
      const notes = [
        existing.is_admin ? 'was already an administrator' : 'is now an administrator',
        ...(existing.is_active ? [] : ['has been reactivated']),
        ...(password ? ['has a new password (all sessions signed out)'] : []),
      ];
      return `User "${row.username}" (${row.email}) ${notes.join(', ')}.`;
    }
    const { username, email, name } = options;
    if (!username || !email || !name || !password) {
      throw new CliError('The account changed while the command ran; run it again.');
    }
    const row = await accounts.create({ username, email, password, name, is_admin: true }, now);
    return `Created administrator "${row.username}" (${row.email}). Sign in at /app/login.`;
  });
}

function parseResetPassword(args: string[]): string {
  let values: { username?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { username: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun "npm run cli -- help" for the options.`);
  }
  const username = values.username?.trim();
  if (!username) throw new CliError('Give --username (the username or e-mail address of the account).');
  return username;
}

/**
 * For an account whose owner has lost both the password and the mailbox: the operator hands
 * over a temporary password the same way recovery would, and any session a thief holds ends.
 */
async function resetPassword(database: Database, login: string): Promise<string> {
  const accounts = createAccountWriter(database.db);
  const row = (await accounts.findByUsername(login)) ?? (await accounts.findByEmail(login));
  if (!row) throw new CliError(`No user has the username or e-mail "${login}".`);
  const now = systemClock.now();
  const { tempPassword, expiresAt } = await issueTempPassword(database.db, row.id, now);
  // A server running on the same database (and Redis, when events go through it) forgets the sessions it has cached too.
  const events = createEvents(database, Fastify({ logger: false }).log, redisEventsConfig(loadConfig()));
  const sessions = createSessionStore(database.db, systemClock);
  await sessions.listen(events);
  await sessions.revokeAllForUser(row.id);
  await sessions.settled();
  await events.close();
  await createThrottle(database.db, systemClock).reset(`account:${row.id}`);
  return [
    `Temporary password for "${row.username}" (${row.email}): ${tempPassword}`,
    `It can be used once, until ${expiresAt.toISOString()}, at /app/login; a new password must then be chosen.`,
    "All of the user's sessions were signed out.",
    ...(row.is_active ? [] : ['The account is deactivated: reactivate it before the user signs in.']),
  ].join('\n');
}

function parseBackupArgs(command: 'backup' | 'restore', args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: command === 'restore' ? { force: { type: 'boolean', default: false } } : {},
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun "npm run cli -- help" for the options.`);
  }
  const [target, ...extra] = parsed.positionals;
  if (!target || extra.length > 0) throw new CliError(`Usage: npm run cli -- ${command} PATH`);
  return { target, force: parsed.values.force === true };
}

/** The embedded database only: PostgreSQL has its own tools, which also work while the server runs. */
function embeddedDataDir(command: 'backup' | 'restore'): string {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new CliError(
      `${command} works on the embedded database; DATABASE_URL points to PostgreSQL. ` +
        (command === 'backup'
          ? 'Back it up with pg_dump (e.g. pg_dump -Fc -f kwoon.dump "$DATABASE_URL") '
          : 'Restore it with pg_restore (e.g. pg_restore --clean -d "$DATABASE_URL" kwoon.dump) ') +
        `and copy ${config.DATA_DIR}/media with it.`,
    );
  }
  return config.DATA_DIR;
}

async function backup(args: string[]): Promise<string> {
  const { target } = parseBackupArgs('backup', args);
  const { databaseBytes, mediaFiles } = await backupDataDir(embeddedDataDir('backup'), target);
  const megabytes = (databaseBytes / 1_000_000).toFixed(1);
  return `Backed up the database (${megabytes} MB compressed) and ${mediaFiles} media files to ${target}.`;
}

async function restore(args: string[]): Promise<string> {
  const { target, force } = parseBackupArgs('restore', args);
  const dataDir = embeddedDataDir('restore');
  const { mediaFiles } = await restoreDataDir(dataDir, target, { force });
  return `Restored the database and ${mediaFiles} media files from ${target} into ${dataDir}. Start the server.`;
}

async function migrate(database: Database): Promise<string> {
  const config = loadConfig();
  const applied = await database.migrate(migrateOptions(config, (message) => console.log(message)));
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}/db`;
  return applied === 0
    ? `The database (${where}) is up to date.`
    : `Applied ${applied} migration${applied === 1 ? '' : 's'} to the database (${where}).`;
}

/** Opens the configured database, brought up to date first unless the command is `migrate` itself. */
async function withDatabase<T>(
  run: (database: Database) => Promise<T>,
  { migrateFirst = true } = {},
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    postgres: postgresOptions(config),
  });
  try {
    if (migrateFirst) await database.migrate(migrateOptions(config, (message) => console.log(message)));
    return await run(database);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(HELP);
      return 0;
    case 'create-admin':
      // Check the options before opening the database, so typos fail fast.
      parseCreateAdmin(args);
      console.log(await withDatabase((database) => createAdmin(database, args, passwordPrompt())));
      return 0;
    case 'reset-password': {
      const login = parseResetPassword(args);
      console.log(await withDatabase((database) => resetPassword(database, login)));
      return 0;
    }
    case 'migrate':
      if (args.length > 0) throw new CliError('migrate takes no options.');
      console.log(await withDatabase(migrate, { migrateFirst: false }));
      return 0;
    case 'seed-demo': {
      if (args.length > 0) throw new CliError('seed-demo takes no options.');
      const config = loadConfig();
      const storage = await createMediaStorage(config);
      const seeded = await withDatabase((database) =>
        seedDemo(
          database.db,
          storage,
          { info: (message) => console.log(message) },
          new Date(),
          config.SCHOOL_TIMEZONE,
        ),
      );
      if (!seeded) console.log('The database already has users, so no demo content was added.');
      return 0;
    }
    case 'backup':
      console.log(await backup(args));
      return 0;
    case 'restore':
      console.log(await restore(args));
      return 0;
    default:
      throw new CliError(`Unknown command "${command}".\n\n${HELP}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Error: ${message}`);
    // Unexpected failures keep their cause for whoever reports them.
    const forPerson = error instanceof CliError || error instanceof BackupError;
    if (!forPerson && error instanceof Error && error.cause) console.error(error.cause);
    process.exit(1);
  },
);
