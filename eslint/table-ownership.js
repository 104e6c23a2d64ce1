import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `kwoon/table-ownership`: a write (`.insert(t)`, `.update(t)`, `.delete(t)`) to a table from
 * `server/db/schema` is allowed only in the code of the table's owner, as declared in the "Table
 * ownership" section of docs/architecture.md — the declaration stays the one source, and the
 * document cannot drift from what the code does.
 */

const WRITES = new Set(['insert', 'update', 'delete']);

/** `lessonProgress` → `lesson_progress`: schema exports are the tables' names in camelCase. */
const tableName = (exported) => exported.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Table name → the owners allowed to write it, from the markdown table `| owner | tables |`. */
export function readTableOwners(markdown) {
  const section = markdown.split(/^#+ /m).find((part) => part.startsWith('Table ownership'));
  if (!section) throw new Error('docs/architecture.md has no "Table ownership" section');
  const owners = new Map();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    const owner = cells[1].replaceAll('`', '');
    for (const [, table] of cells[2].matchAll(/`([a-z_]+)`/g)) {
      owners.set(table, [...(owners.get(table) ?? []), owner]);
    }
  }
  return owners;
}

/** The owner a file writes as: its module's folder, or `platform`. */
function ownerOf(filename) {
  const parts = path.relative(process.cwd(), filename).split(path.sep);
  if (parts[0] !== 'server') return undefined;
  if (parts[1] === 'modules' && parts.length > 3) return parts[2];
  if (parts[1] === 'platform') return 'platform';
  return undefined;
}

let cached;
const owners = () => (cached ??= readTableOwners(readFileSync('docs/architecture.md', 'utf8')));

export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: "A table is written only by its owner's code (docs/architecture.md)" },
    schema: [],
    messages: {
      foreign:
        "'{{table}}' belongs to {{owners}} (docs/architecture.md, Table ownership): ask that service to change it instead of writing it from '{{writer}}'.",
      unowned: "'{{table}}' has no owner in docs/architecture.md (Table ownership): declare one.",
    },
  },
  create(context) {
    const writer = ownerOf(context.filename);
    if (!writer) return {};
    /** Local name → table name, for the identifiers imported from the schema. */
    const tables = new Map();
    return {
      ImportDeclaration(node) {
        if (!/db\/schema(?:\/|$)/.test(String(node.source.value))) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier')
            tables.set(specifier.local.name, tableName(specifier.imported.name));
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const [target] = node.arguments;
        if (target?.type !== 'Identifier' || !tables.has(target.name)) return;
        const table = tables.get(target.name);
        const allowed = owners().get(table);
        if (!allowed) context.report({ node, messageId: 'unowned', data: { table } });
        else if (!allowed.includes(writer))
          context.report({
            node,
            messageId: 'foreign',
            data: { table, owners: allowed.map((o) => `'${o}'`).join(' and '), writer },
          });
      },
    };
  },
};
