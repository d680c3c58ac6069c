// A separate server process for the multi-process fiscal tests: it opens the shared database,
// optionally fiscalizes a number of invoices for one company, and runs the fiscal worker until
// it is stopped (SIGTERM) or killed (SIGKILL). Configured through the environment:
//   VFD_DB        postgres://… or a PGlite data directory
//   TRA_URL       the simulator's base URL
//   DATA_KEY      the data key (hex) the database's secrets were sealed with
//   HOLDER        this process's lease holder name
//   LEASE_MS, REQUEST_TIMEOUT_MS   worker timings
//   FISCALIZE     companyId:count — invoices to fiscalize at start, concurrently with sending
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';
import type { Deps } from '../../../server/context';
import { migrateDatabase, openDatabase } from '../../../server/db/client';
import { createLogger } from '../../../server/logger';
import { fiscalizeInvoice } from '../../../server/vfd/fiscalize';
import { createTraWorker } from '../../../server/vfd/worker';
import { invoiceFor, memoryMailer } from '../../helpers/fiscal';
import { ephemeralSecrets } from '../../../server/secrets';

const env = process.env;
const dbSetting = env.VFD_DB!;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-process-'));
const database = await openDatabase(
  dbSetting.startsWith('postgres') ? { url: dbSetting } : { dataDir: dbSetting },
);
await migrateDatabase(database);
const deps: Deps = {
  db: database.db,
  dbKind: database.kind,
  config: loadConfig({
    DATA_DIR: dataDir,
    TRA_BASE_URL: env.TRA_URL!,
    LOG_LEVEL: 'error',
    RISITI_DEMO: '0',
  }),
  clock: systemClock,
  mailer: memoryMailer(),
  secrets: { ...ephemeralSecrets(), dataKey: Buffer.from(env.DATA_KEY!, 'hex') },
  log: createLogger('error'),
  traBaseUrl: env.TRA_URL!,
};
const worker = createTraWorker(deps, {
  holder: env.HOLDER ?? `process-${process.pid}`,
  pollIntervalMs: 20,
  leaseMs: Number(env.LEASE_MS ?? 3_000),
  requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 1_000),
  quickRetryMs: [5, 10],
  backoffBaseMs: 20,
  backoffCapMs: 300,
  zReportIntervalMs: 3_600_000,
  alertIntervalMs: 3_600_000,
});
worker.start();

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
console.log(JSON.stringify({ ready: true }));

if (env.FISCALIZE) {
  const [companyId, count] = env.FISCALIZE.split(':');
  for (let i = 0; i < Number(count); i++) {
    await database.db.transaction((tx) =>
      fiscalizeInvoice(deps, tx, invoiceFor(companyId!, { lines: [{ price: 10_000 + i }] })),
    );
  }
  console.log(JSON.stringify({ fiscalized: Number(count) }));
}
