// Shared set-up for the benchmarks: a server's dependencies on a fresh database (in-memory
// PGlite, or PostgreSQL when BENCH_DATABASE_URL is set) and a company registered with a TRA
// simulator, its operator and the app on a socket, invoice data, plus timing helpers. Numbers are
// printed, never asserted.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../server/app';
import { openSession } from '../server/auth/service';
import { signAccessToken } from '../server/auth/tokens';
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import type { Deps } from '../server/context';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { companies, organizations, users } from '../server/db/schema';
import { createLogger } from '../server/logger';
import { createMailer } from '../server/mail/mailer';
import { installCertificate } from '../server/vfd/registration';
import { invoiceBody } from '../tests/helpers/invoices';
import { ephemeralSecrets } from '../server/secrets';

export async function benchDatabase(): Promise<
  Database & { label: string; url?: string; drop(): Promise<void> }
> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { ...database, label: 'PGlite (in memory)', drop: () => database.close() };
  }
  const name = `risiti_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  await migrateDatabase(database);
  return {
    ...database,
    label: 'PostgreSQL',
    url: target.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function benchDeps(database: Database, traUrl: string): Deps {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-bench-'));
  return {
    db: database.db,
    dbKind: database.kind,
    config: loadConfig({ DATA_DIR: dataDir, TRA_BASE_URL: traUrl, LOG_LEVEL: 'error' }),
    clock: systemClock,
    mailer: createMailer({ from: 'bench@risiti.local', dataDir }),
    secrets: ephemeralSecrets(),
    log: createLogger('error'),
    traBaseUrl: traUrl,
  };
}

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');

/** A company whose certificate (issued by `issue`) is installed and registered. */
export async function registeredCompany(
  deps: Deps,
  issue: (company: {
    serial: string;
    tin: string;
    name: string;
  }) => Promise<{ pfx: Buffer; password: string }>,
) {
  const [organization] = await deps.db
    .insert(organizations)
    .values({
      name: 'Bench Org',
      ownerName: 'Bench',
      ownerPhone: '712000000',
      ownerEmail: 'bench@example.co.tz',
    })
    .returning();
  const [company] = await deps.db
    .insert(companies)
    .values({
      organizationId: organization!.id,
      name: 'Duka la Kupima',
      tin: digits(9),
      email: 'duka@example.co.tz',
      phone: '712000000',
      address: 'Kariakoo, Dar es Salaam',
      serial: `10TZ1${digits(5)}`,
    })
    .returning();
  const certificate = await issue(company!);
  await installCertificate(deps, company!.id, certificate, null);
  return company!;
}

/** A new operator of the company (no password: the benches sign in with operatorToken). */
export async function benchOperator(deps: Deps, company: { id: string; organizationId: string }) {
  const [operator] = await deps.db
    .insert(users)
    .values({
      username: `bench-${crypto.randomBytes(4).toString('hex')}`,
      email: `bench-${crypto.randomBytes(4).toString('hex')}@example.co.tz`,
      firstName: 'Bench',
      lastName: 'Operator',
      role: 'operator',
      passwordHash: 'unused',
      mustChangePassword: false,
      companyId: company.id,
      organizationId: company.organizationId,
    })
    .returning();
  return operator!;
}

/** The access token of a new session of the operator, as signing in gives. */
export async function operatorToken(deps: Deps, operatorId: string): Promise<string> {
  const sid = await openSession(deps.db, operatorId, new Date());
  return signAccessToken(
    deps.secrets.jwtKey,
    { sub: operatorId, role: 'operator', tv: 0, sid },
    new Date(),
  );
}

/** The app on a real HTTP socket, on a free loopback port; `base` is its origin. */
export async function serveApp(deps: Deps) {
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` };
}

/** A three-line invoice body with a TIN customer, a discount, two tax groups and a credit part. */
export const tinInvoiceBody = (i: number) =>
  invoiceBody({
    customer: {
      name: 'Kampuni ya Mfano',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '101825906',
      phoneNumber: '0754000111',
    },
    items: [
      { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 + i },
      { description: 'Mafuta ya kupikia 1l', unitPrice: 590_000, discountPercent: 5 },
      { description: 'Unga wa mahindi 2kg', unitPrice: 360_000, taxType: 'exempted' },
    ],
    payments: [{ type: 'cash', amount: 1_000_000 }],
  });

/** Invoice lines as a form saves them: each its own id, one standard-rated unit unless said. */
export function benchLines(
  lines: Array<{
    description: string;
    unitPrice: number;
    quantity?: number;
    taxType?: 'standard' | 'exempted';
    discountPercent?: number;
  }>,
) {
  return lines.map((item) => ({
    id: crypto.randomUUID(),
    description: item.description,
    quantity: item.quantity ?? 1,
    unitPrice: item.unitPrice,
    taxType: item.taxType ?? 'standard',
    discountPercent: item.discountPercent ?? 0,
  }));
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(46)} ${value}`);
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** One receipt as the simulator's ledger holds it (its admin API). */
export interface SimulatorLedgerRow {
  gc: number;
  rctvnum: string;
  ackCode: number;
  posts: number;
  body: string;
}

/**
 * The TRA simulator in its own process (`server/tra-sim/main.ts`), as TRA is another machine;
 * `issue` has it issue a certificate for a company (TRA's part), for registeredCompany.
 * `faults` is given as TRA_SIM_FAULTS (`accept-drop=0.2,error=0.1`).
 */
export async function simulatorProcess(options: { faults?: string } = {}) {
  const port = await freePort();
  const adminToken = crypto.randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/tra-sim/main.ts'], {
    env: {
      ...process.env,
      TRA_SIM_PORT: String(port),
      TRA_SIM_ADMIN_TOKEN: adminToken,
      ...(options.faults ? { TRA_SIM_FAULTS: options.faults } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async issue(company: { serial: string; tin: string; name: string }) {
      const response = await fetch(`${url}/admin/taxpayers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          serial: company.serial,
          tin: company.tin,
          name: company.name,
          mobile: '255712000000',
          address: 'Kariakoo, Dar es Salaam',
        }),
      });
      const issued = (await response.json()) as { pfx: string; password: string };
      return { pfx: Buffer.from(issued.pfx, 'base64'), password: issued.password };
    },
    /** What TRA recorded for a VFD, in GC order. */
    async ledger(serial: string): Promise<SimulatorLedgerRow[]> {
      const response = await fetch(`${url}/admin/taxpayers/${serial}/receipts`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return (await response.json()) as SimulatorLedgerRow[];
    },
    /** CPU time the simulator's process has used so far, in ms (Linux /proc). */
    cpuMs(): number {
      return processCpuMs(child.pid!);
    },
    stop() {
      child.kill('SIGTERM');
    },
  };
}

/**
 * CPU time (user + system) a process has used, in ms, read from /proc. Unlike wall time it
 * changes little with the machine's load, so runs on a busy machine stay comparable.
 */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
