import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mantineStylesPlugin } from './scripts/mantine-styles-plugin.js';
import { mantineStartupPlugin } from './scripts/mantine-startup-plugin.js';

/** The house's name from content/, written into index.html (title and first paint). */
const houseName = (
  JSON.parse(readFileSync(new URL('./content/facility.json', import.meta.url), 'utf8')) as {
    name: string;
  }
).name;
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** `@/…` is src/web/… (tsconfig.json's paths): how a feature imports the app's shared modules. */
export const webAlias = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('./src/web/', import.meta.url))}` },
];

/**
 * The build of src/web/prerender.tsx that scripts/prerender.mjs runs in Node:
 * one file with every dependency inside, so that Mantine passes through the
 * same plugins as in the browser's build and renders the same HTML.
 */
const prerenderBuild = {
  outDir: '../../dist/prerender',
  emptyOutDir: true,
  copyPublicDir: false,
  manifest: false,
  sourcemap: false,
  rolldownOptions: { output: { codeSplitting: false } },
};

const config = (isSsrBuild: boolean | undefined): UserConfig => ({
  root: 'src/web',
  publicDir: 'public',
  resolve: { alias: webAlias },
  plugins: [
    react(),
    mantineStylesPlugin(),
    mantineStartupPlugin(),
    {
      name: 'house-name',
      transformIndexHtml: (html) => html.replaceAll('%HOUSE_NAME%', escapeHtml(houseName)),
    },
  ],
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  // A server bundle reads process.env at run time; the prerender's React is production too.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? prerenderBuild
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        // The server reads it to preload the chunk of the page asked for (src/server/web-routes.ts).
        manifest: true,
        // Vite's loader would add a preload link for every chunk a route
        // imports, in the one task that starts the app: a long task on a
        // phone. The server preloads a first page's chunks in its HTML; a page
        // opened later brings its imports with its chunk (docs/operations.md,
        // "Prerendered pages").
        modulePreload: false,
        sourcemap: false,
        // What the first page needs is one chunk. The other pages' shared
        // pieces stay chunks of their own: the server preloads every chunk of
        // the page asked for with the page (src/server/web-routes.ts), so they
        // arrive together, not one round trip after another. Copying small
        // shared pieces into each chunk instead (rolldown's
        // experimentalInlineCommonChunks) made every module a function to call
        // and cost 3.6 KB of the first bundle, which a visitor's first page
        // cannot afford (150 KB gzip, scripts/check-bundle.mjs).
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'] }],
            },
          },
        },
      },
  server: {
    port: 5173,
    // Nothing of the app's own lives under /api or /pay: both go to the API server.
    proxy: { '/api': apiTarget, '/pay': apiTarget },
  },
});

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is the production bundle whatever NODE_ENV the shell has: with
  // `test` or `development` Vite would bundle React's development build. Set
  // before Vite and its plugins read it; the server reads its own NODE_ENV
  // at run time (docs/operations.md).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(isSsrBuild);
});
