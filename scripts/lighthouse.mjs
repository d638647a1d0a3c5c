#!/usr/bin/env node
// `npm run lighthouse`: builds nothing; serves the current build (run
// `npm run build` first) on a fresh embedded database and prints Lighthouse's
// scores for /, /facilities/availability and /login in Debian's Chromium.
// Exits non-zero when a score is under the targets (performance 95; 100 for
// accessibility, best practices and SEO). It first measures a bare Fastify
// process (bench/bare-fastify.mjs, 50 connections, 5 s) and prints its
// requests/s beside the scores: this machine's speed changes from day to day,
// and Lighthouse's performance score with it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
// LIGHTHOUSE_PAGES=/login,/ measures those pages only.
const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/facilities/availability',
  '/login',
];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const formFactor = process.argv.includes('--desktop') ? 'desktop' : 'mobile';
// LIGHTHOUSE_CPU_SLOWDOWN=n replaces the mobile CPU slowdown (4): a day this
// machine is k times faster than a slow one is measured as that slow day with
// 4 × k (docs/performance.md).
// LIGHTHOUSE_SLOW_DAY_RPS=r works k out from this run's own yardstick: the
// bare Fastify process's requests/s now over r, its requests/s on the slow day.
const slowDayRps = Number(process.env.LIGHTHOUSE_SLOW_DAY_RPS ?? 0) || undefined;
let slowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 0) || undefined;
// Lighthouse varies from run to run; the median of a few runs is its own advice.
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** Requests/s of a bare Fastify process on this machine now: the day's speed. */
async function machineSpeed() {
  const barePort = port + 300;
  const bare = spawn(process.execPath, ['bench/bare-fastify.mjs'], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${barePort}/ready`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = await autocannon({
      url: `http://127.0.0.1:${barePort}/bare`,
      connections: 50,
      duration: 5,
    });
    return Math.round(result.requests.average);
  } finally {
    bare.kill('SIGTERM');
  }
}
const bareRequestsPerSecond = await machineSpeed();
if (slowDayRps) {
  slowdown = Math.max(4, Math.round((40 * bareRequestsPerSecond) / slowDayRps) / 10);
  console.log(
    `CPU slowdown ${slowdown}: 4 × ${bareRequestsPerSecond} / ${slowDayRps} requests/s of the slow day`,
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'retreat-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'lighthouse-admin',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/auth/status`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

let chrome;
let failed = false;
try {
  await waitForServer();
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const rows = [];
  for (const page of pages) {
    const config =
      formFactor === 'desktop'
        ? {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'desktop',
              screenEmulation: {
                mobile: false,
                width: 1350,
                height: 940,
                deviceScaleFactor: 1,
                disabled: false,
              },
              throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1 },
            },
          }
        : slowdown
          ? {
              extends: 'lighthouse:default',
              settings: {
                throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: slowdown },
              },
            }
          : undefined;
    const results = [];
    for (let i = 0, retries = 0; i < runs; i++) {
      const result = await lighthouse(
        `${base}${page}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(targets),
        },
        config,
      );
      // A run Lighthouse itself could not record (NO_NAVSTART and the like,
      // "please run Lighthouse again") is run again, twice at most; it is not
      // a score of the page.
      if (result.lhr.runtimeError && retries < 2) {
        console.error(`${page}: run again: ${result.lhr.runtimeError.code}`);
        retries++;
        i--;
        continue;
      }
      results.push(result);
    }
    const perf = (r) => r.lhr.categories.performance?.score ?? 0;
    results.sort((a, b) => perf(a) - perf(b));
    const result = results[Math.floor(results.length / 2)];
    // LIGHTHOUSE_SAVE=dir keeps the median run's full report, for finding where the time goes.
    if (process.env.LIGHTHOUSE_SAVE) {
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_SAVE, `${page.replace(/\W+/g, '_') || 'home'}.json`),
        result.report,
      );
      // And its trace, which shows what each long task ran (open it in DevTools' Performance panel).
      const trace = result.artifacts?.Trace;
      if (trace) {
        writeFileSync(
          path.join(
            process.env.LIGHTHOUSE_SAVE,
            `${page.replace(/\W+/g, '_') || 'home'}.trace.json`,
          ),
          JSON.stringify(trace),
        );
      }
    }
    const row = { page, runs: results.map((r) => Math.round(perf(r) * 100)).join('/') };
    for (const [key, target] of Object.entries(targets)) {
      const score = Math.round((result.lhr.categories[key]?.score ?? 0) * 100);
      row[key] = score;
      if (score < target) failed = true;
    }
    const audits = result.lhr.audits;
    row.lcp = audits['largest-contentful-paint']?.displayValue;
    row.tbt = audits['total-blocking-time']?.displayValue;
    row.cls = audits['cumulative-layout-shift']?.displayValue;
    rows.push(row);
    const misses = Object.values(result.lhr.categories)
      .flatMap((c) => c.auditRefs.map((r) => ({ ...audits[r.id], cat: c.id, weight: r.weight })))
      .filter(
        (a) =>
          a.weight > 0 && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative',
      );
    if (misses.length) console.log(`${page}: ${misses.map((a) => `${a.cat}/${a.id}`).join(', ')}`);
  }
  console.log(
    `\nLighthouse (${formFactor}, Chromium ${await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json().then((v) => v.Browser)})`,
  );
  console.table(rows);
  console.log(
    `The same day, a bare Fastify process (bench/bare-fastify.mjs) answered ${bareRequestsPerSecond} requests/s at 50 connections${slowdown ? `; CPU slowdown ${slowdown}` : ''}.`,
  );
  writeFileSync(
    `lighthouse-${formFactor}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), bareRequestsPerSecond, slowdown, pages: rows }, null, 2)}\n`,
  );
} finally {
  if (chrome) await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`below the targets ${JSON.stringify(targets)}`);
  process.exit(1);
}
