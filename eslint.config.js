import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint-feature-boundaries.mjs';

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
    // The domain and the contract are isomorphic: no server, no browser code, no I/O.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'src/shared must not import from server or web.',
            },
            {
              group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'fastify*', 'react*'],
              message: 'src/shared is free of I/O and frameworks.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser never reaches into the server.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
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
