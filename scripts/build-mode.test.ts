import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const outDirs: string[] = [];
afterAll(() => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** `vite build` of the browser's bundle, as `npm run build` runs it, into a folder of its own. */
async function buildClient(nodeEnv: string) {
  const outDir = await mkdtemp(path.join(tmpdir(), `build-${nodeEnv}-`));
  outDirs.push(outDir);
  await run(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'],
    { env: { ...process.env, NODE_ENV: nodeEnv }, maxBuffer: 16 * 1024 * 1024 },
  );
  return outDir;
}

async function scripts(outDir: string) {
  const assets = path.join(outDir, 'assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  return (await Promise.all(files.map((file) => readFile(path.join(assets, file), 'utf8')))).join(
    '\n',
  );
}

// Whatever NODE_ENV the shell has, the build is the production bundle
// (docs/operations.md): React's development build is a third bigger and goes
// over the first page's budget (scripts/check-bundle.mjs).
describe.each(['test', 'development'])('the build with NODE_ENV=%s in the shell', (nodeEnv) => {
  it("bundles React's production build and keeps to the first pages' budgets", async () => {
    const outDir = await buildClient(nodeEnv);
    const js = await scripts(outDir);
    // The development JSX runtime and React's dev-only stack frames are absent,
    // React's production errors (codes to look up) are there.
    expect({
      jsxDev: js.includes('jsxDEV'),
      devStackFrames: js.includes('react-stack-top-frame'),
      productionErrors: js.includes('react.dev/errors'),
    }).toEqual({ jsxDev: false, devStackFrames: false, productionErrors: true });
    await expect(
      run(process.execPath, ['scripts/check-bundle.mjs', outDir]),
    ).resolves.toBeDefined();
  }, 90_000);
});
