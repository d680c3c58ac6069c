// The ordered queue to TRA: one document at a time, oldest first, the stored bytes every time;
// retries without an answer, a few retries then set aside for a refusal; tokens reused until
// they expire; blocking; one sender per VFD; Z reports and alerts from the worker's pass.
import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../domain/money';
import { ManualClock } from '../../server/clock';
import { companies, traAttempts, traOutbox, traSimTokens } from '../../server/db/schema';
import { receiptForInvoice } from '../../server/vfd/fiscalize';
import { installCertificate } from '../../server/vfd/registration';
import { claimLease, releaseLease, renewLease } from '../../server/vfd/lease';
import { receiptXml, signedDocument, splitSigned } from '../../server/vfd/xml';
import { backoffMs, DEFAULT_QUEUE_SETTINGS } from '../../server/vfd/queue';
import { createTraWorker } from '../../server/vfd/worker';
import { parseReceipt } from '../../server/tra-sim/checks';
import { createUser } from '../helpers/factories';
import {
  companySigningKey,
  createFiscalEnv,
  FAST,
  invoiceFor,
  type FiscalEnv,
} from '../helpers/fiscal';

let env: FiscalEnv;

beforeAll(async () => {
  env = await createFiscalEnv({
    clock: new ManualClock('2026-06-15T08:00:00+03:00'),
    simTokenTtlSeconds: 3_600,
  });
});
afterAll(async () => {
  await env.close();
});
afterEach(() => {
  env.sim.setFaults({});
});

async function outboxOf(companyId: string) {
  return env.deps.db
    .select()
    .from(traOutbox)
    .where(eq(traOutbox.companyId, companyId))
    .orderBy(asc(traOutbox.seq));
}

async function attemptsOf(outboxId: string) {
  return env.deps.db
    .select()
    .from(traAttempts)
    .where(eq(traAttempts.outboxId, outboxId))
    .orderBy(asc(traAttempts.startedAt));
}

async function tokensOf(serial: string) {
  const [row] = await env.deps.db
    .select({ n: count() })
    .from(traSimTokens)
    .where(eq(traSimTokens.serial, serial));
  return row!.n;
}

describe('the retry schedule after failures in a row', () => {
  const at = (random: number) => ({ ...DEFAULT_QUEUE_SETTINGS, random: () => random });
  const schedule = (random: number) =>
    Array.from({ length: 13 }, (_, i) => backoffMs(i + 1, at(random)));

  it('retries the first three failures within half a second, then doubles from one second to five minutes', () => {
    expect(schedule(0.999_999)).toEqual([
      100, 250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000,
    ]);
    expect(backoffMs(1_000, at(0.999_999))).toBe(300_000);
  });

  it('spreads each wait over its upper half, so VFDs that lost TRA together come back apart', () => {
    expect(schedule(0)).toEqual([
      50, 125, 250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 150_000,
    ]);
  });

  it('counts failures of the head only: once a receipt is accepted the next starts quick again', async () => {
    const company = await env.company();
    const worker = env.worker({ random: () => 0.999_999 });
    const waitOf = async () => {
      const [head] = (await outboxOf(company.id)).filter((o) => o.status === 'pending');
      return head!.nextAttemptAt.getTime() - env.clock.now().getTime();
    };
    await env.fiscalize(invoiceFor(company.id));
    env.sim.setFaults({ errorRate: 1 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await worker.sendCompany(company.id);
      waits.push(await waitOf());
      env.clock.advance(waits.at(-1)!);
    }
    // FAST: quick retries of 2 and 5 ms, then 10 ms doubling.
    expect(waits).toEqual([2, 5, 10, 20, 40]);

    env.sim.setFaults({});
    await env.drain(worker, company.id);
    await env.fiscalize(invoiceFor(company.id));
    env.sim.setFaults({ errorRate: 1 });
    await worker.sendCompany(company.id);
    expect(await waitOf()).toBe(2);
    env.sim.setFaults({});
    await env.drain(worker, company.id);
    expect((await outboxOf(company.id)).map((o) => [o.status, o.attempts])).toEqual([
      ['accepted', 6],
      ['accepted', 2],
    ]);
  });
});

describe('the queue to TRA', () => {
  it('keeps a receipt TRA does not answer at the head, then sends all in order', async () => {
    const company = await env.company();
    const worker = env.worker();
    for (let i = 0; i < 3; i++) await env.fiscalize(invoiceFor(company.id));
    env.sim.setFaults({ errorRate: 1 });
    await worker.sendCompany(company.id);
    env.clock.advance(1_000);
    await worker.sendCompany(company.id);
    const [first, second, third] = await outboxOf(company.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 2 });
    expect(first!.lastError).toBe('token: An error has occurred.');
    expect(second!.attempts).toBe(0);
    expect(third!.attempts).toBe(0);
    expect((await attemptsOf(first!.id)).map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['server_error', 500],
      ['server_error', 500],
    ]);
    // Backoff: the head waits before it is tried again.
    expect(first!.nextAttemptAt.getTime()).toBeGreaterThan(env.clock.now().getTime());

    env.sim.setFaults({});
    await env.drain(worker, company.id);
    const settled = await outboxOf(company.id);
    expect(settled.map((o) => o.status)).toEqual(['accepted', 'accepted', 'accepted']);
    const ledger = await env.sim.ledger(company.serial);
    expect(ledger.map((r) => [r.gc, r.ackCode, r.posts])).toEqual([
      [1, 0, 1],
      [2, 0, 1],
      [3, 0, 1],
    ]);
    // What TRA recorded is exactly what was stored and signed.
    for (const [i, row] of settled.entries()) {
      expect(splitSigned(row.body, 'RCT')!.signedPart).toBe(ledger[i]!.body);
    }
  });

  it('retries a refused receipt unchanged three times, sets it aside, and goes on', async () => {
    const company = await env.company();
    const worker = env.worker();
    const invoices = [invoiceFor(company.id), invoiceFor(company.id), invoiceFor(company.id)];
    for (const invoice of invoices) await env.fiscalize(invoice);
    // The second receipt's stored document is replaced by one TRA refuses for its totals, as if
    // it had been built wrong: numbering is right, content is not.
    const [, second] = await outboxOf(company.id);
    const parsed = parseReceipt(splitSigned(second!.body, 'RCT')!.signedPart);
    const wrong = signedDocument(
      receiptXml({
        ...parsed,
        custIdType: parsed.custIdType,
        items: parsed.items.map((item) => ({ ...item, amtCents: cents(item.amount + 100) })),
        totalExclCents: cents(parsed.totalExcl),
        totalInclCents: cents(parsed.totalIncl),
        discountCents: cents(parsed.discount),
        payments: parsed.payments.map((p) => ({ type: p.type as 'CASH', cents: cents(p.amount) })),
        vatTotals: parsed.vatTotals.map((v) => ({
          group: v.rate as 'A',
          netCents: cents(v.net),
          taxCents: cents(v.tax),
        })),
      }),
      await companySigningKey(env, company.id),
    );
    await env.deps.db.update(traOutbox).set({ body: wrong }).where(eq(traOutbox.id, second!.id));

    await env.drain(worker, company.id);
    const rows = await outboxOf(company.id);
    expect(rows.map((o) => o.status)).toEqual(['accepted', 'rejected', 'accepted']);
    expect(rows[1]).toMatchObject({ attempts: 3, rejections: 3, ackCode: 30 });
    expect(rows[1]!.ackMessage).toMatch(/do not add up to TOTALTAXINCL/);
    const attempts = await attemptsOf(second!.id);
    expect(attempts.map((a) => [a.outcome, a.ackCode])).toEqual([
      ['rejected', 30],
      ['rejected', 30],
      ['rejected', 30],
    ]);
    // The same bytes each time: the simulator counted three posts of one receipt.
    expect((await env.sim.ledger(company.serial)).map((r) => [r.gc, r.ackCode, r.posts])).toEqual([
      [1, 0, 1],
      [2, 30, 3],
      [3, 0, 1],
    ]);
    expect(
      await receiptForInvoice(env.deps.db, invoices[1]!.companyId, invoices[1]!.invoiceId),
    ).toMatchObject({
      status: 'rejected',
      traMessage: expect.stringMatching(/Totals do not add up/),
    });
    expect(
      await receiptForInvoice(env.deps.db, invoices[2]!.companyId, invoices[2]!.invoiceId),
    ).toMatchObject({
      status: 'accepted',
      acknowledgedAt: expect.any(String),
    });
  });

  it('asks for a token once, reuses it until it expires, and replaces one TRA refuses', async () => {
    const company = await env.company();
    const worker = env.worker();
    for (let i = 0; i < 4; i++) await env.fiscalize(invoiceFor(company.id));
    await env.drain(worker, company.id);
    expect(await tokensOf(company.serial)).toBe(1);

    // 59 minutes later the token has less than a minute left: a new one is asked for.
    env.clock.advance(59 * 60_000 + 1_000);
    await env.fiscalize(invoiceFor(company.id));
    await env.drain(worker, company.id);
    expect(await tokensOf(company.serial)).toBe(2);

    // TRA forgets the token: the 401 makes the worker drop it and ask again.
    await env.deps.db.delete(traSimTokens).where(eq(traSimTokens.serial, company.serial));
    const receipt = await env.fiscalize(invoiceFor(company.id));
    await env.drain(worker, company.id);
    const [row] = await env.deps.db
      .select({ outboxId: traOutbox.id })
      .from(traOutbox)
      .where(and(eq(traOutbox.companyId, company.id), eq(traOutbox.seq, receipt.gc)));
    expect((await attemptsOf(row!.outboxId)).map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['token_error', 401],
      ['accepted', 200],
    ]);
    expect(await tokensOf(company.serial)).toBe(1);
  });

  it('stops sending while TRA blocks the VFD, marks the company blocked, and resumes after', async () => {
    const company = await env.company();
    const worker = env.worker();
    await env.fiscalize(invoiceFor(company.id));
    await env.drain(worker, company.id);
    await env.fiscalize(invoiceFor(company.id));
    await env.sim.setBlocked(company.serial, true);
    await worker.sendCompany(company.id);
    env.clock.advance(1_000);
    await worker.sendCompany(company.id);
    const [, waiting] = await outboxOf(company.id);
    expect(waiting).toMatchObject({ status: 'pending', rejections: 0 });
    expect((await attemptsOf(waiting!.id)).map((a) => a.outcome)).toEqual([
      'token_error',
      'blocked',
    ]);
    const [blocked] = await env.deps.db
      .select({ blockedByTra: companies.blockedByTra })
      .from(companies)
      .where(eq(companies.id, company.id));
    expect(blocked!.blockedByTra).toBe(true);
    // A blocked company cannot issue receipts.
    await expect(env.fiscalize(invoiceFor(company.id))).rejects.toMatchObject({
      code: 'company_blocked',
    });

    await env.sim.setBlocked(company.serial, false);
    await env.drain(worker, company.id);
    expect((await outboxOf(company.id)).map((o) => o.status)).toEqual(['accepted', 'accepted']);
    const [after] = await env.deps.db
      .select({ blockedByTra: companies.blockedByTra })
      .from(companies)
      .where(eq(companies.id, company.id));
    expect(after!.blockedByTra).toBe(false);
  });

  it('sends receipts signed before a certificate renewal with their first signature, and new ones with the new key', async () => {
    const company = await env.company();
    const worker = env.worker();
    await env.fiscalize(invoiceFor(company.id));
    await env.fiscalize(invoiceFor(company.id));
    // TRA issues a new certificate for the same VFD; the company installs it.
    const renewed = await env.sim.enrol({
      serial: company.serial,
      tin: company.tin,
      name: company.name,
      mobile: '255712000000',
      address: 'Dar es Salaam',
    });
    await installCertificate(
      env.deps,
      company.id,
      { pfx: renewed.issued!.pfx, password: renewed.issued!.password },
      null,
    );
    await env.fiscalize(invoiceFor(company.id));
    await env.drain(worker, company.id);
    const rows = await outboxOf(company.id);
    expect(rows.map((o) => o.status)).toEqual(['accepted', 'accepted', 'accepted']);
    const newCert = new crypto.X509Certificate(renewed.issued!.certPem);
    const signedWithNew = rows.map((row) => {
      const parts = splitSigned(row.body, 'RCT')!;
      return crypto.verify(
        'sha1',
        Buffer.from(parts.signedPart),
        newCert.publicKey,
        Buffer.from(parts.signature, 'base64'),
      );
    });
    expect(signedWithNew).toEqual([false, false, true]);
  });

  it('lets one sender hold a VFD at a time, and fences off a holder whose lease expired', async () => {
    const company = await env.company();
    const db = env.deps.db;
    const now = env.clock.now();
    const a = await claimLease(db, company.id, 'process-a', now, 10_000);
    expect(a).not.toBeNull();
    expect(await claimLease(db, company.id, 'process-b', now, 10_000)).toBeNull();
    expect(await renewLease(db, a!, now, 10_000)).toBe(true);
    const later = new Date(now.getTime() + 10_001);
    const b = await claimLease(db, company.id, 'process-b', later, 10_000);
    expect(b).not.toBeNull();
    expect(b!.fence).toBe(a!.fence + 1);
    expect(await renewLease(db, a!, later, 10_000)).toBe(false);
    await releaseLease(db, a!);
    expect(await claimLease(db, company.id, 'process-c', later, 10_000)).toBeNull();
    await releaseLease(db, b!);
    expect(await claimLease(db, company.id, 'process-c', later, 10_000)).not.toBeNull();
  });

  it('does not send while another process holds the lease', async () => {
    const company = await env.company();
    await env.fiscalize(invoiceFor(company.id));
    await claimLease(env.deps.db, company.id, 'another-process', env.clock.now(), 60_000);
    const worker = env.worker();
    await worker.sendCompany(company.id);
    expect((await outboxOf(company.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    env.clock.advance(60_001);
    await worker.sendCompany(company.id);
    expect((await outboxOf(company.id))[0]).toMatchObject({ status: 'accepted', attempts: 1 });
  });

  it('tells the owner and organization admins, once, of receipts waiting over two days and of refusals', async () => {
    const company = await env.company();
    const owner = await createUser(env.deps.db, 'company_owner', {
      companyId: company.id,
      organizationId: company.organizationId,
      language: 'sw',
    });
    const orgAdmin = await createUser(env.deps.db, 'org_admin', {
      organizationId: company.organizationId,
    });
    await createUser(env.deps.db, 'operator', {
      companyId: company.id,
      organizationId: company.organizationId,
    });
    const receipt = await env.fiscalize(invoiceFor(company.id));
    env.sim.setFaults({ dropRate: 1 });
    const worker = env.worker({ overdueAfterMs: 2 * 86_400_000 });
    await worker.sendCompany(company.id);
    env.mailer.sent.length = 0;

    env.clock.advance(86_400_000);
    await worker.runOnce();
    expect(env.mailer.sent.filter((m) => m.text.includes(receipt.rctvnum))).toHaveLength(0);

    env.clock.advance(86_400_000 + 1_000);
    await worker.runOnce();
    const mails = env.mailer.sent.filter((m) => m.text.includes(receipt.rctvnum));
    expect(mails.map((m) => m.to).sort()).toEqual([orgAdmin.email, owner.email].sort());
    const english = mails.find((m) => m.to === orgAdmin.email)!;
    expect(english.subject).toBe(`Receipts of ${company.name} are not yet accepted by TRA`);
    expect(english.text).toContain(`Receipt ${receipt.gc} (verification code ${receipt.rctvnum})`);
    const swahili = mails.find((m) => m.to === owner.email)!;
    expect(swahili.subject).not.toBe(english.subject);

    env.clock.advance(86_400_000);
    await worker.runOnce();
    expect(env.mailer.sent.filter((m) => m.text.includes(receipt.rctvnum))).toHaveLength(2);

    env.sim.setFaults({});
    await env.drain(worker, company.id);
  });

  it('calls the settled hook in the transaction that records the answer', async () => {
    const company = await env.company();
    const settled: Array<{ invoiceId: string; status: string }> = [];
    const worker = createTraWorker(
      env.deps,
      { ...FAST, holder: `hook-${crypto.randomUUID()}` },
      {
        async receiptSettled(tx, event) {
          const [row] = await tx
            .select({ status: traOutbox.status })
            .from(traOutbox)
            .innerJoin(traAttempts, eq(traAttempts.outboxId, traOutbox.id))
            .where(eq(traOutbox.companyId, event.companyId));
          settled.push({ invoiceId: event.invoiceId, status: `${event.status}/${row!.status}` });
        },
      },
    );
    const invoice = invoiceFor(company.id);
    await env.fiscalize(invoice);
    await env.drain(worker, company.id);
    expect(settled).toEqual([{ invoiceId: invoice.invoiceId, status: 'accepted/accepted' }]);
  });

  it('sends again what went out while an acceptance failed to be recorded, each once at TRA', async () => {
    const company = await env.company();
    const invoices = Array.from({ length: 5 }, (_, i) =>
      invoiceFor(company.id, { lines: [{ price: 10_000 + i }] }),
    );
    for (const invoice of invoices) await env.fiscalize(invoice);
    const settled: string[] = [];
    let failOnce = true;
    const worker = createTraWorker(
      env.deps,
      { ...FAST, holder: `record-${crypto.randomUUID()}` },
      {
        // Recording the second acceptance fails (the database went away, say): its
        // transaction rolls back while the third receipt is already at TRA.
        async receiptSettled(_tx, event) {
          if (event.invoiceId === invoices[1]!.invoiceId && failOnce) {
            failOnce = false;
            throw new Error('connection lost');
          }
          settled.push(event.invoiceId);
        },
      },
    );
    await worker.sendCompany(company.id);
    const afterFailure = await outboxOf(company.id);
    expect(afterFailure.map((row) => row.status)).toEqual([
      'accepted',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    await env.drain(worker, company.id);
    // Every invoice settled once, in order; TRA numbered each receipt once and answered the
    // resends of the same bytes as before.
    expect(settled).toEqual(invoices.map((invoice) => invoice.invoiceId));
    const outbox = await outboxOf(company.id);
    expect(outbox.map((row) => row.status)).toEqual(Array(5).fill('accepted'));
    const ledger = await env.sim.ledger(company.serial);
    expect(ledger.map((row) => row.gc)).toEqual([1, 2, 3, 4, 5]);
    expect(ledger.every((row) => row.ackCode === 0)).toBe(true);
    expect(ledger[1]!.posts).toBe(2);
  });

  it('retries within the same run when the wait ends a moment before the clock reads the due time', async () => {
    const company = await env.company();
    const invoice = invoiceFor(company.id);
    await env.fiscalize(invoice);
    // The server's clock runs 1 % slow against the timers: the 300 ms quick retry ends with
    // about 3 ms still to go by the clock, as timers and the wall clock disagree in production.
    const from = env.clock.now().getTime();
    const started = performance.now();
    const clock = { now: () => new Date(from + Math.floor((performance.now() - started) * 0.99)) };
    const worker = createTraWorker(
      { ...env.deps, clock },
      {
        ...FAST,
        holder: `slow-clock-${crypto.randomUUID()}`,
        quickRetryMs: [300],
        waitInPlaceMs: 1_000,
      },
    );
    env.sim.setFaults({ errorRate: 1 });
    const firstTry = env.nextRequestTo('/vfdtoken');
    const run = worker.sendCompany(company.id);
    // TRA fails the first try, then is back before the retry.
    await firstTry;
    env.sim.setFaults({});
    await run;
    // One run: the retry went out once its wait was over, not a poll interval later.
    const [row] = await outboxOf(company.id);
    expect(row).toMatchObject({ status: 'accepted', attempts: 2 });
    expect((await attemptsOf(row!.id)).map((a) => a.outcome)).toEqual(['server_error', 'accepted']);
  });

  it('runs by itself: started, it sends receipts and makes the Z report after midnight', async () => {
    const company = await env.company();
    const worker = env.worker({ pollIntervalMs: 10 });
    worker.start();
    const receipt = await env.fiscalize(invoiceFor(company.id));
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 500 && !(await check()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await check()).toBe(true);
    };
    await until(
      async () =>
        (await receiptForInvoice(env.deps.db, receipt.companyId, receipt.invoiceId))?.status ===
        'accepted',
    );
    env.clock.set(new Date(Date.parse(`${receipt.date}T23:59:59+03:00`) + 2_000));
    await until(async () => (await env.sim.zLedger(company.serial)).length > 0);
    await worker.stop();
    expect((await env.sim.zLedger(company.serial))[0]).toMatchObject({
      znumber: receipt.znum,
      ackCode: 0,
    });
  });
});
