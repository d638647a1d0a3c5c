#!/usr/bin/env node
// `npm test`: every suite a fresh clone can run (docs/architecture.md §6), in order:
// typecheck, lint, unit/API/component tests (Vitest), then the end-to-end
// journeys (Playwright in Chromium) against a production build.
// Outside CI a missing PostgreSQL or Chromium skips that suite with one line;
// with CI=true nothing may be skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { chromiumPath } from './chromium.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = path.resolve('test-results');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

// A suite that hangs is stopped and reported, so a run always ends with its summary
// (Vitest takes about 40 minutes here, Playwright about 15: docs/performance.md; within CI's 90 in all).
const SUITE_LIMIT_MS = { vitest: 55 * 60_000, playwright: 25 * 60_000, other: 10 * 60_000 };

function run(label, cmd, args, env = {}, limitMs = SUITE_LIMIT_MS.other) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: limitMs,
    killSignal: 'SIGKILL',
  });
  if (res.error?.code === 'ETIMEDOUT' || res.signal === 'SIGKILL') {
    problems.push(`${label} did not end within ${limitMs / 60_000} minutes and was stopped`);
    return false;
  }
  if (res.status !== 0) problems.push(`${label} failed (exit ${res.status})`);
  return res.status === 0;
}

function skip(what, why) {
  if (ci) {
    problems.push(`${what} cannot run in CI: ${why}`);
    console.log(`✗ ${what}: ${why} (CI=true: not allowed to skip)`);
  } else {
    console.log(`⚠ skipping ${what}: ${why}`);
  }
}

async function reachable(url) {
  try {
    const u = new URL(url);
    await new Promise((resolve, reject) => {
      const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) }, () => {
        s.end();
        resolve();
      });
      s.on('error', reject);
      s.setTimeout(2000, () => reject(new Error('timeout')));
    });
    return true;
  } catch {
    return false;
  }
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats?.expected ?? 0;
  failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  skipped += r.stats?.skipped ?? 0;
}

run('typecheck', 'npx', ['tsc', '--noEmit']);
// ESLint (with the feature boundaries), Prettier and the import-cycle check: `npm run lint`.
run('lint', 'npm', ['run', '-s', 'lint']);

const pgUrl = process.env.TEST_DATABASE_URL;
const pgOk = pgUrl ? await reachable(pgUrl) : false;
const vitestEnv = { ...(pgOk ? {} : { TEST_DATABASE_URL: '' }) };
if (!pgUrl) skip('the API tests on PostgreSQL', 'TEST_DATABASE_URL is not set');
else if (!pgOk) skip('the API tests on PostgreSQL', `cannot reach ${new URL(pgUrl).host}`);
const vitestReport = path.join(reportDir, 'vitest.json');
run(
  'unit, API and component tests (Vitest)',
  // The runners themselves, not through npx: a stop then reaches the process that hangs.
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ],
  vitestEnv,
  SUITE_LIMIT_MS.vitest,
);
countVitest(vitestReport);

// The build checks the first page's JavaScript and CSS budgets and the styles of every chunk itself.
const built = run('build, with the first-page budgets', 'npm', ['run', '-s', 'build']);

const chromium = chromiumPath;
if (!existsSync(chromium)) {
  skip(
    'the end-to-end tests',
    `no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
} else if (built) {
  const pwReport = path.join(reportDir, 'playwright.json');
  run(
    'end-to-end tests (Playwright, Chromium)',
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test'],
    {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
    },
    SUITE_LIMIT_MS.playwright,
  );
  countPlaywright(pwReport);
}

if (ci && skipped > 0) problems.push(`${skipped} test(s) were skipped`);
console.log('');
for (const p of problems) console.log(`✗ ${p}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
