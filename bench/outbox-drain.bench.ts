// The data layer end to end, outside the browser (fake-indexeddb in Node, in-process server):
// time to queue 500 changes through the repositories, then from reconnection to an empty
// outbox. The Chromium numbers come with the screens; these isolate the sync code and server.
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { saveCustomer } from '../src/db/customers';
import { db } from '../src/db/db';
import { clearLocalData } from '../src/db/local-data';
import { syncNow } from '../src/sync/sync-now';
import { createFetchSend } from '../src/sync/transport';
import { createCompanyWithPeople } from '../tests/helpers/factories';
import { createTestServer } from '../tests/helpers/server';
import { tokenFor } from '../tests/helpers/session';

const CHANGES = 500;
const server = await createTestServer();
try {
  const people = await createCompanyWithPeople(server.deps.db);
  const companyId = people.company.id;
  const token = await tokenFor(server, people.operator);
  const send = createFetchSend({
    baseUrl: 'http://risiti.bench',
    getAccessToken: async () => token,
    fetch: async (input, init) => server.app.request(String(input), init),
  });

  await clearLocalData();
  let start = performance.now();
  const saves: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const t = performance.now();
    await saveCustomer(companyId, {
      name: `Offline customer ${i}`,
      identificationType: 'NO_IDENTIFICATION',
    });
    saves.push(performance.now() - t);
  }
  const queueMs = performance.now() - start;
  saves.sort((a, b) => a - b);
  if ((await db.outbox.count()) !== CHANGES) throw new Error('outbox not filled');

  start = performance.now();
  const result = await syncNow({ send, companyId, ignoreBackoff: true });
  const drainMs = performance.now() - start;
  if (result.status !== 'done' || result.drain.status !== 'done' || (await db.outbox.count()) !== 0)
    throw new Error(`outbox not emptied: ${JSON.stringify(result)}`);

  console.log(
    `outbox: ${CHANGES} customers saved offline, then synced (database ${server.deps.dbKind})`,
  );
  console.log(
    `  save with outbox entry: p50 ${saves[CHANGES / 2]!.toFixed(1)} ms, p95 ${saves[Math.floor(CHANGES * 0.95)]!.toFixed(1)} ms, all ${queueMs.toFixed(0)} ms`,
  );
  console.log(
    `  reconnection to empty outbox (send ${CHANGES} + pull): ${drainMs.toFixed(0)} ms, ${(CHANGES / (drainMs / 1000)).toFixed(0)} changes/s`,
  );
} finally {
  db.close();
  await server.close();
}
