import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './first-admin.js';
import { markDataDirInUse } from './server-lock.js';
import { closeGracefully } from './shutdown.js';
import { serializeError } from './logger.js';

/** Reads the configuration, opens and migrates the database, listens, and shuts down gracefully. */
async function main() {
  // A .env file beside package.json is read if present (never required).
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const release = database.kind === 'pglite' ? markDataDirInUse(config.dataDir) : () => {};
  await database.migrate();
  const app = await buildApp({ config, database });
  await ensureFirstAdmin(
    database.db,
    { username: config.adminUsername, password: config.adminPassword, email: config.adminEmail },
    app.log,
    (text) => process.stdout.write(text),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await closeGracefully(app, database);
      release();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Mail queued before this start (or by a process that was killed) goes out now.
  app.mail.worker.start();
  // So do refunds recorded but not yet made (docs/money.md, "Refunds").
  app.refunds.start();
  // The reminders run by themselves: no cron to set up.
  app.mail.scheduler.start();
  // Never before listening: a house may have many reservations of an earlier release to price.
  app.prices.start();
  // The public pages drawn with the house's content, in the background: the first visitor need not wait.
  void app.livePages.warm();
  app.log.info(
    `${database.kind === 'pglite' ? 'Embedded database in ' + config.dataDir : 'PostgreSQL server'}; site on ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  // As the logs write it: a failed query's values left out (src/server/logger.ts).
  const safe = err instanceof Error && (serializeError(err) as { stack?: string; message: string });
  process.stderr.write(`Failed to start: ${safe ? (safe.stack ?? safe.message) : String(err)}\n`);
  process.exit(1);
});
