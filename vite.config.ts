import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';

/** The house's name from content/, written into index.html (title and first paint). */
const houseName = (JSON.parse(readFileSync(new URL('./content/facility.json', import.meta.url), 'utf8')) as { name: string }).name;
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    {
      name: 'house-name',
      transformIndexHtml: (html) => html.replaceAll('%HOUSE_NAME%', escapeHtml(houseName)),
    },
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The server reads it to preload the chunk of the page asked for (src/server/web-routes.ts).
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/pay': apiTarget,
    },
  },
});
