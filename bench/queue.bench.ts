// End to end: 1,000 receipts fiscalized, then sent by the fiscal worker to the TRA simulator
// running as its own process (npm run tra-sim), each one acknowledged before the next is sent.
// Target: 1,000 receipts acknowledged in ≤ 30 s.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import { traOutbox } from '../server/db/schema';
import { fiscalizeInvoice } from '../server/vfd/fiscalize';
import { createTraWorker } from '../server/vfd/worker';
import { invoiceFor } from '../tests/helpers/fiscal';
import { benchDatabase, benchDeps, line, registeredCompany } from './support';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000);

const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const adminToken = crypto.randomBytes(24).toString('base64url');
const simulator = spawn(process.execPath, ['--import', 'tsx', 'server/tra-sim/main.ts'], {
  env: { ...process.env, TRA_SIM_PORT: String(port), TRA_SIM_ADMIN_TOKEN: adminToken },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => {
  simulator.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('listening')) resolve();
  });
});
const traUrl = `http://127.0.0.1:${port}`;

const database = await benchDatabase();
const deps = benchDeps(database, traUrl);
const company = await registeredCompany(deps, async (c) => {
  // TRA issues the certificate: the simulator's admin endpoint plays that part.
  const response = await fetch(`${traUrl}/admin/taxpayers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      serial: c.serial,
      tin: c.tin,
      name: c.name,
      mobile: '255712000000',
      address: 'Kariakoo, Dar es Salaam',
    }),
  });
  const issued = (await response.json()) as { pfx: string; password: string };
  return { pfx: Buffer.from(issued.pfx, 'base64'), password: issued.password };
});

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
worker.start();
while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - started) / 1000;
await worker.stop();

console.log(
  `Queue to the TRA simulator (separate process), app on ${database.label}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
line(`${RECEIPTS} receipts acknowledged, one at a time`, `${seconds.toFixed(1)} s`);
line('receipts acknowledged per second', `${(RECEIPTS / seconds).toFixed(0)} receipts/s`);

simulator.kill('SIGTERM');
deps.mailer.close();
await database.drop();
