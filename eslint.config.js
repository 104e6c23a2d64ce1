import { existsSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { tableOwnership } from './eslint/table-ownership.js';

/** ESLint's own recommended rules, read from the rules' metadata (the list `@eslint/js` would ship). */
const eslintRecommended = {
  name: 'kwoon/eslint-recommended',
  rules: Object.fromEntries(
    [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
  ),
};

const SOURCE = '{ts,tsx,js,mjs}';
/** Deepest folder nesting the boundary rules cover, counted from the repository root. */
const MAX_DEPTH = 8;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Exactly n `../` steps: from a file n folders deep, that lands on the repository root. */
const up = (n) => `(?:\\.\\./){${n}}`;
/** `files` glob for the files exactly `depth` folders below the root, inside `folder`. */
const filesAt = (folder, depth, base = 1) => [`${folder}/${'*/'.repeat(depth - base)}*.${SOURCE}`];

/*
 * Imports flow one way: common ← server and common ← web; web/features/<a> never imports
 * web/features/<b> (web/app composes features). The rules are core `no-restricted-imports`
 * patterns generated per folder depth, so a relative path is judged by where it really lands.
 */
const LAYERS = {
  common: {
    forbidden: ['server', 'web'],
    message: 'common/ is shared by the server and the web app, so it must not import either of them.',
  },
  server: {
    forbidden: ['web'],
    message: 'The server must not import the web app; share schemas and types through common/.',
  },
  web: {
    forbidden: ['server'],
    message: 'The web app talks to the server over HTTP only; share schemas and types through common/.',
  },
};

const builtinNames = builtinModules.filter((name) => !name.startsWith('_')).map(escape);
const commonPackages = [
  {
    regex: `^(?:node:.*|(?:${builtinNames.join('|')})(?:/.*)?)$`,
    message: 'common/ also runs in the browser: no Node.js built-ins.',
  },
  {
    regex: '^(?:react|react-dom|@mantine/.*|@tanstack/.*)(?:/.*)?$',
    message: 'common/ also runs on the server: no React or browser UI libraries.',
  },
];

function layerPatterns(top, depth) {
  const { forbidden, message } = LAYERS[top];
  const patterns = [{ regex: `^${up(depth)}(?:${forbidden.join('|')})(?:/|$)`, message }];
  return top === 'common' ? [...patterns, ...commonPackages] : patterns;
}

function featurePatterns(feature, nesting) {
  const other = `(?!${escape(feature)}(?:/|$))`;
  const message = `web/features/${feature} must not import another feature; compose features in web/app or move shared code to web/components or web/lib.`;
  return [
    { regex: `^${up(nesting + 1)}(?!\\.\\.(?:/|$))${other}[^/]+`, message },
    { regex: `^${up(nesting + 2)}features/${other}`, message },
    { regex: `^${up(nesting + 3)}web/features/${other}`, message },
  ];
}

const restrict = (name, files, patterns) => ({
  name,
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const layerBoundaries = Object.keys(LAYERS).flatMap((top) =>
  Array.from({ length: MAX_DEPTH }, (_, i) =>
    restrict(`kwoon/boundaries/${top}/${i + 1}`, filesAt(top, i + 1), layerPatterns(top, i + 1)),
  ),
);

// Later entries win for the same file, so each feature entry repeats the web layer's patterns.
const features = existsSync('web/features')
  ? readdirSync('web/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const featureBoundaries = features.flatMap((feature) =>
  Array.from({ length: MAX_DEPTH - 2 }, (_, nesting) =>
    restrict(
      `kwoon/boundaries/features/${feature}/${nesting}`,
      filesAt(`web/features/${feature}`, nesting, 0),
      [...layerPatterns('web', nesting + 3), ...featurePatterns(feature, nesting)],
    ),
  ),
);

/** What Node.js scripts and config files written in plain JavaScript may use without importing. */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'structuredClone',
  ].map((name) => [name, 'readonly']),
);

const TEST_FUNCTIONS = '/^(describe|suite|it|test|bench|itConcurrently)$/';
/**
 * A test that does not run passes silently, and a focused one silences the rest: neither lands.
 * A test that needs a service CI provides may be conditional (`skipIf`), with a disable comment
 * saying which CI step runs it.
 */
const testsThatDoNotRun = [
  {
    selector: `MemberExpression[object.name=${TEST_FUNCTIONS}][property.name=/^(skip|only|todo|fixme)$/]`,
    message: 'Tests that are skipped or focused do not land: make the test pass, or delete it.',
  },
  {
    selector: `MemberExpression[object.property.name=/^(describe|step)$/][property.name=/^(skip|only|fixme)$/]`,
    message: 'Tests that are skipped or focused do not land: make the test pass, or delete it.',
  },
  {
    selector: `MemberExpression[object.name=${TEST_FUNCTIONS}][property.name=/^(skipIf|runIf)$/]`,
    message:
      'A conditional test silently passes where its condition fails; if CI provides what it needs, say so in a disable comment.',
  },
];

export default defineConfig(
  globalIgnores([
    'dist/',
    'data/',
    'coverage/',
    'playwright-report/',
    'test-results/',
    'bench/results/',
    'server/db/migrations/',
  ]),
  eslintRecommended,
  tseslint.configs.recommendedTypeChecked,
  {
    name: 'kwoon/typescript',
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Fastify plugins and handlers, and async interface methods, are async by contract even without `await`.
      '@typescript-eslint/require-await': 'off',
      // React event props accept async handlers; their promise is deliberately not awaited.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    name: 'kwoon/javascript',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // Test code reads untyped JSON bodies (`response.json()`) on purpose; the assertions check them.
    name: 'kwoon/tests',
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', '**/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...testsThatDoNotRun],
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    name: 'kwoon/web',
    files: [`web/**/*.${SOURCE}`],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A repo's queries join the caller's unit of work (server/platform/tx.ts); the service decides
    // where a transaction begins and ends, so a repo opening its own would split it.
    name: 'kwoon/repos',
    files: ['server/modules/**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Repos never open transactions: the service wraps the unit of work in platform.tx() or platform.withAdvisoryLock().',
        },
      ],
    },
  },
  {
    name: 'kwoon/table-ownership',
    files: ['server/modules/**/*.ts', 'server/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { kwoon: { rules: { 'table-ownership': tableOwnership } } },
    rules: { 'kwoon/table-ownership': 'error' },
  },
  layerBoundaries,
  featureBoundaries,
  // After the layer rules, which it repeats for these files: a module reaches another only
  // through its service, never its repo, routes or helpers.
  {
    ...restrict(
      'kwoon/boundaries/server-modules',
      ['server/modules/*/*.ts'],
      [
        ...layerPatterns('server', 3),
        {
          regex: '^\\.\\./(?!\\.\\.(?:/|$))([^/]+)/(?!\\1\\.service$)[^/]+$',
          message:
            "Another module is reached through its service only ('../<domain>/<domain>.service'), never its repo, routes or helpers.",
        },
      ],
    ),
    ignores: ['**/*.test.ts'],
  },
);
