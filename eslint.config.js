// ESLint (flat config): TypeScript and React-hooks rules, and the layer table of
// ../shared/design/ARCHITECTURE.md as import boundaries. `npm run lint` must end with zero errors
// and zero warnings; `npm test` runs it as one check.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The workspaces as imported (`@medchest/<name>` and its subpaths). */
const workspace = (name) => [`@medchest/${name}`, `@medchest/${name}/*`];

/** One no-restricted-imports rule from the groups a folder may not import, with why. */
const restrict = (...patterns) => ['error', { patterns }];

const LAYERS = 'See the layer table in ARCHITECTURE.md.';

/** The packages each layer may not import (what it may import is the rest of the table). */
const notFrom = (names, layer) => ({
  group: names.flatMap(workspace),
  message: `${layer} may not import this package. ${LAYERS}`,
});

const webOnlyDomain = {
  group: ['@medchest/*', '!@medchest/domain', '!@medchest/domain/*'],
  message: `web/ imports domain/ only (schemas and types); the API's answers are domain contracts. ${LAYERS}`,
};

/** A relative path into another feature folder: `../other/...`, or back down through `features/`. */
const anotherFeature = {
  regex: String.raw`^\.\./(?!\.)|/features/`,
  message: 'A feature does not import another feature: move the shared part to web/src/components or web/src/lib.',
};

const intoFeatures = {
  regex: String.raw`(^|/)features/`,
  message: 'web/src/components and web/src/lib are shared by the features: they do not import a feature.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tsbuild/**', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-control-regex': 'error',
      // A binding a closure reads before its one assignment (late binding) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Kysely<any>: migrations (Kysely's own idiom: a migration must not depend on today's schema
    // types) and the tables that are not read models (files, uploads, history checkpoints).
    files: ['projections/src/**/migration.ts', 'projections/src/files/*.ts', 'command-api/src/history/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The layer table, folder by folder.
  {
    files: ['domain/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict({ group: ['@medchest/*'], message: `domain/ imports nothing of ours: it is pure rules and types. ${LAYERS}` }),
    },
  },
  {
    files: ['eventstore/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(notFrom(['projections', 'command-api', 'workers', 'demo', 'web', 'app'], 'eventstore/')) },
  },
  {
    files: ['projections/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(notFrom(['command-api', 'workers', 'demo', 'web', 'app'], 'projections/')) },
  },
  {
    files: ['command-api/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(notFrom(['workers', 'demo', 'web', 'app'], 'command-api/')) },
  },
  {
    files: ['workers/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(notFrom(['command-api', 'demo', 'web', 'app'], 'workers/')) },
  },
  {
    // The demo drives the product's own commands (command-api/) with a business clock; nothing of
    // the product imports it back but the one-process entry (app/) that seeds it.
    files: ['demo/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(notFrom(['workers', 'web', 'app'], 'demo/')) },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(webOnlyDomain) },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(webOnlyDomain, anotherFeature) },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(webOnlyDomain, intoFeatures) },
  },
);
