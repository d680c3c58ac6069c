// The outbox after reconnection, each change on its own call against batch calls: the time from
// reconnection until 100 invoices submitted offline are issued by TRA on the phone, and the
// rate at which 10,000 queued customer changes reach the server. The phone's data layer runs in
// Node (fake-indexeddb), the server is a real HTTP socket with its TRA worker and the simulator
// in its own process, as in production. BENCH_DATABASE_URL runs the server on PostgreSQL.
import 'fake-indexeddb/auto';
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, max } from 'drizzle-orm';
import { traOutbox } from '../server/db/schema';
import { invoiceQueueHooks } from '../server/invoices/settle';
import { createTraWorker } from '../server/vfd/worker';
import { saveCustomer } from '../src/db/customers';
import { db } from '../src/db/db';
import { submitInvoice } from '../src/db/invoices';
import { clearLocalData } from '../src/db/local-data';
import { drainOutbox } from '../src/sync/drain';
import { pullChanges } from '../src/sync/pull';
import { syncNow } from '../src/sync/sync-now';
import { createFetchSend } from '../src/sync/transport';
import {
  benchDatabase,
  benchDeps,
  benchLines,
  benchOperator,
  operatorToken,
  processCpuMs,
  registeredCompany,
  serveApp,
  simulatorProcess,
} from './support';

const OFFLINE_INVOICES = Number(process.env.BENCH_OFFLINE_INVOICES ?? 100);
const QUEUED_CHANGES = Number(process.env.BENCH_QUEUED_CHANGES ?? 10_000);
// BENCH_MODES=batched skips the one-call-per-change runs (minutes on a loaded machine).
const MODES = (process.env.BENCH_MODES ?? 'per-change,batched').split(',');
const batchModes = [false, true].filter((batch) =>
  MODES.includes(batch ? 'batched' : 'per-change'),
);

const simulator = await simulatorProcess();
const database = await benchDatabase();
const deps = benchDeps(database, simulator.url);
const { server, base } = await serveApp(deps);
const worker = createTraWorker(
  deps,
  // BENCH_WORKER_POLL_MS=1000 polls as production does (receipts then rely on the worker's wake).
  { pollIntervalMs: Number(process.env.BENCH_WORKER_POLL_MS ?? 20), zReportIntervalMs: 3_600_000 },
  invoiceQueueHooks,
);

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/** A registered company and an operator signed in on a phone whose database is empty. */
async function shop() {
  const company = await registeredCompany(deps, simulator.issue);
  const operator = await benchOperator(deps, company);
  const token = await operatorToken(deps, operator.id);
  const send = createFetchSend({ baseUrl: base, getAccessToken: async () => token });
  await clearLocalData();
  return { companyId: company.id, operatorId: operator.id, send };
}

async function offlineInvoices(batch: boolean) {
  const { companyId, operatorId, send: plainSend } = await shop();
  // When the last answer to a sent change arrived: the phone has sent and the server numbered.
  let sentAt = 0;
  let pulls = 0;
  const send: typeof plainSend = async (request) => {
    const response = await plainSend(request);
    if (request.method !== 'GET') sentAt = performance.now();
    else pulls++;
    return response;
  };
  const context = { companyId, userId: operatorId, userName: 'Bench', blockedByTra: false };
  const ids: string[] = [];
  for (let i = 0; i < OFFLINE_INVOICES; i++) {
    const id = crypto.randomUUID();
    await submitInvoice(context, {
      id,
      customer: { name: `Mteja ${i}`, identificationType: 'NO_IDENTIFICATION' },
      amountsIncludeTax: true,
      items: benchLines([
        { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 + i },
        {
          description: 'Unga wa mahindi 2kg',
          unitPrice: 360_000,
          taxType: 'exempted',
          discountPercent: 5,
        },
      ]),
      payments: [],
      reference: `LPO-${i}`,
    });
    ids.push(id);
  }
  const entries = await db.outbox.count();
  // Reconnection: the phone syncs, and asks again every 3 s as the invoice screens do, until
  // every invoice shows as issued.
  const cpuAtStart = processCpuMs(process.pid);
  const simulatorCpuAtStart = simulator.cpuMs();
  const start = performance.now();
  let numbered = 0;
  let lastSync = -Infinity;
  for (;;) {
    if (performance.now() - lastSync >= 3_000) {
      lastSync = performance.now();
      await syncNow({ send, companyId, ignoreBackoff: true, batch });
    } else {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const invoices = await db.invoices.bulkGet(ids);
    if (!numbered && invoices.every((invoice) => invoice?.fiscal)) numbered = performance.now();
    if (invoices.every((invoice) => invoice?.status === 'issued')) break;
    if (performance.now() - start > 300_000) throw new Error('not issued in 5 minutes');
  }
  const issued = performance.now() - start;
  // CPU per invoice moves less with the machine's load than the times: this process (the phone
  // and the server) and the simulator's.
  const cpu = (processCpuMs(process.pid) - cpuAtStart) / OFFLINE_INVOICES;
  const simulatorCpu = (simulator.cpuMs() - simulatorCpuAtStart) / OFFLINE_INVOICES;
  // When TRA accepted the last receipt (the server's clock is the wall clock).
  const [settled] = await deps.db
    .select({ at: max(traOutbox.settledAt) })
    .from(traOutbox)
    .where(eq(traOutbox.companyId, companyId));
  const traDone = settled!.at!.getTime() - (Date.now() - performance.now()) - start;
  const numbers = (await db.invoices.bulkGet(ids))
    .map((invoice) => invoice!.fiscal!.receiptNumber)
    .sort((a, b) => a - b);
  const contiguous = numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  return {
    entries,
    numbered: numbered - start,
    sent: sentAt - start,
    traDone,
    issued,
    cpu,
    simulatorCpu,
    pulls,
    receipts: `${numbers[0]}–${numbers.at(-1)}, contiguous: ${contiguous}`,
  };
}

async function queuedCustomers(batch: boolean) {
  const { companyId, send } = await shop();
  for (let i = 0; i < QUEUED_CHANGES; i++) {
    await saveCustomer(companyId, {
      name: `Mteja wa nje ${i}`,
      identificationType: 'NO_IDENTIFICATION',
    });
  }
  let start = performance.now();
  const drained = await drainOutbox({ send, companyId, ignoreBackoff: true, batch });
  const ms = performance.now() - start;
  if (drained.status !== 'done' || (await db.outbox.count()) > 0)
    throw new Error(`outbox not emptied: ${JSON.stringify(drained)}`);
  start = performance.now();
  await pullChanges({ send, companyId });
  return { ms, rate: QUEUED_CHANGES / (ms / 1000), pullMs: performance.now() - start };
}

try {
  await worker.runOnce();
  worker.start();
  console.log(`outbox after reconnection (server on ${database.label}, phone on fake-indexeddb)`);
  for (const batch of batchModes) {
    const how = batch ? 'batched  ' : 'per-change';
    const invoices = await offlineInvoices(batch);
    console.log(
      `  ${how}: ${OFFLINE_INVOICES} offline invoices (${invoices.entries} entries): ` +
        `sent and numbered ${fmt(invoices.sent)}, last accepted by TRA ${fmt(invoices.traDone)}, ` +
        `all numbered on the phone ${fmt(invoices.numbered)}, all issued on the phone ${fmt(invoices.issued)} ` +
        `after ${invoices.pulls} pulls ` +
        `(receipts ${invoices.receipts}); CPU per invoice ${invoices.cpu.toFixed(1)} ms phone and ` +
        `server, ${invoices.simulatorCpu.toFixed(1)} ms simulator`,
    );
  }
  // BENCH_QUEUED_CHANGES=0 measures the offline invoices alone.
  for (const batch of QUEUED_CHANGES > 0 ? batchModes : []) {
    const how = batch ? 'batched  ' : 'per-change';
    const customers = await queuedCustomers(batch);
    console.log(
      `  ${how}: ${QUEUED_CHANGES} queued customer changes sent in ${fmt(customers.ms)}, ` +
        `${customers.rate.toFixed(0)} changes/s (then pulled back in ${fmt(customers.pullMs)})`,
    );
  }
} finally {
  await worker.stop();
  db.close();
  server.close();
  await database.drop();
  simulator.stop();
}
