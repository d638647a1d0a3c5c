import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Marks the embedded database as in use by this process (backup and restore check it). */
export const PID_FILE = 'server.pid';

export function markDataDirInUse(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
