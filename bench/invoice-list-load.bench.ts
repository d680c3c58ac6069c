// The invoice list under many readers: N clients (BENCH_CLIENTS, default 8,32) each read
// `GET /v1/accounting/invoices` one request after another for BENCH_SECONDS (10) against the built
// server on the embedded defaults (PGlite), or PostgreSQL with BENCH_DATABASE_URL. The demo
// company first gets BENCH_LIST_INVOICES (10,000) invoices as phones send them (sync batches of
// saves, nine in ten then submitted and numbered; the TRA worker is off, so the load is the
// list's alone). The readers go round the list's usual questions: the first page, one status,
// a search and a month. Prints requests/s and p50/p99, once right after the invoices arrived and
// once after the server's next round of planner statistics (every minute); then again
// while a phone saves a draft every BENCH_WRITE_MS (100) ms, each save changing the company so
// that every page is made again (server/sync/page-cache.ts keeps pages only while nothing
// changes).
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { SYNC_BATCH_MAX_ENTRIES } from '../domain/sync-batch';
import { builtServerBundle, json, signInOperator, startBuiltServer } from './built-server';
import { line, percentile, tinInvoiceBody } from './support';

const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INVOICES = Number(process.env.BENCH_LIST_INVOICES ?? 10_000);
/** The server's round of statistics runs every minute (server/db/statistics.ts). */
const STATISTICS_ROUND_MS = 65_000;
const WRITE_MS = Number(process.env.BENCH_WRITE_MS ?? 100);

const bundle = builtServerBundle();
const server = await startBuiltServer(bundle, { label: 'invoice-list', traWorker: false });
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
try {
  const token = await signInOperator(server);
  const headers = { authorization: `Bearer ${token}` };
  const device = crypto.randomUUID();

  // The invoices, as an outbox sends them: each save, then its submit, in batches.
  const seeded = performance.now();
  let pending: Array<Record<string, unknown>> = [];
  /** Sends what waits; the server may answer a first part only (its time budget): the rest again. */
  const flush = async () => {
    while (pending.length > 0) {
      const result = await json(
        await fetch(`${server.base}/v1/accounting/sync/batch`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ entries: pending }),
        }),
      );
      const answers = result.answers as Array<{ status: number; body: unknown }>;
      const refused = answers.find((answer) => answer.status >= 300);
      if (refused || answers.length === 0) {
        throw new Error(`batch refused: ${JSON.stringify(refused ?? result)}`);
      }
      const done = answers.length;
      pending = pending.slice(done).map((entry) => {
        const requires = (entry.requires as number[] | undefined)
          ?.map((index) => index - done)
          .filter((index) => index >= 0);
        return requires?.length ? { ...entry, requires } : { ...entry, requires: undefined };
      });
    }
  };
  for (let i = 0; i < INVOICES; i++) {
    const { id, ...fields } = tinInvoiceBody(i);
    const path = `/v1/accounting/invoices/${id as string}`;
    pending.push({
      key: crypto.randomUUID(),
      method: 'PUT',
      path,
      headers: { 'x-device-id': device },
      body: JSON.stringify(fields),
    });
    if (i % 10 !== 0) {
      pending.push({
        key: crypto.randomUUID(),
        method: 'POST',
        path: `${path}/submit`,
        requires: [pending.length - 1],
      });
    }
    if (pending.length >= SYNC_BATCH_MAX_ENTRIES - 1) await flush();
  }
  await flush();
  const seedMs = performance.now() - seeded;

  const questions = [
    '',
    '?status=submitted',
    '?q=Kampuni',
    `?from=${new Date().toISOString().slice(0, 7)}-01&to=${new Date().toISOString().slice(0, 10)}`,
  ];
  /** A phone saving one draft over and over while `until` has not come. */
  const writing = async (until: Promise<void>) => {
    let done = false;
    void until.then(() => (done = true));
    const { id, ...fields } = tinInvoiceBody(INVOICES);
    let saves = 0;
    while (!done) {
      const t0 = performance.now();
      await json(
        await fetch(`${server.base}/v1/accounting/invoices/${id as string}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json', 'x-device-id': device },
          body: JSON.stringify({ ...fields, reference: `save ${saves++}` }),
        }),
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, WRITE_MS - (performance.now() - t0))),
      );
    }
    return saves;
  };
  const read = async (clients: number) => {
    const timings: number[] = [];
    let rows = 0;
    let failures = 0;
    const started = performance.now();
    const until = started + SECONDS * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const question = questions[next++ % questions.length]!;
          const t0 = performance.now();
          try {
            const page = await json(
              await fetch(`${server.base}/v1/accounting/invoices${question}`, { headers }),
            );
            timings.push(performance.now() - t0);
            rows += (page.items as unknown[]).length;
          } catch (error) {
            if (failures++ === 0) console.error(String(error));
          }
        }
      }),
    );
    const elapsed = performance.now() - started;
    const sorted = timings.sort((a, b) => a - b);
    line(
      `  ${clients} clients`,
      `${((timings.length / elapsed) * 1000).toFixed(0)} requests/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ${(rows / Math.max(1, timings.length)).toFixed(0)} rows a page${failures ? `, ${failures} failed` : ''}`,
    );
  };

  console.log(
    `\nThe invoice list, server on ${database}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  line(
    `${INVOICES} invoices sent in sync batches`,
    `${(seedMs / 1000).toFixed(1)} s (${((INVOICES / seedMs) * 1000).toFixed(0)} invoices/s)`,
  );
  /** One reader asking one question after another: where a request's time goes. */
  const each = async () => {
    for (const question of questions) {
      const timings: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await json(await fetch(`${server.base}/v1/accounting/invoices${question}`, { headers }));
        timings.push(performance.now() - t0);
      }
      const sorted = timings.sort((a, b) => a - b);
      line(
        `  alone: ${question || 'the first page'}`,
        `p50 ${percentile(sorted, 50).toFixed(1)} ms`,
      );
    }
  };
  console.log('right after they arrived:');
  await each();
  for (const clients of CLIENTS) await read(clients);
  await new Promise((resolve) => setTimeout(resolve, STATISTICS_ROUND_MS));
  console.log("after the server's next round of statistics:");
  await each();
  for (const clients of CLIENTS) await read(clients);
  console.log(`while a phone saves a draft every ${WRITE_MS} ms:`);
  for (const clients of CLIENTS) {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const saves = writing(stopped);
    await read(clients);
    stop();
    line('    saves meanwhile', String(await saves));
  }
} finally {
  await server.stop();
}
