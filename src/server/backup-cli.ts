import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { restoreBackup, writeBackup } from './backup.js';
import { PID_FILE } from './server-lock.js';

/**
 * `npm run backup [-- file]` and `npm run restore -- file`: a consistent copy
 * of the embedded or server database, and back.
 */
async function main() {
  const [command, fileArg] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore')
    throw new Error('usage: backup-cli backup|restore [file]');
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database belongs to one process at a time.
    const pidFile = path.join(config.dataDir, PID_FILE);
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8'));
      let running = false;
      try {
        process.kill(pid, 0);
        running = true;
      } catch {
        running = false;
      }
      if (running)
        throw new Error(`The server (pid ${pid}) is using ${config.dataDir}: stop it first.`);
    }
  }
  const file = path.resolve(
    fileArg ??
      (command === 'backup'
        ? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`
        : ''),
  );
  if (command === 'restore' && !existsSync(file)) throw new Error(`no backup file at ${file}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const counts =
      command === 'backup'
        ? await writeBackup(database.db, file)
        : await restoreBackup(database.db, file);
    const summary = Object.entries(counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    process.stdout.write(`${command === 'backup' ? 'Wrote' : 'Restored'} ${file}: ${summary}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
