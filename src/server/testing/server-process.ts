import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';

// The real server (src/server/main.ts) as a child process on the embedded
// database, for the tests that kill it and start it again on the same data.

export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the server on `port` with its data in `dataDir` and an administrator
 * `admin` with `adminPassword`; resolves once it answers. `env` adds to or
 * overrides its environment.
 */
export async function startServerProcess(o: {
  dataDir: string;
  port: number;
  adminPassword: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: o.adminPassword,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FACILITY_TIMEZONE: 'UTC',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const server = { child, output: () => output };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${o.port}/api/auth/status`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** Resolves when the process has exited, even if it already had. */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/** Stops a server still running (SIGTERM, then SIGKILL if it hangs). */
export async function stopServerProcess(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const stopped = exited(server.child);
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await stopped;
  clearTimeout(timer);
}

/** A small HTTP client of the server on `port`, keeping the session and CSRF cookies like a browser. */
export function httpClient(port: number) {
  const cookies = new Map<string, string>();
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    form?: FormData,
  ): Promise<Response> => {
    if (method !== 'GET' && !cookies.has('XSRF-TOKEN')) await call('GET', '/api/auth/status');
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers,
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!, v!);
    }
    return res;
  };
  return {
    call,
    async login(username: string, password: string) {
      const res = await call('POST', '/api/auth/login', { username, password });
      expect(res.status, `login of ${username}`).toBe(200);
    },
  };
}
