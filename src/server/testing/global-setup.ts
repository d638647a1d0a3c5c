import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/open.js';

/**
 * Creates one migrated embedded database and dumps it; every test file loads
 * the dump (≈0.4 s) instead of creating and migrating its own (≈2 s).
 */
export default async function setup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-test-'));
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.PGLITE_TEMPLATE = file;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
