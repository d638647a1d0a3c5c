import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The text a real PDF reader (poppler's pdftotext, a system package the tests need) extracts. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('/usr/bin/pdftotext', [
      '-layout',
      '-enc',
      'UTF-8',
      file,
      '-',
    ]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
