// End to end: 1,000 receipts fiscalized, then sent by the fiscal worker to the TRA simulator
// running as its own process (npm run tra-sim), each one acknowledged before the next is sent.
// Target: 1,000 receipts acknowledged in ≤ 30 s.
import os from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import { traOutbox } from '../server/db/schema';
import { fiscalizeInvoice } from '../server/vfd/fiscalize';
import { createTraWorker } from '../server/vfd/worker';
import { invoiceFor } from '../tests/helpers/fiscal';
import {
  benchDatabase,
  benchDeps,
  line,
  processCpuMs,
  registeredCompany,
  simulatorProcess,
} from './support';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000);

// TRA issues the certificate: the simulator's admin endpoint plays that part.
const simulator = await simulatorProcess();
const traUrl = simulator.url;

const database = await benchDatabase();
const deps = benchDeps(database, traUrl);
const company = await registeredCompany(deps, simulator.issue);

for (let i = 0; i < RECEIPTS; i++) {
  await database.db.transaction((tx) =>
    fiscalizeInvoice(deps, tx, invoiceFor(company.id, { lines: [{ price: 100_000 + i }] })),
  );
}
const pending = async () => {
  const [row] = await database.db
    .select({ n: count() })
    .from(traOutbox)
    .where(and(eq(traOutbox.companyId, company.id), eq(traOutbox.status, 'pending')));
  return row!.n;
};

const worker = createTraWorker(deps, { pollIntervalMs: 5, zReportIntervalMs: 3_600_000 });
const started = performance.now();
const appCpu = processCpuMs(process.pid);
const simulatorCpu = simulator.cpuMs();
worker.start();
while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - started) / 1000;
const appCpuPerReceipt = (processCpuMs(process.pid) - appCpu) / RECEIPTS;
const simulatorCpuPerReceipt = (simulator.cpuMs() - simulatorCpu) / RECEIPTS;
await worker.stop();

console.log(
  `Queue to the TRA simulator (separate process), app on ${database.label}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
line(`${RECEIPTS} receipts acknowledged, one at a time`, `${seconds.toFixed(1)} s`);
line('receipts acknowledged per second', `${(RECEIPTS / seconds).toFixed(0)} receipts/s`);
// CPU per receipt changes little with the machine's load, unlike the times above.
line('app CPU per receipt (worker, database)', `${appCpuPerReceipt.toFixed(1)} ms`);
line('simulator CPU per receipt', `${simulatorCpuPerReceipt.toFixed(1)} ms`);

simulator.stop();
deps.mailer.close();
await database.drop();
