// The processes a load benchmark measures: the app's bench server and the
// bare Fastify yardstick, each started and waited for, and the check that the
// yardstick answers the calendar's own bytes.
import { spawn } from 'node:child_process';

export const ADMIN_PASSWORD = 'bench-admin-password';

export async function startServer(port, env) {
  const child = spawn(process.execPath, ['dist/server/bench-server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PORT: String(port),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/auth/status`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

/** The headers of an answer that its server chooses (not the date or the connection's). */
export function answerHeaders(response) {
  const transport = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
  ]);
  return Object.fromEntries([...response.headers].filter(([name]) => !transport.has(name)));
}

/** Throws unless `url` answers the same body and headers as `expected`. */
export async function sameAnswer(url, expected, expectedBody) {
  const got = await fetch(url);
  const [a, b] = [answerHeaders(got), answerHeaders(expected)];
  const body = await got.text();
  if (body !== expectedBody || JSON.stringify(a) !== JSON.stringify(b)) {
    throw new Error(
      `the bare process does not answer the calendar's bytes: ${JSON.stringify({ a, b })}`,
    );
  }
}

/** A bare Fastify process (bench/bare-fastify.mjs): the ceiling the app is measured against. */
export async function startBare(port) {
  const child = spawn(process.execPath, ['bench/bare-fastify.mjs'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bare Fastify on ${port} did not start`);
}
