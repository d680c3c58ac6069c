// Bundles the server (our code only; packages stay in node_modules) and copies its migrations.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', 'tra-sim-thread': 'server/tra-sim/thread.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
