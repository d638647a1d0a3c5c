import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { mantineStylesPlugin } from './scripts/mantine-styles-plugin.js';
import { webAlias } from './vite.config.js';

/**
 * Three projects: pure and server tests in Node (the server ones on PGlite),
 * the same server tests again on a PostgreSQL server when TEST_DATABASE_URL is
 * set, and the web components in happy-dom.
 */
const serverTests = ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  resolve: { alias: webAlias },
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: serverTests,
          exclude: ['**/*.postgres.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles: ['src/test/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts'],
                exclude: ['**/*.pglite.test.ts', '**/node_modules/**'],
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                globalSetup: ['src/server/testing/global-setup.ts'],
                setupFiles: ['src/test/fail-on-console-error.ts'],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        plugins: [react(), mantineStylesPlugin()],
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/fail-on-console-error.ts', 'src/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
