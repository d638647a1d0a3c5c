import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '../../shared/messages.js';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for
 * every other GET outside /api so the browser's router decides what to show.
 */
async function staticSpa(app: FastifyInstance, { webDir }: { webDir: string }) {
  const indexFile = path.join(webDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      return reply.status(404).send({ message: messages.notFound });
    }
    if (!indexHtml) return reply.status(404).type('text/plain').send('The web app is not built. Run "npm run build".');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

export default fp(staticSpa, { name: 'static-spa', fastify: '5.x' });
