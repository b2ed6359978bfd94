// ESLint for the whole workspace: `npm run lint` (add `-- --fix` to fix what can be fixed).
// Syntax-only rules (no type information), so a run stays fast on a small machine; the type
// checker (`tsc` per package) does the rest. The boundaries at the end encode the architecture.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['remote-detect', 'remote-insights', 'remote-threat'];
const FRONTENDS = ['host', ...REMOTES, 'shared'];
const APP_SOURCE = ['./api/src', './host', './shared', ...REMOTES.map((remote) => `./${remote}`)];

// By package name, too: no app's package is imported by another (each deploys on its own), and
// only the frontends use @console/shared.
const APP_PACKAGES = {
  group: ['host', 'api', 'e2e', 'remote-*'].flatMap((name) => [`@console/${name}`, `@console/${name}/**`]),
  message: 'No app imports another app: each is built and deployed on its own.',
};
const SHARED_PACKAGE = {
  group: ['@console/shared', '@console/shared/**'],
  message: "@console/shared is the frontends' library: the API, browser tests and benches do not import it.",
};
const CONTRACTS_PACKAGE = {
  group: ['@console/contracts', '@console/contracts/**'],
  message:
    '@console/contracts is for the API and @console/shared only: the remotes and the host take its types from @console/shared.',
};
const SHARED_INTERNALS = {
  group: ['@console/shared/src/**'],
  message: "Import from '@console/shared' (deep paths into its src/ are for tests).",
};

/** One import-x/no-restricted-paths zone per remote: no other remote, no host, no API. */
const remoteZones = REMOTES.map((remote) => ({
  target: `./${remote}`,
  from: [...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`), './host', './api'],
  message:
    'A remote is deployed on its own: it imports no other remote, no host code and no API code (share through @console/shared).',
}));

const frontendZones = [
  ...remoteZones,
  // host/monolith compiles the remotes' pages into one bundle on purpose (the bench baseline).
  // The one thing host/src reads of a remote is its page manifest: plain data, the routes' contract.
  ...REMOTES.map((remote) => ({
    target: './host/src',
    from: `./${remote}`,
    except: ['./src/pages/manifest.json'],
    message: 'The host loads remotes at run time through federation, never by importing their source.',
  })),
  {
    target: './host',
    from: './api',
    message: 'The host talks to the API over HTTP only.',
  },
  {
    target: './shared',
    from: ['./api', './host', ...REMOTES.map((remote) => `./${remote}`)],
    message: '@console/shared is below every app: it imports none of them.',
  },
  {
    target: './api',
    from: ['./host', './shared', ...REMOTES.map((remote) => `./${remote}`), './e2e', './bench'],
    message: 'The API imports no frontend or test-harness code.',
  },
  {
    // The lowest layer: the API and @console/shared import it, it imports nothing of ours.
    target: './contracts',
    from: ['./api', './shared', './host', ...REMOTES.map((remote) => `./${remote}`), './e2e', './bench', './scripts'],
    message: '@console/contracts is the bottom layer: the wire schemas import no app, library or script of the console.',
  },
  {
    target: ['./e2e', './bench'],
    from: APP_SOURCE,
    message: 'Browser tests and benches drive the built console from outside: they import no app source.',
  },
];

// The API's layers, from the bottom: config and password policy → db (schema, client) → lib (areas) → plugins → routes → app;
// the CLI sits beside plugins and routes, on top of lib.
const apiLayerZones = [
  {
    target: './api/src/db',
    from: ['./api/src/lib', './api/src/plugins', './api/src/routes', './api/src/cli'],
    message: 'api/src/db is the bottom layer: the schema and client import no lib, plugin, route or CLI code.',
  },
  {
    target: ['./api/src/config.ts', './api/src/password-policy.ts', './api/src/worker-thread.ts'],
    from: ['./api/src/db', './api/src/lib', './api/src/plugins', './api/src/routes', './api/src/cli'],
    message:
      'The configuration, the password policy and the worker-thread starter are the foundation: they import no db, lib, plugin, route or CLI code.',
  },
  {
    target: './api/src/lib',
    from: ['./api/src/plugins', './api/src/routes', './api/src/cli', './api/src/app.ts'],
    message: 'api/src/lib is below Fastify plugins, routes and the CLI: it imports none of them.',
  },
  {
    target: './api/src/lib/vulns',
    from: ['./api/src/lib/detect', './api/src/lib/insights', './api/src/lib/honeypot', './api/src/lib/feeds'],
    message: 'lib/vulns (the feed as stored, matching, risk) is below the areas that use it: it imports none of them.',
  },
  {
    target: './api/src/lib/detect',
    from: ['./api/src/lib/insights', './api/src/lib/honeypot', './api/src/lib/feeds'],
    message: 'The areas are side by side: DETECT shares with INSIGHTS through lib/vulns or lib/*.ts foundations.',
  },
  {
    target: './api/src/lib/insights',
    from: ['./api/src/lib/detect', './api/src/lib/honeypot', './api/src/lib/feeds'],
    message: 'The areas are side by side: INSIGHTS shares with DETECT through lib/vulns or lib/*.ts foundations.',
  },
  {
    target: './api/src/plugins',
    from: ['./api/src/routes', './api/src/cli'],
    message: 'Plugins are below routes and the CLI.',
  },
  {
    target: ['./api/src/routes', './api/src/cli'],
    from: ['./api/src/app.ts', './api/src/server.ts', './api/src/cli.ts'],
    message: 'Routes and CLI commands do not import the entry points.',
  },
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-monolith/',
    'shared/.api-check/',
    '**/coverage/',
    'api/drizzle/',
    'api/data/',
    'fixtures/',
    'e2e/artifacts/',
    'bench/results/',
  ]),

  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // `_name` marks an argument a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    // CommonJS files are the build and jest configs: require() is their import.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['api/**', 'scripts/**', 'e2e/**', 'bench/**', '**/*.{mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests and benches also hold functions Playwright runs in the page (page.evaluate).
    files: ['e2e/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // The React packages.
  {
    files: FRONTENDS.map((dir) => `${dir}/{src,dev,monolith}/**/*.{ts,tsx}`),
    extends: [reactHooks.configs.flat.recommended, jsxA11y.configs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A dialog's first field takes focus when it opens (MUI components; the WAI-ARIA dialog
      // pattern); a plain DOM element still may not.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },

  // Import boundaries (resolved paths, so `../..` and package names are judged alike).
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'],
          // The API is NodeNext: `./x.js` in source means `./x.ts`.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...frontendZones, ...apiLayerZones] }],
    },
  },
  {
    // Apps and @console/shared reach each other by package name, never by a relative path.
    files: FRONTENDS.map((dir) => `${dir}/**/*.{js,mjs,cjs,ts,tsx}`),
    // remoteCatalog.ts reads the remotes' page manifests (data, no code) by path, like the monolith.
    ignores: ['host/monolith/**', 'host/src/remotes/remoteCatalog.ts'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    // Likewise the API and @console/contracts.
    files: ['{api,contracts}/**/*.{js,mjs,cjs,ts,tsx}'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  // no-restricted-imports: a later block replaces an earlier one's patterns, so each lists them all.
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_PACKAGES] }] },
  },
  {
    files: ['{api,shared,contracts,e2e,bench}/**/*.{js,mjs,cjs,ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_PACKAGES, SHARED_PACKAGE] }] },
  },
  {
    files: [...REMOTES, 'host'].map((dir) => `${dir}/**/*.{js,mjs,cjs,ts,tsx}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_PACKAGES, CONTRACTS_PACKAGE] }] },
  },
  {
    // Production code uses @console/shared's public entry; its src/testing helpers are for tests.
    files: [...REMOTES, 'host'].map((dir) => `${dir}/{src,dev}/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/__mocks__/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_PACKAGES, CONTRACTS_PACKAGE, SHARED_INTERNALS] }] },
  },
  {
    // The frontends take the contracts' types only: a value import would put TypeBox in the page.
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@console/contracts', 'typebox'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Types only (`import type`): the schemas themselves are for the API, not the page.',
          })),
        },
      ],
    },
  },
]);
