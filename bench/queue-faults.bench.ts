// The queue to a flaky TRA: 300 receipts sent by the fiscal worker (production timings) to the
// simulator process answering 10% of requests with a 5xx and dropping 20% of the answers after
// the receipt was recorded. Each lost answer must be resent byte-identical and TRA's repeat of
// its first answer taken as the acknowledgement. Target: all acknowledged in ≤ 60 s, in GC
// order, each receipt held once by TRA.
import os from 'node:os';
import { and, asc, count, eq } from 'drizzle-orm';
import { traAttempts, traOutbox } from '../server/db/schema';
import { fiscalizeInvoice } from '../server/vfd/fiscalize';
import { createTraWorker } from '../server/vfd/worker';
import { splitSigned } from '../server/vfd/xml';
import { invoiceFor } from '../tests/helpers/fiscal';
import { benchDatabase, benchDeps, line, registeredCompany, simulatorProcess } from './support';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 300);
const FAULTS = process.env.BENCH_TRA_FAULTS ?? 'accept-drop=0.2,error=0.1';
/** The run gives up after this long, so a slow queue still prints its numbers. */
const LIMIT_S = Number(process.env.BENCH_LIMIT_S ?? 300);

const simulator = await simulatorProcess({ faults: FAULTS });
const database = await benchDatabase();
const deps = benchDeps(database, simulator.url);
const company = await registeredCompany(deps, simulator.issue);

for (let i = 0; i < RECEIPTS; i++) {
  await database.db.transaction((tx) =>
    fiscalizeInvoice(deps, tx, invoiceFor(company.id, { lines: [{ price: 100_000 + i }] })),
  );
}
const accepted = async () => {
  const [row] = await database.db
    .select({ n: count() })
    .from(traOutbox)
    .where(and(eq(traOutbox.companyId, company.id), eq(traOutbox.status, 'accepted')));
  return row!.n;
};

const worker = createTraWorker(deps, { zReportIntervalMs: 3_600_000 });
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
worker.start();
let atMinute: number | null = null;
let done = 0;
while (done < RECEIPTS && elapsed() < LIMIT_S) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  done = await accepted();
  if (atMinute === null && elapsed() >= 60) atMinute = done;
}
const seconds = elapsed();
await worker.stop();
atMinute ??= done;

const outbox = await database.db
  .select()
  .from(traOutbox)
  .where(eq(traOutbox.companyId, company.id))
  .orderBy(asc(traOutbox.seq));
const attempts = await database.db
  .select()
  .from(traAttempts)
  .where(eq(traAttempts.companyId, company.id))
  .orderBy(asc(traAttempts.startedAt));
const ledger = await simulator.ledger(company.serial);

// In GC order: TRA holds 1…n once each, and no receipt was tried before TRA's acceptance of
// the one ahead of it had arrived. The arrival is the accepting attempt's start plus its
// duration (each rounded to the millisecond, hence 1 ms of slack), not the time the acceptance
// was stored: the worker stores it while the next receipt is already on its way.
const gcs = ledger.map((r) => r.gc);
const contiguous = gcs.every((gc, i) => gc === i + 1);
const heldTwice = gcs.length - new Set(gcs).size;
const seqOf = new Map(outbox.map((row) => [row.id, row.seq]));
const acceptedAt = new Map<number, number>();
for (const a of attempts) {
  if (a.outcome === 'accepted') {
    acceptedAt.set(seqOf.get(a.outboxId)!, a.startedAt.getTime() + a.durationMs);
  }
}
const outOfOrder = attempts.filter((a) => {
  const seq = seqOf.get(a.outboxId)!;
  return seq > 1 && a.startedAt.getTime() + 1 < (acceptedAt.get(seq - 1) ?? Infinity);
}).length;
// What TRA holds for each number is the stored signed receipt, so every resend was identical.
// A run cut short may leave one receipt TRA recorded whose answer was lost, not yet resent.
const heldAsExpected = ledger.length === done || (done < RECEIPTS && ledger.length === done + 1);
const identical = ledger.every(
  (row, i) => row.body === splitSigned(outbox[i]!.body, 'RCT')?.signedPart,
);
const resends = attempts.length - outbox.filter((row) => row.attempts > 0).length;
const repeatsAtTra = ledger.reduce((sum, row) => sum + row.posts - 1, 0);
const outcomes = new Map<string, number>();
for (const a of attempts) outcomes.set(a.outcome, (outcomes.get(a.outcome) ?? 0) + 1);

console.log(
  `Queue to a faulty TRA simulator (${FAULTS}), app on ${database.label}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
line(
  `${RECEIPTS} receipts acknowledged`,
  done === RECEIPTS ? `${seconds.toFixed(1)} s` : `not all: ${done} after ${seconds.toFixed(0)} s`,
);
line('acknowledged at 60 s', `${atMinute} of ${RECEIPTS}`);
line(
  'attempts (by outcome)',
  `${attempts.length} (${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')})`,
);
line(
  'time in calls to TRA',
  `${(attempts.reduce((sum, a) => sum + a.durationMs, 0) / 1000).toFixed(1)} s`,
);
// From the start of a failed attempt's answer to the start of the next try of that document.
const waitedMs = attempts.reduce((sum, a, i) => {
  const next = attempts[i + 1];
  return next && next.outboxId === a.outboxId
    ? sum + next.startedAt.getTime() - a.startedAt.getTime() - a.durationMs
    : sum;
}, 0);
line('time waiting to retry', `${(waitedMs / 1000).toFixed(1)} s`);
line('resends', String(resends));
line('resends TRA had already recorded', `${repeatsAtTra} (answered with the first answer)`);
line('receipts TRA holds twice', String(heldTwice));
line(
  'GC order',
  contiguous && outOfOrder === 0 && heldAsExpected
    ? `ok: ${ledger.length} receipts, GC 1…${ledger.length}, none sent early`
    : `WRONG: ${ledger.length} held, contiguous ${contiguous}, sent early ${outOfOrder}`,
);
line('resends byte-identical', identical ? 'ok' : 'WRONG');

simulator.stop();
deps.mailer.close();
await database.drop();
if (heldTwice > 0 || !contiguous || outOfOrder > 0 || !identical) process.exit(1);
