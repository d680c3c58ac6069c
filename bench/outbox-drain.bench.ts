// The data layer end to end, outside the browser (fake-indexeddb in Node, in-process server):
// changes queued offline through the repositories, then the drain from reconnection to an empty
// outbox, for new customers and for a mix of customer and product edits (updates, creations,
// deletions). The time the server took is split out from the phone's own (its reads and writes
// in IndexedDB). The Chromium numbers come with the screens; these isolate the sync code and
// server. BENCH_QUEUED_CHANGES (10,000) sets the size; BENCH_DATABASE_URL runs on PostgreSQL.
import 'fake-indexeddb/auto';
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { systemClock } from '../server/clock';
import { saveCustomer } from '../src/db/customers';
import { db } from '../src/db/db';
import { clearLocalData } from '../src/db/local-data';
import { deleteProduct, saveProduct } from '../src/db/products';
import { drainOutbox } from '../src/sync/drain';
import { createFetchSend } from '../src/sync/transport';
import { createCompanyWithPeople } from '../tests/helpers/factories';
import type { TestServer } from '../tests/helpers/server';
import { tokenFor } from '../tests/helpers/session';
import { benchDatabase, benchDeps } from './support';

const CHANGES = Number(process.env.BENCH_QUEUED_CHANGES ?? 10_000);
const database = await benchDatabase();
const deps = benchDeps(database, 'http://127.0.0.1:9/tra-sim');
const app = createApp(deps);

/** A company signed in on a phone whose database is empty; `serverMs` adds up the server's time. */
async function shop() {
  const people = await createCompanyWithPeople(deps.db);
  const token = await tokenFor(
    { deps, clock: systemClock } as unknown as TestServer,
    people.operator,
  );
  const timing = { serverMs: 0 };
  const send = createFetchSend({
    baseUrl: 'http://risiti.bench',
    getAccessToken: async () => token,
    fetch: async (input, init) => {
      const start = performance.now();
      const response = await app.request(String(input), init);
      const text = await response.text();
      timing.serverMs += performance.now() - start;
      return new Response(text, { status: response.status, headers: response.headers });
    },
  });
  await clearLocalData();
  return { companyId: people.company.id, send, timing };
}

async function drain(s: Awaited<ReturnType<typeof shop>>) {
  const queued = await db.outbox.count();
  s.timing.serverMs = 0;
  const start = performance.now();
  const result = await drainOutbox({ send: s.send, companyId: s.companyId, ignoreBackoff: true });
  const ms = performance.now() - start;
  if (result.status !== 'done' || (await db.outbox.count()) !== 0)
    throw new Error(`outbox not emptied: ${JSON.stringify(result)}`);
  const server = s.timing.serverMs;
  return (
    `${queued} queued changes sent in ${ms.toFixed(0)} ms, ` +
    `${(queued / (ms / 1000)).toFixed(0)} changes/s ` +
    `(server ${server.toFixed(0)} ms, phone ${(ms - server).toFixed(0)} ms)`
  );
}

const customer = (name: string) => ({ name, identificationType: 'NO_IDENTIFICATION' as const });
const product = (name: string, unitPrice: number) => ({ name, unitPrice, taxType: 'standard' });

try {
  console.log(`outbox drain (server on ${database.label}, phone on fake-indexeddb)`);

  const creations = await shop();
  const saves: number[] = [];
  let start = performance.now();
  for (let i = 0; i < CHANGES; i++) {
    const t = performance.now();
    await saveCustomer(creations.companyId, customer(`Offline customer ${i}`));
    saves.push(performance.now() - t);
  }
  const queueMs = performance.now() - start;
  saves.sort((a, b) => a - b);
  console.log(
    `  save with outbox entry: p50 ${saves[Math.floor(CHANGES / 2)]!.toFixed(1)} ms, ` +
      `p95 ${saves[Math.floor(CHANGES * 0.95)]!.toFixed(1)} ms, all ${queueMs.toFixed(0)} ms`,
  );
  console.log(`  new customers: ${await drain(creations)}`);

  // A fifth each: customers renamed, products repriced, new products, new customers, products
  // deleted, one after another as someone working through both lists would queue them.
  const mixed = await shop();
  const fifth = Math.ceil(CHANGES / 5);
  const customerIds = Array.from({ length: fifth }, () => crypto.randomUUID());
  const productIds = Array.from({ length: 2 * fifth }, () => crypto.randomUUID());
  for (const [i, id] of customerIds.entries()) {
    await saveCustomer(mixed.companyId, { id, ...customer(`Mteja ${i}`) });
  }
  for (const [i, id] of productIds.entries()) {
    await saveProduct(mixed.companyId, { id, ...product(`Bidhaa ${i}`, 100_000 + i) });
  }
  await drain(mixed);
  start = performance.now();
  for (let i = 0; i < CHANGES; i++) {
    const n = Math.floor(i / 5);
    switch (i % 5) {
      case 0:
        await saveCustomer(mixed.companyId, { id: customerIds[n]!, ...customer(`Mteja ${n} B`) });
        break;
      case 1:
        await saveProduct(mixed.companyId, {
          id: productIds[n]!,
          ...product(`Bidhaa ${n}`, 120_000 + n),
        });
        break;
      case 2:
        await saveProduct(mixed.companyId, product(`Bidhaa mpya ${n}`, 50_000 + n));
        break;
      case 3:
        await saveCustomer(mixed.companyId, customer(`Mteja mpya ${n}`));
        break;
      default:
        await deleteProduct(mixed.companyId, productIds[fifth + n]!);
    }
  }
  console.log(`  customer and product edits: ${await drain(mixed)}`);
} finally {
  db.close();
  await database.drop();
}
