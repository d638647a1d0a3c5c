// Creates an embedded database in the directory given, then exits. Run in a
// process of its own by db/open.ts on a first start: PGlite's initdb takes
// several hundred megabytes of WebAssembly memory that a process never gives
// back, so the server itself only ever opens an existing database.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: create-database.mjs <directory>\n');
  process.exit(2);
}
const db = await PGlite.create(dir);
await db.close();
