// The built server under API load: N clients (BENCH_CLIENTS, default 8,64) each save and submit
// invoices one after another for BENCH_SECONDS (30) against `node dist/server/main.js` on the
// embedded defaults (PGlite, the fiscal worker, the built-in TRA simulator). Prints invoices/s,
// the p50/p99 of save + submit, and how many receipts TRA (the simulator) acknowledged while
// the load ran and how long the rest took once it stopped. BENCH_DATABASE_URL runs the server
// on PostgreSQL instead; BENCH_CPU_PROF=<dir> writes the server's CPU profile there.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, line, percentile, tinInvoiceBody } from './support';

const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DRAIN_LIMIT_MS = 300_000;
const SERIAL = '10TZ100781'; // the demo company's VFD (server/seed.ts)

if (!fs.existsSync('dist/web/index.html')) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}
// The server bundle is quick to make: always from the current source, unless BENCH_SERVER
// names another bundle (say, one built from an earlier commit, to compare).
const serverBundle = process.env.BENCH_SERVER ?? 'dist/server/main.js';
if (!process.env.BENCH_SERVER) {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

interface Server {
  base: string;
  adminToken: string;
  operator: { username: string; password: string };
  stop(): Promise<void>;
}

async function startServer(label: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-load-'));
  const adminToken = crypto.randomBytes(24).toString('base64url');
  const profile = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profile
        ? ['--cpu-prof', '--cpu-prof-dir', profile, '--cpu-prof-name', `${label}.cpuprofile`]
        : []),
      serverBundle,
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        RISITI_DEMO: '1',
        TRA_WORKER: '1',
        TRA_SIM_ADMIN_TOKEN: adminToken,
        LOG_LEVEL: 'info', // for the line that says it listens
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let ready = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const operator = await new Promise<{ username: string; password: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      const login = /username: (operator1)\s+password: (\S+)/.exec(output);
      if (login && output.includes('listening')) ready = true;
      if (login && ready) resolve({ username: login[1]!, password: login[2]! });
    });
    void exited.then(() => reject(new Error(`The server ended:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    adminToken,
    operator,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

async function signIn(server: Server): Promise<string> {
  const api = `${server.base}/api/v2`;
  const first = await json(
    await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.operator),
    }),
  );
  const password = `Bench${crypto.randomBytes(6).toString('hex')}7!`;
  const chosen = await json(
    await fetch(`${api}/user/first-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newPassword: password, confirmPassword: password }),
    }),
  );
  return chosen.token as string;
}

/** Receipts the simulator acknowledged for the demo VFD. */
async function acknowledged(server: Server): Promise<number> {
  const ledger = (await json(
    await fetch(`${server.base}/tra-sim/admin/taxpayers/${SERIAL}/receipts`, {
      headers: { authorization: `Bearer ${server.adminToken}` },
    }),
  )) as Array<{ ackCode: number }>;
  return ledger.filter((row) => row.ackCode === 0).length;
}

async function run(clients: number): Promise<void> {
  const server = await startServer(`clients-${clients}`);
  try {
    const token = await signIn(server);
    const api = `${server.base}/v1/accounting/invoices`;
    const call = async (url: string, payload?: unknown) =>
      json(
        await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        }),
      );
    const saveAndSubmit = async (i: number) => {
      const draft = tinInvoiceBody(i);
      const t0 = performance.now();
      await call(api, draft);
      await call(`${api}/${draft.id as string}/submit`);
      return performance.now() - t0;
    };
    // Warm up: the key cache, the query plans, the TRA token.
    for (let i = 0; i < 20; i++) await saveAndSubmit(i);
    const warm = 20;
    const warmUntil = Date.now() + 60_000;
    while ((await acknowledged(server)) < warm) {
      if (Date.now() > warmUntil) throw new Error('TRA did not acknowledge the warm-up receipts');
      await new Promise((r) => setTimeout(r, 100));
    }

    const timings: number[] = [];
    const started = performance.now();
    const until = started + SECONDS * 1000;
    let next = warm;
    let failures = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          try {
            timings.push(await saveAndSubmit(next++));
          } catch (error) {
            if (failures++ === 0) console.error(String(error));
          }
        }
      }),
    );
    const loadMs = performance.now() - started;
    const during = (await acknowledged(server)) - warm;
    const submitted = timings.length;
    let after = during;
    const drainStart = performance.now();
    while (after < submitted && performance.now() - drainStart < DRAIN_LIMIT_MS) {
      await new Promise((r) => setTimeout(r, 250));
      after = (await acknowledged(server)) - warm;
    }
    const drainMs = performance.now() - drainStart;
    const sorted = timings.sort((a, b) => a - b);
    console.log(
      `\n${clients} clients for ${SECONDS} s, server on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    line('save + submit', `${((submitted / loadMs) * 1000).toFixed(1)} invoices/s (${submitted})`);
    line(
      '  latency',
      `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    );
    if (failures) line('  failed calls', String(failures));
    line('acknowledged by TRA during the load', `${during} of ${submitted}`);
    line(
      '  the rest, after the load',
      after >= submitted
        ? `${submitted - during} in ${(drainMs / 1000).toFixed(1)} s`
        : `${after - during} in ${(drainMs / 1000).toFixed(1)} s, ${submitted - after} still waiting`,
    );
  } finally {
    await server.stop();
  }
}

for (const clients of CLIENTS) await run(clients);
