// The built server's memory on the embedded defaults (PGlite, the built-in TRA simulator on its
// thread, the demo company): resident memory once it listens, after BENCH_IDLE_SECONDS (60)
// idle, and its peak, on the first start (a new data folder: databases created, migrated and
// seeded) and on a restart of the same folder, which is how a shop's server runs most days.
// BENCH_DATABASE_URL runs it on PostgreSQL instead. Linux (/proc); numbers printed, never
// asserted.
import fs from 'node:fs';
import os from 'node:os';
import { builtServerBundle, startBuiltServer, type BuiltServer } from './built-server';
import { line } from './support';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);

/** Resident and peak resident memory of a process, in MB (VmRSS and VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

async function measure(label: string, server: BuiltServer) {
  const listening = memory(server.pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = memory(server.pid);
  line(`${label}: once listening`, mb(listening.rss));
  line(`${label}: after ${IDLE_SECONDS} s idle`, mb(idle.rss));
  line(`${label}: peak`, mb(idle.peak));
}

if (!fs.existsSync('/proc/self/status')) {
  console.log('The memory bench reads /proc: it runs on Linux only.');
  process.exit(0);
}
const bundle = builtServerBundle();
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`Server memory on ${database}, ${os.cpus().length} CPUs`);
const first = await startBuiltServer(bundle, { label: 'memory', traWorker: true });
await measure('first start', first);
await first.stop({ keepData: true });
const restarted = await startBuiltServer(bundle, {
  label: 'memory',
  traWorker: true,
  dataDir: first.dataDir,
});
try {
  await measure('restart', restarted);
} finally {
  await restarted.stop();
}
