import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import boundaries from 'eslint-plugin-boundaries';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noSpecCitations } from './eslint/no-spec-citations.js';
import { tableOwnership } from './eslint/table-ownership.js';

/** ESLint's own recommended rules, read from the rules' metadata (the list `@eslint/js` would ship). */
const eslintRecommended = {
  name: 'kwoon/eslint-recommended',
  rules: Object.fromEntries(
    [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
  ),
};

const SOURCE = '{ts,tsx,js,mjs}';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/*
 * Zones and which way imports flow between them (eslint-plugin-boundaries): common ← server and
 * common ← web; in web, lib ← components ← features ← app, and components ← site (the public
 * pages, which the server's site module renders); a feature imports another feature
 * only through its index.ts; a server module reaches another only through its service (and its
 * tables, `*.schema.ts`, may reference another's). Tests may also use their side's test helpers.
 */
const ELEMENTS = [
  { type: 'common', pattern: 'common/**' },
  { type: 'server-test', pattern: 'server/test/**' },
  { type: 'server-module', pattern: 'server/modules/*/**', capture: ['module'] },
  { type: 'server', pattern: 'server/**' },
  { type: 'web-app', pattern: 'web/app/**' },
  { type: 'web-site', pattern: 'web/site/**' },
  { type: 'web-feature', pattern: 'web/features/*/**', capture: ['feature'] },
  { type: 'web-components', pattern: 'web/components/**' },
  { type: 'web-lib', pattern: 'web/lib/**' },
  { type: 'web-test', pattern: 'web/test/**' },
  { type: 'web-entry', pattern: 'web/*.{ts,tsx}' },
].map((element) => ({ ...element, partialMatch: false }));

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const from = (...types) => ({ element: { types: { anyOf: types } } });
const SERVER = ['common', 'server', 'server-module'];
const WEB = ['common', 'web-app', 'web-feature', 'web-components', 'web-lib'];
const zones = {
  name: 'kwoon/zones',
  files: [`{common,server,web}/**/*.${SOURCE}`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    'boundaries/elements': ELEMENTS,
    // A module's test helpers (server/modules/<d>/test/) are test code: they use the server's test
    // helpers and other domains' factories as the tests do.
    'boundaries/files': [
      { category: 'test', pattern: '**/*.test.{ts,tsx}' },
      { category: 'test', pattern: 'server/modules/*/test/**' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          { from: from('common'), allow: to('common') },
          { from: from('server'), allow: to(...SERVER) },
          { from: from('server-test'), allow: to(...SERVER, 'server-test') },
          // A module's own files, the platform, and another module's service only.
          { from: from('server-module'), allow: to('common', 'server') },
          {
            from: from('server-module'),
            allow: {
              to: {
                element: {
                  type: 'server-module',
                  captured: { module: '{{ from.element.captured.module }}' },
                },
              },
            },
          },
          {
            from: from('server-module'),
            allow: {
              to: { element: { type: 'server-module' }, file: { path: 'server/modules/*/*.service.ts' } },
            },
          },
          // A module's tables may reference another module's tables (foreign keys).
          {
            from: { element: { type: 'server-module' }, file: { path: 'server/modules/*/*.schema.ts' } },
            allow: {
              to: { element: { type: 'server-module' }, file: { path: 'server/modules/*/*.schema.ts' } },
            },
          },
          // Tests use their side's test helpers; a web test may render the whole app.
          {
            from: { element: { types: { anyOf: SERVER } }, file: { categories: 'test' } },
            allow: to(...SERVER, 'server-test'),
          },
          {
            from: { element: { types: { anyOf: WEB } }, file: { categories: 'test' } },
            allow: to(...WEB, 'web-test'),
          },
          // The public site: server-rendered React with islands, no UI library (web/site/island.tsx).
          { from: from('web-site'), allow: to('common', 'web-site', 'web-components') },
          // …and the app's self-hosted fonts, one stylesheet for both.
          {
            from: from('web-site'),
            allow: { to: { element: { type: 'web-app' }, file: { path: 'web/app/fonts.css' } } },
          },
          // The server renders the public site's pages: it calls the renderer and reads the pages' types;
          // the constants and rules it shares with them live in common/.
          {
            from: { element: { type: 'server-module', captured: { module: 'site' } } },
            allow: { to: { element: { type: 'web-site' }, file: { path: 'web/site/render.tsx' } } },
          },
          {
            from: { element: { type: 'server-module', captured: { module: 'site' } } },
            allow: { to: { element: { type: 'web-site' } }, dependency: { kind: 'type' } },
          },
          { from: { element: { type: 'web-site' }, file: { categories: 'test' } }, allow: to('web-test') },
          { from: from('web-lib'), allow: to('common', 'web-lib') },
          { from: from('web-components'), allow: to('common', 'web-lib', 'web-components') },
          { from: from('web-feature'), allow: to('common', 'web-lib', 'web-components') },
          {
            from: from('web-feature'),
            allow: {
              to: {
                element: {
                  type: 'web-feature',
                  captured: { feature: '{{ from.element.captured.feature }}' },
                },
              },
            },
          },
          {
            from: from('web-feature'),
            allow: {
              to: { element: { type: 'web-feature' }, file: { path: 'web/features/*/index.{ts,tsx}' } },
            },
          },
          { from: from('web-app', 'web-entry', 'web-test'), allow: to(...WEB, 'web-test') },
        ],
      },
    ],
  },
};

/** common/ runs on both sides: no Node built-ins, no browser UI libraries. */
const builtinNames = builtinModules.filter((name) => !name.startsWith('_')).map(escape);
const commonPackages = {
  name: 'kwoon/common-packages',
  files: [`common/**/*.${SOURCE}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:node:.*|(?:${builtinNames.join('|')})(?:/.*)?)$`,
            message: 'common/ also runs in the browser: no Node.js built-ins.',
          },
          {
            regex: '^(?:react|react-dom|@mantine/.*|@tanstack/.*)(?:/.*)?$',
            message: 'common/ also runs on the server: no React or browser UI libraries.',
          },
        ],
      },
    ],
  },
};

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

/** The project's own rules (eslint/). */
const kwoon = { rules: { 'no-spec-citations': noSpecCitations, 'table-ownership': tableOwnership } };

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
    // Files served to the browser as they are, before the app's bundle.
    name: 'kwoon/web-public',
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly' } },
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
    extends: [reactHooks.configs.flat.recommended, pluginQuery.configs['flat/recommended']],
    rules: {
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Styles live in CSS modules next to their component (docs/architecture.md, "Styling"); an
    // inline style may only set a CSS variable, for a value that changes while the page runs.
    name: 'kwoon/web-styles',
    files: [`web/**/*.${SOURCE}`],
    ignores: ['**/*.test.{ts,tsx}', 'web/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style'] ObjectExpression > Property:not([key.value=/^--/])",
          message:
            'Put the style in the CSS module next to the component; inline, set only a CSS variable that the module reads.',
        },
        {
          selector: "JSXAttribute[name.name='styles'] > JSXExpressionContainer > ObjectExpression",
          message: "Give Mantine's parts classes from the CSS module (classNames) instead of inline styles.",
        },
      ],
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
    // Tests and their factories write the rows a test needs, whoever owns the table.
    ignores: ['**/*.test.ts', 'server/modules/*/test/**'],
    plugins: { kwoon },
    rules: { 'kwoon/table-ownership': 'error' },
  },
  {
    // A comment states the rule it explains: the product's specification is not in the repository.
    name: 'kwoon/comments',
    files: [`**/*.${SOURCE}`],
    plugins: { kwoon },
    rules: { 'kwoon/no-spec-citations': 'error' },
  },
  zones,
  commonPackages,
);
