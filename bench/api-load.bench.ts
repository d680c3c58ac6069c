// The built server under API load: N clients (BENCH_CLIENTS, default 8,64) each save and submit
// invoices one after another for BENCH_SECONDS (30) against `node dist/server/main.js` on the
// embedded defaults (PGlite, the fiscal worker, the built-in TRA simulator). Prints invoices/s,
// the p50/p99 of save + submit, and how many receipts TRA (the simulator) acknowledged while
// the load ran and how long the rest took once it stopped. BENCH_DATABASE_URL runs the server
// on PostgreSQL instead; BENCH_CPU_PROF=<dir> writes the server's CPU profile there.
import crypto from 'node:crypto';
import os from 'node:os';
import {
  builtServerBundle,
  json,
  signInOperator,
  startBuiltServer,
  type BuiltServer,
} from './built-server';
import { line, percentile, tinInvoiceBody } from './support';

const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DRAIN_LIMIT_MS = 300_000;
const SERIAL = '10TZ100781'; // the demo company's VFD (server/seed.ts)

const bundle = builtServerBundle();

/** Receipts the simulator acknowledged for the demo VFD. */
async function acknowledged(server: BuiltServer): Promise<number> {
  const ledger = (await json(
    await fetch(`${server.base}/tra-sim/admin/taxpayers/${SERIAL}/receipts`, {
      headers: { authorization: `Bearer ${server.adminToken}` },
    }),
  )) as Array<{ ackCode: number }>;
  return ledger.filter((row) => row.ackCode === 0).length;
}

async function run(clients: number): Promise<void> {
  const server = await startBuiltServer(bundle, { label: `clients-${clients}`, traWorker: true });
  try {
    const token = await signInOperator(server);
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
