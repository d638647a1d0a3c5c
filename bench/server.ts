// The benchmark's server: the real app, plus two routes of its own that the
// product does not have — a bare route answering fixed bytes (the yardstick
// for the public calendar) and the process's peak memory.
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/open.js';
import { buildApp } from '../src/server/app.js';
import { ensureFirstAdmin } from '../src/server/first-admin.js';
import { closeGracefully } from '../src/server/shutdown.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  await ensureFirstAdmin(
    database.db,
    { username: config.adminUsername, password: config.adminPassword },
    app.log,
  );

  let bareBody = '[]';
  let peakRss = 0;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  sample.unref();
  app.get('/bench/bare', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=5')
      .send(bareBody),
  );
  app.post('/bench/bare-body', { schema: { hide: true }, config: { csrf: false } }, async (req) => {
    bareBody = JSON.stringify(req.body);
    return { ok: true };
  });
  app.get('/bench/memory', { schema: { hide: true } }, async () => ({
    peakRss,
    rss: process.memoryUsage().rss,
  }));

  process.on('SIGTERM', () => {
    void closeGracefully(app, database).then(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
