// Invoices over the HTTP API of a real server socket: the latency of saving a draft and of
// submitting it (checked, numbered, signed, queued) one after another, and the time from a
// burst of 100 submissions to all of them issued by the TRA simulator (its own process).
import crypto from 'node:crypto';
import type net from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { and, count, eq, inArray } from 'drizzle-orm';
import { createApp } from '../server/app';
import { signAccessToken } from '../server/auth/tokens';
import { openSession } from '../server/auth/service';
import { invoices, users } from '../server/db/schema';
import { invoiceQueueHooks } from '../server/invoices/settle';
import { createTraWorker } from '../server/vfd/worker';
import { invoiceBody } from '../tests/helpers/invoices';
import {
  benchDatabase,
  benchDeps,
  line,
  percentile,
  registeredCompany,
  simulatorProcess,
} from './support';

const SEQUENTIAL = Number(process.env.BENCH_INVOICES ?? 300);
const BURST = Number(process.env.BENCH_BURST ?? 100);
const BURST_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const simulator = await simulatorProcess();
const traUrl = simulator.url;

const database = await benchDatabase();
const deps = benchDeps(database, traUrl);
const company = await registeredCompany(deps, simulator.issue);
const [operator] = await database.db
  .insert(users)
  .values({
    username: `bench-${crypto.randomBytes(4).toString('hex')}`,
    email: `bench-${crypto.randomBytes(4).toString('hex')}@example.co.tz`,
    firstName: 'Bench',
    lastName: 'Operator',
    role: 'operator',
    passwordHash: 'unused',
    mustChangePassword: false,
    companyId: company.id,
    organizationId: company.organizationId,
  })
  .returning();
const sid = await openSession(deps.db, operator!.id, new Date());
const token = await signAccessToken(
  deps.secrets.jwtKey,
  { sub: operator!.id, role: 'operator', tv: 0, sid },
  new Date(),
);

const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1/accounting`;

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

/** A three-line invoice with a TIN customer, a discount, two tax groups and a credit part. */
const body = (i: number) =>
  invoiceBody({
    customer: {
      name: 'Kampuni ya Mfano',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '101825906',
      phoneNumber: '0754000111',
    },
    items: [
      { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 + i },
      { description: 'Mafuta ya kupikia 1l', unitPrice: 590_000, discountPercent: 5 },
      { description: 'Unga wa mahindi 2kg', unitPrice: 360_000, taxType: 'exempted' },
    ],
    payments: [{ type: 'cash', amount: 1_000_000 }],
  });

async function saveAndSubmit(i: number) {
  const draft = body(i);
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
