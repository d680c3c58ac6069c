// Real server processes: a worker killed (SIGKILL) while a request to TRA is in flight and
// another started after it, on PGlite and on PostgreSQL; and two processes fiscalizing for the
// same company at once on one PostgreSQL. TRA must end up with every receipt once, in order,
// with no gap and no duplicate.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import type { Deps } from '../../server/context';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { fiscalReceipts, traOutbox } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { fiscalizeInvoice } from '../../server/vfd/fiscalize';
import { installCertificate } from '../../server/vfd/registration';
import { splitSigned } from '../../server/vfd/xml';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createCompany } from '../helpers/factories';
import { invoiceFor, memoryMailer } from '../helpers/fiscal';
import {
  startStandaloneSimulator,
  startVfdProcess,
  until,
  type StandaloneSimulator,
  type VfdProcess,
} from '../helpers/processes';
import { ephemeralSecrets } from '../../server/secrets';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.warn(
    '! TEST_DATABASE_URL is not set: the PostgreSQL runs of the multi-process tests are skipped.',
  );
}

const cleanups: Array<() => Promise<void>> = [];
const children: VfdProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Shared {
  /** What the processes are given as VFD_DB. */
  setting: string;
  dataKey: string;
  open(): Promise<Database>;
}

async function sharedDatabase(kind: 'pglite' | 'postgresql'): Promise<Shared> {
  const dataKey = crypto.randomBytes(32).toString('hex');
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-shared-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return { setting: dir, dataKey, open: () => openDatabase({ dataDir: dir }) };
  }
  const database: TestDatabase = await createTestDatabase('postgresql');
  cleanups.push(() => database.drop());
  return { setting: database.url!, dataKey, open: () => openDatabase({ url: database.url! }) };
}

function depsFor(database: Database, shared: Shared, traUrl: string): Deps {
  return {
    db: database.db,
    dbKind: database.kind,
    config: loadConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-parent-')),
      TRA_BASE_URL: traUrl,
      LOG_LEVEL: 'error',
    }),
    clock: systemClock,
    mailer: memoryMailer(),
    secrets: { ...ephemeralSecrets(), dataKey: Buffer.from(shared.dataKey, 'hex') },
    log: createLogger('error'),
    traBaseUrl: traUrl,
  };
}

/** A registered company in the shared database, with `receipts` already fiscalized. */
async function prepare(shared: Shared, tra: StandaloneSimulator, receipts: number) {
  const database = await shared.open();
  await migrateDatabase(database);
  const deps = depsFor(database, shared, tra.url);
  const company = await createCompany(database.db);
  await tra.sim
    .enrol({
      serial: company.serial,
      tin: company.tin,
      name: company.name,
      mobile: `255${company.phone}`,
      address: company.address,
    })
    .then(async (enrolled) => {
      await installCertificate(
        deps,
        company.id,
        { pfx: enrolled.issued!.pfx, password: enrolled.issued!.password },
        null,
      );
    });
  for (let i = 0; i < receipts; i++) {
    await database.db.transaction((tx) => fiscalizeInvoice(deps, tx, invoiceFor(company.id)));
  }
  return { database, company };
}

async function accepted(tra: StandaloneSimulator, serial: string) {
  return (await tra.sim.ledger(serial)).filter((row) => row.ackCode === 0).length;
}

async function settled(database: Database, companyId: string) {
  const rows = await database.db
    .select({ status: traOutbox.status })
    .from(traOutbox)
    .where(eq(traOutbox.companyId, companyId));
  return rows.filter((row) => row.status === 'accepted').length;
}

async function checkOutcome(
  database: Database,
  tra: StandaloneSimulator,
  companyId: string,
  serial: string,
  count: number,
) {
  const outbox = await database.db
    .select()
    .from(traOutbox)
    .where(eq(traOutbox.companyId, companyId))
    .orderBy(asc(traOutbox.seq));
  expect(outbox).toHaveLength(count);
  expect(outbox.every((row) => row.status === 'accepted')).toBe(true);
  const numbers = await database.db
    .select({ gc: fiscalReceipts.gc })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.companyId, companyId))
    .orderBy(asc(fiscalReceipts.gc));
  expect(numbers.map((n) => n.gc)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  const ledger = await tra.sim.ledger(serial);
  expect(ledger.map((row) => [row.gc, row.ackCode])).toEqual(
    Array.from({ length: count }, (_, i) => [i + 1, 0]),
  );
  ledger.forEach((row, i) => {
    expect(row.body).toBe(splitSigned(outbox[i]!.body, 'RCT')!.signedPart);
  });
  return ledger;
}

describe.each(['pglite', 'postgresql'] as const)(
  'a worker process killed mid-request on %s',
  (kind) => {
    it.skipIf(kind === 'postgresql' && !hasPostgres)(
      'is replaced by another that finishes the queue without a gap or a duplicate',
      // Its own waits allow 60 s for the first receipts and 90 s for the rest: two processes
      // start, sign and send on a shared two-core machine.
      { timeout: 180_000 },
      async () => {
        // Every answer takes a while, so a kill almost surely lands while a request is in flight.
        const tra = await startStandaloneSimulator({ faults: { latencyRate: 1, latencyMs: 150 } });
        cleanups.push(() => tra.close());
        const shared = await sharedDatabase(kind);
        const { database, company } = await prepare(shared, tra, 20);
        // PGlite is one process's database: hand it over.
        if (kind === 'pglite') await database.close();
        else cleanups.push(() => database.close());

        const settings = {
          VFD_DB: shared.setting,
          TRA_URL: tra.url,
          DATA_KEY: shared.dataKey,
          LEASE_MS: '1500',
          REQUEST_TIMEOUT_MS: '1000',
        };
        const first = await startVfdProcess(settings);
        children.push(first);
        await until(
          async () => (await accepted(tra, company.serial)) >= 6,
          60_000,
          'the first receipts',
        );
        first.child.kill('SIGKILL');
        expect(await first.exited).toBeNull();
        const taken = await accepted(tra, company.serial);
        expect(taken).toBeLessThan(20);

        const second = await startVfdProcess(settings);
        children.push(second);
        await until(
          async () => (await accepted(tra, company.serial)) === 20,
          90_000,
          'all receipts',
        );
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);

        const check = kind === 'pglite' ? await shared.open() : database;
        const ledger = await checkOutcome(check, tra, company.id, company.serial, 20);
        if (kind === 'pglite') await check.close();
        expect(ledger.reduce((n, row) => n + row.posts, 0)).toBeGreaterThanOrEqual(20);
      },
    );
  },
);

describe('two server processes on one PostgreSQL', () => {
  it.skipIf(!hasPostgres)(
    'fiscalize for the same company at once with no duplicate and no gap',
    async () => {
      const tra = await startStandaloneSimulator({
        faults: { errorRate: 0.1, acceptThenDropRate: 0.1 },
      });
      cleanups.push(() => tra.close());
      const shared = await sharedDatabase('postgresql');
      const { database, company } = await prepare(shared, tra, 0);
      cleanups.push(() => database.close());
      const settings = {
        VFD_DB: shared.setting,
        TRA_URL: tra.url,
        DATA_KEY: shared.dataKey,
        FISCALIZE: `${company.id}:60`,
      };
      const [a, b] = await Promise.all([startVfdProcess(settings), startVfdProcess(settings)]);
      children.push(a, b);
      await Promise.all(
        [a, b].map((p) => p.waitForLine((line) => line.includes('"fiscalized"'), 90_000)),
      );
      await until(
        async () => (await accepted(tra, company.serial)) === 120,
        90_000,
        'all receipts',
      );
      // TRA's ledger is written before the sender hears TRA's answer (or resends after a dropped
      // one) and records it: wait for the senders to have settled every receipt too.
      await until(
        async () => (await settled(database, company.id)) === 120,
        90_000,
        'every receipt settled',
      );
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
      await checkOutcome(database, tra, company.id, company.serial, 120);
    },
  );
});
