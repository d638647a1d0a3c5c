#!/usr/bin/env node
// Load benchmark (autocannon) on loopback only. Usage:
//   node bench/run.mjs            embedded database, one instance
//   node bench/run.mjs --postgres PostgreSQL (BENCH_DATABASE_URL or the local test server), two instances
// Prints throughput, p50/p99 latency, errors and the servers' peak memory,
// and writes bench/results-<mode>.json.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ADMIN_PASSWORD, answerHeaders, sameAnswer, startBare, startServer } from './processes.mjs';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.mjs';
import { day, seed } from './seed.mjs';

const postgres = process.argv.includes('--postgres');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const basePort = 4100 + Math.floor(Math.random() * 500);

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections, duration: seconds, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

const summary = (name, results) => {
  const list = Array.isArray(results) ? results : [results];
  const rps = list.reduce((s, r) => s + r.requests.average, 0);
  const p50 = Math.max(...list.map((r) => r.latency.p50));
  const p99 = Math.max(...list.map((r) => r.latency.p99));
  const errors = list.reduce((s, r) => s + r.errors + r.timeouts + (r['5xx'] ?? 0), 0);
  const non2xx = list.reduce((s, r) => s + r.non2xx, 0);
  return { name, rps: Math.round(rps), p50, p99, errors, non2xx };
};

async function main() {
  // The bench's server built as `npm start`'s is: the same bundler, no TypeScript loader.
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--bench'], { stdio: 'inherit' });
  const servers = [];
  let dataDir;
  let dbName;
  const ports = postgres ? [basePort, basePort + 1] : [basePort];
  try {
    let env;
    if (postgres) {
      dbName = `retreat_bench_${process.pid}`;
      env = { DATABASE_URL: await createScratchDatabase(dbName), DATA_DIR: os.tmpdir() };
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'retreat-bench-'));
      env = { DATA_DIR: dataDir };
    }
    for (const port of ports) servers.push(await startServer(port, env));
    const members = await seed(ports[0]);

    const target = day(3 + 7 * 4);
    const [y, m] = [Number(target.slice(0, 4)), Number(target.slice(5, 7))];
    const calendarPath = `/api/reservations/public-calendar?year=${y}&month=${m}`;
    const answer = await fetch(`http://127.0.0.1:${ports[0]}${calendarPath}`);
    const bodyText = await answer.text();
    const body = JSON.parse(bodyText);
    for (const port of ports) {
      await fetch(`http://127.0.0.1:${port}/bench/bare-body`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    }

    // As many bare Fastify processes as app instances, serving the same bytes:
    // the calendar's body and headers. On two cores the load generator is the
    // bottleneck of a bare server, and it pays per byte it reads: a yardstick
    // with fewer header bytes (the app's security headers and ETag) would be
    // measuring the client (docs/performance.md).
    const barePorts = ports.map((port) => port + 200);
    const bares = [];
    for (const port of barePorts) {
      const bare = await startBare(port);
      servers.push(bare);
      bares.push(bare);
      await fetch(`http://127.0.0.1:${port}/bare-answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body: bodyText, headers: answerHeaders(answer) }),
      });
      await sameAnswer(`http://127.0.0.1:${port}/bare`, answer, bodyText);
    }

    const results = [];
    const onAll = (make, on = ports) => Promise.all(on.map((port) => run(make(port))));
    results.push(
      summary(
        'bare Fastify process, same bytes',
        await onAll((port) => ({ url: `http://127.0.0.1:${port}/bare` }), barePorts),
      ),
    );
    // The bare processes stop before the app is measured: they would share its cores.
    for (const bare of bares) bare.kill('SIGTERM');
    results.push(
      summary(
        'bare route inside the app',
        await onAll((port) => ({ url: `http://127.0.0.1:${port}/bench/bare` })),
      ),
    );
    results.push(
      summary(
        'public calendar API',
        await onAll((port) => ({ url: `http://127.0.0.1:${port}${calendarPath}` })),
      ),
    );

    // Mixed: public pages and calendar, logins, member calendar and list, reservation requests with conflicts.
    const member = members[0];
    const cookie = member.session.cookieHeader();
    const xsrf = member.session.cookies.get('XSRF-TOKEN');
    let n = 0;
    const mixed = (port) => ({
      url: `http://127.0.0.1:${port}`,
      connections,
      requests: [
        { method: 'GET', path: '/' },
        { method: 'GET', path: '/facilities/availability' },
        { method: 'GET', path: calendarPath },
        {
          method: 'GET',
          path: `/api/reservations/calendar?year=${y}&month=${m}`,
          headers: { cookie },
        },
        { method: 'GET', path: '/api/reservations/my-reservations', headers: { cookie } },
        {
          method: 'POST',
          path: '/api/reservations',
          headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
          setupRequest: (req) => {
            const offset = 700 + (n++ % 400);
            return {
              ...req,
              body: JSON.stringify({
                startTime: `${day(offset)}T00:00:00.000Z`,
                endTime: `${day(offset + 1)}T23:59:59.999Z`,
                eventName: 'Load test',
                eventDescription: 'Conflicts expected',
              }),
            };
          },
        },
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ username: member.username, password: 'member-password' }),
        },
      ],
    });
    const mixedResults = await onAll(mixed);
    const mixedSummary = summary('mixed workload', mixedResults);
    const statuses = {};
    for (const r of mixedResults)
      for (const [k, v] of Object.entries(r.statusCodeStats ?? {}))
        statuses[k] = (statuses[k] ?? 0) + v.count;
    mixedSummary.statuses = statuses;
    results.push(mixedSummary);

    const memory = [];
    for (const port of ports)
      memory.push(await (await fetch(`http://127.0.0.1:${port}/bench/memory`)).json());

    // Start time of the compiled server (`npm start`) on the database just filled.
    let startMs = null;
    let restartPeakMb = null;
    if (existsSync('dist/server/main.js')) {
      for (const s of servers) s.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 2000));
      const port = basePort + 300;
      const began = performance.now();
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          ALLOW_SANDBOX_PAYMENTS: 'true',
          PORT: String(port),
          LOG_LEVEL: 'error',
          ADMIN_USERNAME: 'admin',
          ADMIN_PASSWORD,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(child);
      for (let i = 0; i < 600 && startMs === null; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok)
            startMs = Math.round(performance.now() - began);
        } catch {
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      // Its peak memory after five seconds of the calendar and the pages (Linux: VmHWM).
      if (startMs !== null) {
        await run({
          url: `http://127.0.0.1:${port}`,
          duration: 5,
          requests: [
            { method: 'GET', path: '/' },
            { method: 'GET', path: calendarPath },
          ],
        });
        try {
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          restartPeakMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024);
        } catch {
          restartPeakMb = null;
        }
      }
    }
    const report = {
      mode: postgres ? 'PostgreSQL, two instances' : 'embedded PGlite, one instance',
      connections,
      seconds,
      results,
      peakRssMb: memory.map((mem) => Math.round(mem.peakRss / 1048576)),
      startOnExistingDatabaseMs: startMs,
      peakRssAfterRestartMb: restartPeakMb,
      calendarVsBareFastify: +(results[2].rps / results[0].rps).toFixed(3),
      calendarVsBareRoute: +(results[2].rps / results[1].rps).toFixed(3),
      node: process.version,
      cpus: os.cpus().length,
    };
    console.log(`\n${report.mode}, ${connections} connections, ${seconds} s each`);
    console.table(results.map(({ statuses: _s, ...r }) => r));
    if (mixedSummary.statuses) console.log('mixed workload status codes:', mixedSummary.statuses);
    console.log(
      `public calendar / bare Fastify process throughput: ${report.calendarVsBareFastify} (budget 0.5; p99 ${results[2].p99} ms, budget 25)`,
    );
    console.log(`public calendar / bare route inside the app: ${report.calendarVsBareRoute}`);
    console.log(`peak RSS (MB): ${report.peakRssMb.join(', ')}`);
    console.log(
      `peak RSS of the compiled server started on the existing database, under load (MB): ${restartPeakMb}`,
    );
    console.log(
      `start on the existing database (compiled server, to /readyz): ${startMs ?? 'not built'} ms`,
    );
    writeFileSync(
      path.join('bench', `results-${postgres ? 'postgres' : 'pglite'}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    const fiveXx = Object.entries(statuses)
      .filter(([k]) => k.startsWith('5'))
      .reduce((s, [, v]) => s + v, 0);
    if (fiveXx > 0) {
      console.error(`${fiveXx} answers were 5xx`);
      process.exitCode = 1;
    }
  } finally {
    for (const s of servers) s.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await dropScratchDatabase(dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
