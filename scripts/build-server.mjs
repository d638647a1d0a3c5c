// The server as plain JavaScript for `npm start` (no TypeScript loader at run
// time): one ES module per entry point in dist/server, dependencies left to
// node_modules. Files the server reads or runs beside its code (the
// migrations, the embedded database's creation script, the sandbox's assets)
// are copied next to the bundle, where its `import.meta.url` points; content/
// and dist/web are two levels up, as from src/server.
// `--bench` adds bench/server.ts as dist/server/bench-server.js, so that
// `npm run bench` measures the code `npm start` runs, not a TypeScript loader's.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = 'dist/server';
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'backup-cli': 'src/server/backup-cli.ts',
    ...(process.argv.includes('--bench') ? { 'bench-server': 'bench/server.ts' } : {}),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
await cp('src/server/db/embedded', `${outdir}/embedded`, { recursive: true });
await cp('src/server/payment-providers/sandbox-assets', `${outdir}/sandbox-assets`, {
  recursive: true,
});
console.log(`server: ${outdir}/main.js`);
