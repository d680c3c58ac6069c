// A fiscal test bed: the app on a test database, the TRA simulator served on its own port
// (sharing that database, in its own tables), companies registered with it, invoices built
// with the domain totals, and a worker with short timings driven by the test's clock.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { IdType } from '../../domain/tra';
import { cents, type Cents } from '../../domain/money';
import type { PaymentType } from '../../domain/payments';
import { quantity } from '../../domain/quantity';
import type { TaxType } from '../../domain/tax';
import { computeTotals } from '../../domain/totals';
import { ManualClock } from '../../server/clock';
import { companies, traOutbox } from '../../server/db/schema';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import { parseFaults, type FaultSettings } from '../../server/tra-sim/faults';
import { createTraSimulator, type TraSimulator } from '../../server/tra-sim/simulator';
import type { TaxpayerInput } from '../../server/tra-sim/taxpayers';
import { readPfx } from '../../server/vfd/certificate';
import { loadVfd, signingKey, traPassword } from '../../server/vfd/device';
import {
  fiscalizeInvoice,
  type FiscalInvoice,
  type FiscalReceipt,
} from '../../server/vfd/fiscalize';
import { installCertificate } from '../../server/vfd/registration';
import { requestToken } from '../../server/vfd/tra-client';
import { createTraWorker, type TraWorker, type WorkerSettings } from '../../server/vfd/worker';
import { createCompany } from './factories';
import { createTestServer, type TestServer } from './server';

export const FIXTURE_PASSWORD = 'Test-pfx-2019!';

export function fixture(name: 'legacy' | 'modern' | 'ec' | 'reference'): Buffer {
  return fs.readFileSync(
    path.join(import.meta.dirname, '..', 'fixtures', 'certificates', `${name}.pfx`),
  );
}

/** Short timings: retries in milliseconds instead of minutes. */
export const FAST: Partial<WorkerSettings> = {
  requestTimeoutMs: 2_000,
  leaseMs: 30_000,
  quickRetryMs: [2, 5],
  backoffBaseMs: 10,
  backoffCapMs: 200,
  // The test clock moves only when a test moves it: a wait in place would not see it move.
  waitInPlaceMs: 0,
  rejectionRetryMs: 10,
  blockedRetryMs: 1_000,
  pollIntervalMs: 20,
  zReportIntervalMs: 0,
  alertIntervalMs: 0,
};

/** A mailer that keeps messages in memory. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: `<${crypto.randomUUID()}@test>` };
    },
    close() {},
  };
}

export interface RegisteredCompany {
  id: string;
  organizationId: string;
  serial: string;
  tin: string;
  receiptCode: string;
  name: string;
}

export interface FiscalEnv {
  server: TestServer;
  deps: TestServer['deps'];
  clock: ManualClock;
  sim: TraSimulator;
  simUrl: string;
  mailer: ReturnType<typeof memoryMailer>;
  /** A company with its VFD registered with the simulator. */
  company(
    options?: Partial<TaxpayerInput> & { pfx?: Buffer; password?: string },
  ): Promise<RegisteredCompany>;
  fiscalize(input: FiscalInvoice): Promise<FiscalReceipt>;
  worker(settings?: Partial<WorkerSettings>): TraWorker;
  /** Sends until the company's queue is empty, moving the clock over each backoff. */
  drain(worker: TraWorker, companyId: string, maxRounds?: number): Promise<void>;
  pending(companyId: string): Promise<number>;
  /**
   * Resolves once the simulator receives the next request to `path`, before it decides that
   * request's faults: faults set after awaiting this apply to later requests only.
   */
  nextRequestTo(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface FiscalEnvOptions {
  clock?: ManualClock;
  dbKind?: 'pglite' | 'postgresql';
  faults?: Partial<FaultSettings> | string;
  random?: () => number;
  simTokenTtlSeconds?: number;
}

export async function createFiscalEnv(options: FiscalEnvOptions = {}): Promise<FiscalEnv> {
  const clock = options.clock ?? new ManualClock();
  const mailer = memoryMailer();
  const server = await createTestServer({
    clock,
    mailer,
    ...(options.dbKind ? { dbKind: options.dbKind } : {}),
  });
  const sim = createTraSimulator({
    db: server.deps.db,
    clock,
    faults:
      typeof options.faults === 'string' ? parseFaults(options.faults) : (options.faults ?? {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.simTokenTtlSeconds ? { tokenTtlSeconds: options.simTokenTtlSeconds } : {}),
  });
  const awaited: { path: string; arrived: () => void }[] = [];
  // Hono runs the route's first statements, where the simulator draws its faults, within this
  // call: a waiter's continuation comes after that draw.
  const fetchWithArrivals: typeof sim.app.fetch = (request, ...rest) => {
    const path = new URL(request.url).pathname;
    for (const waiter of awaited.filter((w) => w.path === path)) {
      awaited.splice(awaited.indexOf(waiter), 1);
      waiter.arrived();
    }
    return sim.app.fetch(request, ...rest);
  };
  const http: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: fetchWithArrivals, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = http.address();
  const simUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  server.deps.traBaseUrl = simUrl;
  const deps = server.deps;
  const workers: TraWorker[] = [];

  const env: FiscalEnv = {
    server,
    deps,
    clock,
    sim,
    simUrl,
    mailer,
    async company(input = {}) {
      const { pfx, password, ...taxpayer } = input;
      const row = await createCompany(deps.db, {
        ...(taxpayer.serial ? { serial: taxpayer.serial } : {}),
        ...(taxpayer.tin ? { tin: taxpayer.tin } : {}),
      });
      let certPem: string | undefined;
      if (pfx) {
        certPem = readPfx(pfx, password ?? FIXTURE_PASSWORD, clock.now()).certPem;
      }
      const enrolled = await sim.enrol({
        name: row.name,
        mobile: `255${row.phone}`,
        address: row.address,
        ...taxpayer,
        serial: row.serial,
        tin: row.tin,
        ...(certPem ? { certPem } : {}),
      });
      await installCertificate(
        deps,
        row.id,
        pfx
          ? { pfx, password: password ?? FIXTURE_PASSWORD }
          : { pfx: enrolled.issued!.pfx, password: enrolled.issued!.password },
        null,
      );
      return {
        id: row.id,
        organizationId: row.organizationId,
        serial: row.serial,
        tin: row.tin,
        receiptCode: enrolled.receiptCode,
        name: row.name,
      };
    },
    fiscalize: (input) => deps.db.transaction((tx) => fiscalizeInvoice(deps, tx, input)),
    worker(settings = {}) {
      const worker = createTraWorker(deps, { ...FAST, ...settings });
      workers.push(worker);
      return worker;
    },
    async pending(companyId) {
      const [row] = await deps.db
        .select({ n: count() })
        .from(traOutbox)
        .where(and(eq(traOutbox.companyId, companyId), eq(traOutbox.status, 'pending')));
      return row?.n ?? 0;
    },
    nextRequestTo(path) {
      return new Promise((arrived) => awaited.push({ path, arrived }));
    },
    async drain(worker, companyId, maxRounds = 2_000) {
      for (let round = 0; round < maxRounds; round++) {
        await worker.sendCompany(companyId);
        const [head] = await deps.db
          .select({ nextAttemptAt: traOutbox.nextAttemptAt })
          .from(traOutbox)
          .where(and(eq(traOutbox.companyId, companyId), eq(traOutbox.status, 'pending')))
          .orderBy(asc(traOutbox.seq))
          .limit(1);
        if (!head) return;
        if (head.nextAttemptAt > clock.now()) clock.set(head.nextAttemptAt);
      }
      throw new Error(`The queue of ${companyId} did not drain in ${maxRounds} rounds`);
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop()));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        (http as HttpServer).closeAllConnections();
      });
      await server.close();
    },
  };
  return env;
}

export interface LineSpec {
  /** ITEM ID sent to TRA; the line's position when omitted. */
  itemId?: string;
  description?: string;
  /** Units, up to three decimals. */
  qty?: number;
  /** Unit price in cents. */
  price: number;
  tax?: TaxType;
  /** Discount in percent of the tax-exclusive value. */
  discountPercent?: number;
}

export interface InvoiceSpec {
  lines?: LineSpec[];
  /** Prices include VAT (default) or not. */
  inclusive?: boolean;
  customer?: Partial<FiscalInvoice['customer']>;
  /** Payments in cents; the default pays the whole total in cash. */
  payments?: Array<{ type: PaymentType; amount: number }>;
  invoiceId?: string;
}

export function invoiceFor(companyId: string, spec: InvoiceSpec = {}): FiscalInvoice {
  const specLines = spec.lines ?? [{ description: 'Sukari 1kg', price: 295_000 }];
  const lines = specLines.map((line) => ({
    quantity: quantity(line.qty ?? 1),
    unitPrice: cents(line.price),
    taxType: line.tax ?? ('standard' as TaxType),
    discountBp: Math.round((line.discountPercent ?? 0) * 100),
  }));
  const totals = computeTotals(lines, spec.inclusive ?? true);
  const idType: IdType = spec.customer?.idType ?? 'NO_IDENTIFICATION';
  return {
    invoiceId: spec.invoiceId ?? crypto.randomUUID(),
    companyId,
    customer: {
      name: 'Mteja wa Kawaida',
      idType,
      idNumber: null,
      mobile: null,
      ...spec.customer,
    },
    lines: specLines.map((line, i) => ({
      ...(line.itemId ? { itemId: line.itemId } : {}),
      description: line.description ?? `Bidhaa ${i + 1}`,
      quantity: lines[i]!.quantity,
      taxType: lines[i]!.taxType,
      ...totals.lines[i]!,
    })),
    totals,
    payments: (spec.payments ?? [{ type: 'cash', amount: totals.totalIncludingTax }]).map((p) => ({
      type: p.type,
      amount: p.amount as Cents,
    })),
  };
}

/** A fresh TRA token for the company, as its VFD would get one (for hand-made requests). */
export async function traToken(env: FiscalEnv, companyId: string): Promise<string> {
  const vfd = (await loadVfd(env.deps.db, companyId))!;
  const answer = await requestToken(
    env.simUrl,
    vfd.tokenPath,
    vfd.traUsername,
    traPassword(env.deps, vfd),
    5_000,
  );
  if (!answer.ok) throw new Error(answer.error);
  return answer.token.token;
}

export async function companySigningKey(env: FiscalEnv, companyId: string) {
  const vfd = (await loadVfd(env.deps.db, companyId))!;
  return signingKey(env.deps, env.deps.db, companyId, vfd.certificateId);
}

export async function companyRow(env: FiscalEnv, companyId: string) {
  const [row] = await env.deps.db.select().from(companies).where(eq(companies.id, companyId));
  return row!;
}
