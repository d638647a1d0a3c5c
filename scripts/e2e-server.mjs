#!/usr/bin/env node
// The server of the end-to-end tests: the production build (`npm run build`
// compiles the server to dist/server), a fresh embedded database each run, a
// known administrator, and the dev outbox the tests read reset links from.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '3100';
// Outside test-results/, which Playwright empties at the start of a run.
const dataDir = path.join(os.tmpdir(), `retreat-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-e2e-password',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
