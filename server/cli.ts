import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { z } from 'zod';
import { requiredText } from '../common/api';
import { Email, Password, Username } from '../common/users';
import { loadConfig, postgresOptions, type Config } from './config';
import { passwordPrompt, type PasswordPrompt } from './cli-prompt';
import { BackupError, backupDatabase, restoreBackup } from './db/backup';
import { openDatabase, type Database } from './db/client';
import { migrateOptions } from './db/migrate';
import { importPglite } from './db/pglite-import';
import { seedDemo } from './db/seed';
import { createAccountWriter } from './db/seed/accounts';
import { issueTempPassword } from './modules/auth/auth.service';
import { createSessionStore } from './platform/auth';
import { passwordProblem } from './platform/password-policy';
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
  backup PATH   Write a consistent snapshot of the database (every table, as JSON lines) and
                a copy of DATA_DIR/media into PATH, a new or empty folder. The server can keep
                running; so can any PostgreSQL the app runs on (embedded or DATABASE_URL).
  restore PATH  Replace all of the database's data, and the media, with the backup in PATH, in
                one transaction (a backup of an older version is migrated on the way). Works
                while the server runs; restart it afterwards so it forgets what it cached.
                  --force        replace a database that already holds users
  import-pglite Move a PGlite database (DATA_DIR/db, the embedded engine before PostgreSQL)
                into the PostgreSQL database, every table, at whatever version it is; the old
                folder is then renamed DATA_DIR/db-pglite-imported-<time> and kept.
                  --force        replace a PostgreSQL database that already holds users
  help          Show this text.

The CLI opens the same database as the server: DATABASE_URL, or the embedded PostgreSQL server
in DATA_DIR/postgres, which it uses while the server runs and otherwise starts for the command.`;

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

/**
 * Asks for the password without echoing it, twice; or reads the first line of piped input. The
 * password policy is the one every form meets, with the account's username and e-mail.
 */
async function readPassword(prompt: PasswordPrompt, identities: string[]): Promise<string> {
  const first = await prompt('Password: ');
  if (prompt.interactive && (await prompt('Repeat the password: ')) !== first) {
    throw new CliError('The two passwords differ; nothing was changed.');
  }
  const parsed = Password.safeParse(first);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const problem = passwordProblem(parsed.data, identities);
  if (problem) throw new CliError(problem);
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
  const identities = found ? [found.username, found.email] : [options.username ?? '', options.email ?? ''];
  const password = !found || options['set-password'] ? await readPassword(prompt, identities) : undefined;
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

function parsePathArgs(command: 'backup' | 'restore', args: string[]) {
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

function parseImportArgs(args: string[]) {
  try {
    const { values } = parseArgs({
      args,
      options: { force: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
    return { force: values.force === true };
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun "npm run cli -- help" for the options.`);
  }
}

/** The media folder a backup carries: the local store's; a bucket is backed up on its own. */
const localMediaDir = (config: Config) =>
  config.MEDIA_STORAGE === 'local' ? path.resolve(config.DATA_DIR, 'media') : undefined;

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

async function backup(database: Database, target: string): Promise<string> {
  const summary = await backupDatabase({ database, target, mediaDir: localMediaDir(loadConfig()) });
  const media =
    summary.mediaFiles === null
      ? ' The media are in the S3 bucket and are not part of it.'
      : ` and ${plural(summary.mediaFiles, 'media file')}`;
  const what = `${plural(summary.tables, 'table')} (${plural(summary.rows, 'row')}, migration level ${summary.migrationLevel})`;
  return summary.mediaFiles === null
    ? `Backed up ${what} to ${target}.${media}`
    : `Backed up ${what}${media} to ${target}.`;
}

async function restore(database: Database, source: string, force: boolean): Promise<string> {
  const summary = await restoreBackup({ database, source, force, mediaDir: localMediaDir(loadConfig()) });
  const migrated =
    summary.fromLevel !== null && summary.fromLevel < summary.toLevel
      ? ` The backup was at migration level ${summary.fromLevel} and was migrated to ${summary.toLevel}.`
      : '';
  const media = summary.mediaFiles === null ? '' : ` and ${plural(summary.mediaFiles, 'media file')}`;
  return (
    `Restored ${plural(summary.tables.length, 'table')} (${plural(summary.rows, 'row')})${media} from ${source}.` +
    `${migrated} If the server is running, restart it so it forgets what it had cached.`
  );
}

async function importPgliteCommand(database: Database, force: boolean): Promise<string> {
  const { DATA_DIR } = loadConfig();
  const summary = await importPglite({ dataDir: DATA_DIR, target: database, force });
  return [
    `Imported the PGlite database of ${path.join(DATA_DIR, 'db')} into PostgreSQL: ` +
      `${plural(summary.tables.length, 'table')}, ${plural(summary.rows, 'row')} ` +
      `(from migration level ${summary.fromLevel}).`,
    `The PGlite folder is kept as ${summary.keptAt}; delete it once you are satisfied. The media stay in ${path.join(DATA_DIR, 'media')}.`,
  ].join('\n');
}

async function migrate(database: Database): Promise<string> {
  const config = loadConfig();
  const applied = await database.migrate(migrateOptions(config, (message) => console.log(message)));
  const where = database.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}/postgres` : 'PostgreSQL';
  return applied === 0
    ? `The database (${where}) is up to date.`
    : `Applied ${applied} migration${applied === 1 ? '' : 's'} to the database (${where}).`;
}

/** Opens the configured database, brought up to date first unless the command is `migrate` itself. */
async function withDatabase<T>(
  run: (database: Database) => Promise<T>,
  { migrateFirst = true, allowPglite = false } = {},
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    postgres: postgresOptions(config),
    allowPglite,
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
    case 'backup': {
      const { target } = parsePathArgs('backup', args);
      // A backup records the level it finds; it migrates nothing.
      console.log(await withDatabase((database) => backup(database, target), { migrateFirst: false }));
      return 0;
    }
    case 'restore': {
      const { target, force } = parsePathArgs('restore', args);
      console.log(await withDatabase((database) => restore(database, target, force)));
      return 0;
    }
    case 'import-pglite': {
      const { force } = parseImportArgs(args);
      console.log(
        await withDatabase((database) => importPgliteCommand(database, force), { allowPglite: true }),
      );
      return 0;
    }
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
