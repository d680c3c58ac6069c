// Receipts allocated (numbered under the counter lock), signed and stored per second by one
// process, and the time to sign one receipt. Targets: ≥ 500 receipts/s, signing p99 ≤ 2 ms.
// On PGlite (the default) one VFD numbers one receipt at a time; with BENCH_DATABASE_URL it
// runs as a shared server does, eight VFDs of eight companies at once on PostgreSQL (one VFD's
// receipts are numbered one after the other under its counter lock, whatever the database).
import crypto from 'node:crypto';
import os from 'node:os';
import { serve } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import { systemClock } from '../server/clock';
import { enrolTaxpayer } from '../server/tra-sim/taxpayers';
import { createTraSimulator } from '../server/tra-sim/simulator';
import { parseWith } from '../server/http/validate';
import { saveInvoice } from '../server/invoices/service';
import { SUBMIT_GROUP_MAX, submitInvoice } from '../server/invoices/submit';
import { loadVfd, signingKey } from '../server/vfd/device';
import { invoiceFieldsSchema } from '../domain/schemas/invoice';
import { fiscalizeInvoice, fiscalizeInvoices } from '../server/vfd/fiscalize';
import { receiptXml } from '../server/vfd/xml';
import { cents } from '../domain/money';
import { invoiceFor } from '../tests/helpers/fiscal';
import {
  benchDatabase,
  benchDeps,
  benchLines,
  benchOperator,
  line,
  percentile,
  registeredCompany,
} from './support';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 4_000);
/** Submissions waiting together that one group commit numbers at most. */
const GROUP = Number(process.env.BENCH_GROUP ?? 100);
/** Drafts submitted all at once through submitInvoice, which gathers them into groups. */
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 2_000);
const CONCURRENCY = Number(
  process.env.BENCH_CONCURRENCY ?? (process.env.BENCH_DATABASE_URL ? 8 : 1),
);

const database = await benchDatabase();
// Registration needs TRA: the simulator answers it, on the same database.
const sim = createTraSimulator({ db: database.db, clock: systemClock });
const http = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => http.once('listening', resolve));
const port = (http.address() as { port: number }).port;
const deps = benchDeps(database, `http://127.0.0.1:${port}`);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? (process.env.BENCH_DATABASE_URL ? 8 : 1));
const issue = async (c: { serial: string; tin: string; name: string }) => {
  const enrolled = await enrolTaxpayer(
    database.db,
    {
      serial: c.serial,
      tin: c.tin,
      name: c.name,
      mobile: '255712000000',
      address: 'Dar es Salaam',
    },
    new Date(),
  );
  return { pfx: enrolled.issued!.pfx, password: enrolled.issued!.password };
};
const registered: Array<Awaited<ReturnType<typeof registeredCompany>>> = [];
for (let i = 0; i < COMPANIES; i++) registered.push(await registeredCompany(deps, issue));
const company = registered[0]!;

const invoices = Array.from({ length: 2 * RECEIPTS + 100 }, (_, i) =>
  invoiceFor(registered[i % COMPANIES]!.id, {
    customer: {
      name: 'Mteja',
      idType: 'TAX_IDENTIFICATION_NUMBER',
      idNumber: '123456789',
      mobile: '712345678',
    },
    lines: [
      { description: 'Sukari 1kg', qty: 2, price: 295_000 + i },
      { description: 'Mafuta ya kupikia 1l', price: 590_000, tax: 'standard', discountPercent: 5 },
      { description: 'Unga wa mahindi 2kg', price: 360_000, tax: 'exempted' },
    ],
  }),
);
const fiscalize = (i: number) =>
  database.db.transaction((tx) => fiscalizeInvoice(deps, tx, invoices[i]!));
for (let i = 0; i < 100; i++) await fiscalize(RECEIPTS + i); // warm-up

let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let i = next++; i < RECEIPTS; i = next++) await fiscalize(i);
  }),
);
const seconds = (performance.now() - started) / 1000;

// Group commit: the same number of submissions arriving at once for each VFD, the waiting ones
// numbered, signed and stored together (up to GROUP in one locked transaction).
const groupStarted = performance.now();
await Promise.all(
  registered.map(async (_, c) => {
    const mine = Array.from({ length: RECEIPTS }, (_, i) => RECEIPTS + 100 + i).filter(
      (i) => i % COMPANIES === c,
    );
    for (let from = 0; from < mine.length; from += GROUP) {
      const group = mine.slice(from, from + GROUP).map((i) => invoices[i]!);
      await database.db.transaction((tx) => fiscalizeInvoices(deps, tx, group));
    }
  }),
);
const groupSeconds = (performance.now() - groupStarted) / 1000;

// Submissions as the API receives them: drafts saved beforehand, then all submitted at once
// through submitInvoice (each its own call), which numbers the waiting ones together.
const submitters = await Promise.all(
  registered.map(async (c) => {
    const operator = await benchOperator(deps, c);
    return { deps, companyId: c.id, userId: operator.id, deviceId: null };
  }),
);
const drafts: Array<{ ctx: (typeof submitters)[number]; id: string }> = [];
for (let i = 0; i < SUBMISSIONS; i++) {
  const ctx = submitters[i % COMPANIES]!;
  const id = crypto.randomUUID();
  const fields = parseWith(invoiceFieldsSchema, {
    customer: {
      name: 'Mteja',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '123456789',
      phoneNumber: '0712345678',
    },
    amountsIncludeTax: true,
    items: benchLines([
      { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 + i },
      { description: 'Mafuta ya kupikia 1l', unitPrice: 590_000, discountPercent: 5 },
      { description: 'Unga wa mahindi 2kg', unitPrice: 360_000, taxType: 'exempted' },
    ]),
    payments: [],
  });
  await saveInvoice(ctx, id, fields);
  drafts.push({ ctx, id });
}
const submitStarted = performance.now();
const submitted = await Promise.all(drafts.map(({ ctx, id }) => submitInvoice(ctx, id)));
const submitSeconds = (performance.now() - submitStarted) / 1000;
if (submitted.some((invoice) => !invoice.fiscal)) throw new Error('a submission was not numbered');

// Signing alone, on a typical receipt.
const vfd = (await loadVfd(database.db, company.id))!;
const key = await signingKey(deps, database.db, company.id, vfd.certificateId);
const sample = receiptXml({
  date: '2026-11-21',
  time: '10:15:00',
  tin: company.tin,
  regId: vfd.regId,
  efdSerial: vfd.serial,
  custIdType: 1,
  custId: '123456789',
  custName: 'Mteja',
  mobileNum: '255712345678',
  gc: 1234,
  dc: 12,
  znum: '20261121',
  rctvnum: `${vfd.receiptCode}1234`,
  items: [{ id: '1', desc: 'Sukari 1kg', qty: '2', taxCode: 1, amtCents: cents(590_000) }],
  totalExclCents: cents(500_000),
  totalInclCents: cents(590_000),
  discountCents: cents(0),
  payments: [{ type: 'CASH', cents: cents(590_000) }],
  vatTotals: [{ group: 'A', netCents: cents(500_000), taxCents: cents(90_000) }],
});
const times: number[] = [];
for (let i = 0; i < 5_200; i++) {
  const t = performance.now();
  crypto.sign('sha1', Buffer.from(sample, 'utf8'), key);
  if (i >= 200) times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

console.log(
  `Fiscalization on ${database.label}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
line(
  `receipts allocated, signed and stored (${COMPANIES} VFD, ${CONCURRENCY} at a time)`,
  `${(RECEIPTS / seconds).toFixed(0)} receipts/s (${RECEIPTS} in ${seconds.toFixed(2)} s)`,
);
line(
  `the same, waiting submissions numbered together (up to ${GROUP} a transaction)`,
  `${(RECEIPTS / groupSeconds).toFixed(0)} receipts/s (${RECEIPTS} in ${groupSeconds.toFixed(2)} s)`,
);
line(
  `${SUBMISSIONS} submissions at once through submitInvoice (gathered, up to ${SUBMIT_GROUP_MAX} a group)`,
  `${(SUBMISSIONS / submitSeconds).toFixed(0)} receipts/s (${SUBMISSIONS} in ${submitSeconds.toFixed(2)} s)`,
);
line(
  'signing one receipt (RSA-2048, SHA-1) p50',
  `${(percentile(times, 50) * 1000).toFixed(0)} µs`,
);
line('signing one receipt p99', `${(percentile(times, 99) * 1000).toFixed(0)} µs`);

await new Promise<void>((resolve) => {
  (http as unknown as HttpServer).close(() => resolve());
});
deps.mailer.close();
await database.drop();
