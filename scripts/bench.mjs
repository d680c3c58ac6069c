// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own numbers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv.slice(2);
const files = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only.length || only.some((name) => f.includes(name)))
  .sort();
if (!files.length) {
  console.log('No benchmarks matched.');
  process.exit(0);
}
let failed = false;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const child = spawnSync('npx', ['tsx', path.join('bench', file)], { stdio: 'inherit' });
  if (child.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
