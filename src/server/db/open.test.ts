import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open.js';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('opens in its data directory with small shared buffers, new and again', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'retreat-open-'));
    for (const time of ['new', 'again']) {
      const database = await openDatabase({ dataDir });
      try {
        const result = (await database.db.execute(
          sql`select name, setting from pg_settings where name in ('shared_buffers', 'maintenance_work_mem') order by name`,
        )) as unknown as { rows: { name: string; setting: string }[] };
        // In 8 kB pages and kB: 32 MB and 16 MB.
        expect(result.rows, time).toEqual([
          { name: 'maintenance_work_mem', setting: '16384' },
          { name: 'shared_buffers', setting: '4096' },
        ]);
      } finally {
        await database.close();
      }
    }
  }, 60_000);
});
