// Invoices over the HTTP API of a real server socket: the latency of saving a draft and of
// submitting it (checked, numbered, signed, queued) one after another, and the time from a
// burst of 100 submissions to all of them issued by the TRA simulator (its own process).
import crypto from 'node:crypto';
import os from 'node:os';
import { and, count, eq, inArray } from 'drizzle-orm';
import { invoices } from '../server/db/schema';
import { invoiceQueueHooks } from '../server/invoices/settle';
import { createTraWorker } from '../server/vfd/worker';
import {
  benchDatabase,
  benchDeps,
  benchOperator,
  line,
  operatorToken,
  percentile,
  registeredCompany,
  serveApp,
  simulatorProcess,
  tinInvoiceBody,
} from './support';

const SEQUENTIAL = Number(process.env.BENCH_INVOICES ?? 300);
const BURST = Number(process.env.BENCH_BURST ?? 100);
const BURST_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const simulator = await simulatorProcess();
const traUrl = simulator.url;

const database = await benchDatabase();
const deps = benchDeps(database, traUrl);
const company = await registeredCompany(deps, simulator.issue);
const operator = await benchOperator(deps, company);
const token = await operatorToken(deps, operator.id);

const { server, base: origin } = await serveApp(deps);
const base = `${origin}/v1/accounting`;

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function saveAndSubmit(i: number) {
  const draft = tinInvoiceBody(i);
  const t0 = performance.now();
  await call('POST', '/invoices', draft);
  const t1 = performance.now();
  await call('POST', `/invoices/${draft.id}/submit`);
  const t2 = performance.now();
  return { id: draft.id as string, save: t1 - t0, submit: t2 - t1, total: t2 - t0 };
}

// Warm up the key cache and the query plans.
for (let i = 0; i < 20; i++) await saveAndSubmit(i);

const timings: Array<Awaited<ReturnType<typeof saveAndSubmit>>> = [];
for (let i = 0; i < SEQUENTIAL; i++) timings.push(await saveAndSubmit(i));
const report = (pick: (t: (typeof timings)[number]) => number) => {
  const sorted = timings.map(pick).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

// The burst: the worker runs as in a server; 100 invoices are saved and submitted by several
// clients at once, and the clock runs until TRA (the simulator) acknowledged every one.
const worker = createTraWorker(
  deps,
  { pollIntervalMs: 20, zReportIntervalMs: 3_600_000 },
  invoiceQueueHooks,
);
await worker.runOnce();
worker.start();
const started = performance.now();
const burstIds: string[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: BURST_CONCURRENCY }, async () => {
    while (next < BURST) {
      const i = next++;
      burstIds.push((await saveAndSubmit(10_000 + i)).id);
    }
  }),
);
const submittedAfter = performance.now() - started;
const issuedCount = async () => {
  const [row] = await database.db
    .select({ n: count() })
    .from(invoices)
    .where(and(inArray(invoices.id, burstIds), eq(invoices.status, 'issued')));
  return row!.n;
};
while ((await issuedCount()) < BURST) await new Promise((resolve) => setTimeout(resolve, 10));
const issuedAfter = performance.now() - started;
await worker.stop();

console.log(
  `Invoices over HTTP, app on ${database.label}, TRA simulator in its own process, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
line(
  `save a draft (${SEQUENTIAL} one after another)`,
  report((t) => t.save),
);
line(
  'submit it (check, number, sign, queue)',
  report((t) => t.submit),
);
line(
  'save + submit',
  report((t) => t.total),
);
line(
  `${BURST} submitted by ${BURST_CONCURRENCY} clients at once`,
  `${(submittedAfter / 1000).toFixed(2)} s`,
);
line(`… all ${BURST} issued (TRA acknowledged)`, `${(issuedAfter / 1000).toFixed(2)} s`);

server.close();
simulator.stop();
await database.drop();
