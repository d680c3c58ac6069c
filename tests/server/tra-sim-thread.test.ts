// The built-in simulator on its own thread: a started server sends to the thread's own port,
// answers its /tra-sim pages by passing them on, and an earlier install's ledger, kept in the
// server's embedded database, moves to the simulator's own at the first start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { traSimKeys, traSimReceipts, traSimTaxpayers } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import type { RunningServer } from '../../server/start';
import { moveSimulatorLedger } from '../../server/tra-sim/store';
import { enrolTaxpayer } from '../../server/tra-sim/taxpayers';
import { createTestDatabase, testDbKind } from '../helpers/db';
import { startOnLoopback } from '../helpers/real-start';

// A real start creates or opens two embedded databases (the server's and the simulator's) and
// a thread: under the parallel suites of CI one takes 15-25 s, where a quiet machine needs 5-10.
vi.setConfig({ testTimeout: 90_000 });

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-sim-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const log = createLogger('silent');
const taxpayer = {
  serial: '10TZ100999',
  tin: '109876543',
  name: 'Duka la Zamani',
  mobile: '255713000111',
  address: 'Kariakoo, Dar es Salaam',
};

/** An install from before: the simulator's ledger in the server's own embedded database. */
async function earlierInstall(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  await enrolTaxpayer(database.db, taxpayer, new Date('2026-11-01T08:00:00Z'));
  await database.db.insert(traSimKeys).values({ id: 'tra', privateKeyPem: 'key', certPem: 'cert' });
  await database.db.insert(traSimReceipts).values({
    serial: taxpayer.serial,
    rctvnum: 'ABC1231',
    gc: 1,
    dc: 1,
    znum: '20261101',
    date: '2026-11-01',
    time: '11:00:00',
    body: '<RCT/>',
    bodyHash: 'hash',
    ackCode: 0,
    ackMessage: 'Success',
    totalInclCents: 118_000,
    discountCents: 0,
    data: {},
    receivedAt: new Date('2026-11-01T08:00:01Z'),
  });
  await database.db
    .update(traSimTaxpayers)
    .set({ lastGc: 1, lastDc: 1, lastDate: '2026-11-01', lastTime: '11:00:00' });
  return database;
}

async function ledgerOf(dir: string) {
  const store = await openDatabase({ dataDir: dir });
  try {
    return {
      taxpayers: await store.db.select().from(traSimTaxpayers),
      receipts: await store.db.select().from(traSimReceipts),
      keys: await store.db.select().from(traSimKeys),
    };
  } finally {
    await store.close();
  }
}

describe.runIf(testDbKind() === 'pglite')('the simulator ledger of an earlier install', () => {
  it('moves to the simulator’s own database with its counters, receipts and key', async () => {
    const dataDir = tempDir();
    const server = await earlierInstall(dataDir);
    const simDir = path.join(dataDir, 'tra-sim');
    // A move cut short leaves its copy beside the store, never the store itself: made again.
    fs.mkdirSync(`${simDir}.moving`);
    fs.writeFileSync(path.join(`${simDir}.moving`, 'PG_VERSION'), 'broken');
    try {
      await moveSimulatorLedger(server.db, simDir, log);
      expect(await server.db.select().from(traSimTaxpayers)).toEqual([]);
      expect(await server.db.select().from(traSimReceipts)).toEqual([]);
      // The next start finds the ledger moved and leaves it alone.
      await moveSimulatorLedger(server.db, simDir, log);
    } finally {
      await server.close();
    }
    const moved = await ledgerOf(simDir);
    expect(moved.taxpayers).toEqual([
      expect.objectContaining({ serial: taxpayer.serial, tin: taxpayer.tin, lastGc: 1, lastDc: 1 }),
    ]);
    expect(moved.receipts.map((r) => [r.rctvnum, r.gc, r.totalInclCents])).toEqual([
      ['ABC1231', 1, 118_000],
    ]);
    expect(moved.keys).toEqual([{ id: 'tra', privateKeyPem: 'key', certPem: 'cert' }]);
    expect(fs.existsSync(`${simDir}.moving`)).toBe(false);
  });
});

describe('a started server with the built-in simulator', () => {
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
    vi.restoreAllMocks();
  });

  async function start(dataDir: string, databaseUrl?: string) {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const server = await startOnLoopback({
      DATA_DIR: dataDir,
      RISITI_ADMIN_PASSWORD: 'Admin-pass1',
      TRA_SIM_ADMIN_TOKEN: 'sim-admin-token-0123456789',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    running.push(server);
    return server;
  }

  it.runIf(testDbKind() === 'pglite')(
    'sends to the simulator’s own port and passes its pages on from /tra-sim',
    async () => {
      const dataDir = tempDir();
      const server = await start(dataDir);
      const tra = server.deps.traBaseUrl;
      expect(tra).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tra-sim$/);
      expect(new URL(tra).port).not.toBe(new URL(server.url).port);
      expect(fs.existsSync(path.join(dataDir, 'tra-sim', 'PG_VERSION'))).toBe(true);

      // The demo company's VFD was enrolled in the simulator's ledger, not the server's.
      expect(await server.deps.db.select().from(traSimTaxpayers)).toEqual([]);
      const admin = {
        authorization: 'Bearer sim-admin-token-0123456789',
        'content-type': 'application/json',
      };
      const enrolled = await fetch(`${server.url}/tra-sim/admin/taxpayers`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify(taxpayer),
      });
      expect(enrolled.status).toBe(201);
      expect(await enrolled.json()).toMatchObject({ serial: taxpayer.serial });
      for (const serial of [taxpayer.serial, '10TZ100781']) {
        const ledger = await fetch(`${tra}/admin/taxpayers/${serial}/receipts`, { headers: admin });
        expect(ledger.status).toBe(200);
      }
      expect(await server.deps.db.select().from(traSimTaxpayers)).toEqual([]);

      // A receipt code that does not exist: the simulator's own page says so, in Swahili too.
      const page = await fetch(`${server.url}/tra-sim/verify/NOSUCH1_120000`, {
        headers: { 'accept-language': 'sw' },
      });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);

      // Nothing but the server's own VFD client may send receipts.
      const stranger = await fetch(`${server.url}/tra-sim/api/efdmsRctInfo`, {
        method: 'POST',
        body: '<x/>',
      });
      expect(stranger.status).toBe(401);

      // A body past the largest the simulator reads is refused before it is passed on.
      const huge = await fetch(`${server.url}/tra-sim/api/efdmsRctInfo`, {
        method: 'POST',
        headers: { 'content-length': String(600 * 1024) },
        body: 'x'.repeat(600 * 1024),
      });
      expect(huge.status).toBe(413);
    },
  );

  it('keeps the ledger in the server’s database on PostgreSQL, and stops with the server', async () => {
    const database = testDbKind() === 'postgresql' ? await createTestDatabase() : null;
    try {
      const dataDir = tempDir();
      const server = await start(dataDir, database?.url);
      const tra = server.deps.traBaseUrl;
      expect((await fetch(`${tra}/verify/NOSUCH1_120000`)).status).toBe(404);
      if (database) {
        expect(fs.existsSync(path.join(dataDir, 'tra-sim'))).toBe(false);
        const enrolled = await server.deps.db.select().from(traSimTaxpayers);
        expect(enrolled.map((t) => t.serial)).toEqual(['10TZ100781']);
      }
      await running.pop()!.close();
      await expect(fetch(`${tra}/verify/NOSUCH1_120000`)).rejects.toThrow();
    } finally {
      await database?.drop();
    }
  });
});
