import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `kwoon/table-ownership`: a write (`.insert(t)`, `.update(t)`, `.delete(t)`) to a table is allowed
 * only in the code of the table's owner, and the owner is the folder that declares the table: a
 * table in `server/modules/bookings/bookings.schema.ts` is written only under
 * `server/modules/bookings/`, one in `server/platform/**\/*.schema.ts` only under `server/platform/`.
 */

const WRITES = new Set(['insert', 'update', 'delete']);

/** Where a table's import comes from: the barrel `db/schema` or a `*.schema` file itself. */
const TABLE_SOURCE = /(?:db\/schema(?:\/index)?|\.schema)$/;

/** Where tables are declared, relative to the project root. */
const DECLARING_FOLDERS = ['server/modules', 'server/platform'];

/** The owner code in a file acts for: its module's folder, or `platform`. */
function ownerOf(file) {
  const parts = file.split(/[\\/]/);
  if (parts[0] !== 'server') return undefined;
  if (parts[1] === 'modules' && parts.length > 3) return parts[2];
  if (parts[1] === 'platform') return 'platform';
  return undefined;
}

/**
 * Exported table → `{ table, owner, file }`, from the `export const x = pgTable('name', …)`
 * declarations of the given `*.schema.ts` files (paths relative to the project root).
 */
function readTableOwners(files) {
  const owners = new Map();
  for (const file of files) {
    for (const [, exported, table] of readFileSync(file, 'utf8').matchAll(
      /export const (\w+) = pgTable\(\s*'([a-z_]+)'/g,
    )) {
      owners.set(exported, { table, owner: ownerOf(file), file });
    }
  }
  return owners;
}

function schemaFiles() {
  return DECLARING_FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true })
      .filter((file) => String(file).endsWith('.schema.ts'))
      .map((file) => path.posix.join(folder, String(file).split(path.sep).join('/'))),
  );
}

let cached;
const owners = () => (cached ??= readTableOwners(schemaFiles()));

export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: 'A table is written only by the code of the folder that declares it' },
    schema: [],
    messages: {
      foreign:
        "'{{table}}' belongs to '{{owner}}' (declared in {{file}}): ask that service to change it instead of writing it from '{{writer}}'.",
      unowned:
        "'{{name}}' is not declared in a module's or the platform's *.schema.ts: declare it in its owner's folder.",
    },
  },
  create(context) {
    const writer = ownerOf(path.relative(process.cwd(), context.filename));
    if (!writer) return {};
    /** Local name → the exported name, for the identifiers imported from table declarations. */
    const tables = new Map();
    return {
      ImportDeclaration(node) {
        if (!TABLE_SOURCE.test(String(node.source.value))) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier')
            tables.set(specifier.local.name, specifier.imported.name);
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const [target] = node.arguments;
        if (target?.type !== 'Identifier' || !tables.has(target.name)) return;
        const name = tables.get(target.name);
        const declared = owners().get(name);
        if (!declared?.owner) context.report({ node, messageId: 'unowned', data: { name } });
        else if (declared.owner !== writer)
          context.report({ node, messageId: 'foreign', data: { ...declared, writer } });
      },
    };
  },
};
