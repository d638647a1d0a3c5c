import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint-feature-boundaries.mjs';

/**
 * Test support is for tests only (docs/architecture.md §6): product code never
 * imports a support module (`*.testing.ts(x)`, `src/server/testing/`,
 * `src/web/test/`) or a test. Each area's own `no-restricted-imports` carries
 * this pattern, since a later rule of the same name replaces an earlier one.
 */
const testSupport = {
  group: [
    '**/*.testing',
    '**/*.testing.js',
    '**/testing/**',
    '**/test/**',
    '**/*.test',
    '**/*.test.js',
  ],
  message: 'Product code does not import test support (docs/architecture.md §6).',
};
const testFiles = [
  'src/**/*.test.{ts,tsx}',
  'src/**/*.testing.{ts,tsx}',
  'src/server/testing/**',
  'src/web/test/**',
  'src/test/**',
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const sharedBounds = [
  {
    group: ['**/server/**', '**/web/**'],
    message: 'src/shared must not import from server or web.',
  },
  {
    group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'fastify*', 'react*'],
    message: 'src/shared is free of I/O and frameworks.',
  },
];
const webBounds = {
  group: ['**/server/**'],
  message: 'The web app talks to the server over HTTP only.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Small modules, tests included (docs/architecture.md): a longer file is split by what it does.
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Product code on the server never imports test support.
    files: ['src/server/**/*.ts'],
    ignores: testFiles,
    rules: restrict([testSupport]),
  },
  // The domain and the contract are isomorphic: no server, no browser code, no I/O.
  { files: ['src/shared/**/*.ts'], rules: restrict(sharedBounds) },
  {
    files: ['src/shared/**/*.ts'],
    ignores: testFiles,
    rules: restrict([...sharedBounds, testSupport]),
  },
  // The browser never reaches into the server.
  { files: ['src/web/**/*.{ts,tsx}'], rules: restrict([webBounds]) },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: restrict([webBounds, testSupport]),
  },
  {
    // Features do not import each other (scripts/eslint-feature-boundaries.mjs).
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/feature-boundaries': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.ts', 'bench/**/*'],
    rules: { 'no-console': 'off' },
  },
);
