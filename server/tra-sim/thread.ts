// The built-in TRA simulator on a thread of its own, started by host.ts when TRA_BASE_URL is
// unset. It listens on a loopback port of its own, so the fiscal worker's sends are read,
// checked, recorded and signed here while the server's thread answers the API. Its ledger is
// the server's PostgreSQL database when DATABASE_URL is set, else an embedded database of its
// own in DATA_DIR/tra-sim (one PGlite folder cannot be opened by two threads).
import { parentPort, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { systemClock } from '../clock';
import { migrateDatabase, openDatabase } from '../db/client';
import { startStatisticsRefresh } from '../db/statistics';
import { createLogger } from '../logger';
import type { ThreadData, ThreadReply, ThreadRequest } from './host';
import { createTraSimulator } from './simulator';

const data = workerData as ThreadData;
const port = parentPort!;
const log = createLogger(data.logLevel);
// The ledger is small and mostly appended to: a few buffers serve it.
const database = await openDatabase({
  url: data.databaseUrl,
  dataDir: data.dataDir,
  sharedBuffersMb: 16,
});
// On PostgreSQL the server migrated the shared database before starting this thread.
if (database.kind === 'pglite') await migrateDatabase(database);
const simulator = createTraSimulator({
  db: database.db,
  clock: systemClock,
  log,
  faults: data.faults,
  clientKey: data.clientKey,
  // Only the server's proxy (server/tra-sim/host.ts) and the server's own VFD client reach
  // this loopback port; the proxy passes the client's address on.
  trustProxy: true,
  ...(data.adminToken ? { adminToken: data.adminToken } : {}),
});
const app = new Hono();
app.route('/tra-sim', simulator.app);
// PostgreSQL's own processes keep the shared database; an embedded one needs the housekeeping.
const housekeeping =
  database.kind === 'pglite'
    ? startStatisticsRefresh({ db: database.db, dbKind: database.kind, log })
    : null;

const reply = (message: ThreadReply) => port.postMessage(message);
const server = serve({ fetch: app.fetch, port: data.port, hostname: '127.0.0.1' }, (info) =>
  reply({ type: 'listening', port: info.port }),
);
server.on('error', (error) => {
  log.error('The TRA simulator could not listen', { error: String(error) });
  process.exit(1);
});

port.on('message', (message: ThreadRequest) => {
  if (message.type === 'enrol') {
    simulator.enrol(message.input).then(
      (enrolled) => reply({ type: 'enrolled', id: message.id, enrolled }),
      (error: unknown) => reply({ type: 'enrolled', id: message.id, error: String(error) }),
    );
  } else {
    server.close();
    void (async () => {
      await housekeeping?.stop();
      await database.close();
      port.close();
    })();
  }
});
