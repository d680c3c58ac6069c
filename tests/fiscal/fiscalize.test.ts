// Fiscalizing an invoice: numbers handed out once, in the caller's transaction, never for an
// invoice that cannot be a legal receipt; the same invoice twice gives the same receipt.
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { companies, fiscalReceipts, traOutbox, vfdCounters } from '../../server/db/schema';
import { fiscalizeInvoice, fiscalizeInvoices, receiptForInvoice } from '../../server/vfd/fiscalize';
import { splitSigned } from '../../server/vfd/xml';
import { createZReport } from '../../server/vfd/z-report';
import { createCompany } from '../helpers/factories';
import { createFiscalEnv, invoiceFor, type FiscalEnv } from '../helpers/fiscal';

let env: FiscalEnv;

beforeAll(async () => {
  env = await createFiscalEnv({ clock: new ManualClock('2026-07-20T10:00:00+03:00') });
});
afterAll(async () => {
  await env.close();
});

async function nextGc(companyId: string) {
  const [row] = await env.deps.db
    .select({ nextGc: vfdCounters.nextGc })
    .from(vfdCounters)
    .where(eq(vfdCounters.companyId, companyId));
  return row!.nextGc;
}

describe('fiscalizing an invoice', () => {
  it('gives the same receipt when the same invoice is fiscalized again, even concurrently', async () => {
    const company = await env.company();
    const invoice = invoiceFor(company.id);
    const first = await env.fiscalize(invoice);
    const again = await env.fiscalize(invoice);
    expect(again).toEqual(first);
    const twin = invoiceFor(company.id);
    const [a, b] = await Promise.all([env.fiscalize(twin), env.fiscalize(twin)]);
    expect(a).toEqual(b);
    expect(a.gc).toBe(first.gc + 1);
    expect(await nextGc(company.id)).toBe(first.gc + 2);
    const [rows] = await env.deps.db
      .select({ n: count() })
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.companyId, company.id));
    expect(rows!.n).toBe(2);
  });

  it('numbers a group in one transaction contiguously, once each, and TRA takes every one', async () => {
    const company = await env.company();
    const first = await env.fiscalize(invoiceFor(company.id));
    const group = Array.from({ length: 30 }, (_, i) =>
      invoiceFor(company.id, { lines: [{ description: `Bidhaa ${i}`, price: 10_000 + i }] }),
    );
    const already = group[3]!;
    const before = await env.fiscalize(already);
    // The same invoice twice, and one fiscalized before: each answers its one receipt.
    const inputs = [...group, group[7]!];
    const receipts = await env.deps.db.transaction((tx) => fiscalizeInvoices(env.deps, tx, inputs));
    expect(receipts[3]).toEqual(before);
    expect(receipts[30]).toEqual(receipts[7]);
    const numbered = receipts.slice(0, 30).filter((_, i) => i !== 3);
    expect(numbered.map((r) => r.gc)).toEqual(numbered.map((_, i) => before.gc + 1 + i));
    expect(numbered.map((r) => r.dc)).toEqual(numbered.map((_, i) => before.dc + 1 + i));
    expect(before.gc).toBe(first.gc + 1);
    expect(await nextGc(company.id)).toBe(before.gc + 30);
    for (const receipt of numbered) {
      expect(await receiptForInvoice(env.deps.db, company.id, receipt.invoiceId)).toEqual(receipt);
    }
    // A group that rolls back takes no number.
    const lost = invoiceFor(company.id);
    await expect(
      env.deps.db.transaction(async (tx) => {
        await fiscalizeInvoices(env.deps, tx, [lost]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await nextGc(company.id)).toBe(before.gc + 30);
    // One that cannot be a legal receipt refuses the group before anything is numbered.
    await expect(
      env.deps.db.transaction((tx) =>
        fiscalizeInvoices(env.deps, tx, [invoiceFor(company.id), { ...lost, lines: [] }]),
      ),
    ).rejects.toMatchObject({ code: 'invoice_missing_data' });
    expect(await nextGc(company.id)).toBe(before.gc + 30);

    // The simulator checks every signature, number and day counter in order.
    const worker = env.worker();
    await env.drain(worker, company.id);
    const queued = await env.deps.db
      .select()
      .from(traOutbox)
      .where(eq(traOutbox.companyId, company.id))
      .orderBy(asc(traOutbox.seq));
    expect(queued.map((row) => row.status)).toEqual(queued.map(() => 'accepted'));
    const ledger = await env.sim.ledger(company.serial);
    expect(ledger.map((row) => [row.gc, row.ackCode, row.posts])).toEqual(
      queued.map((_, i) => [first.gc + i, 0, 1]),
    );
    for (const [i, row] of queued.entries()) {
      expect(splitSigned(row.body, 'RCT')!.signedPart).toBe(ledger[i]!.body);
    }
  });

  it('rolls the number back with the caller’s transaction', async () => {
    const company = await env.company();
    const before = await nextGc(company.id);
    const invoice = invoiceFor(company.id);
    await expect(
      env.deps.db.transaction(async (tx) => {
        await fiscalizeInvoice(env.deps, tx, invoice);
        throw new Error('the invoice could not be stored');
      }),
    ).rejects.toThrow('the invoice could not be stored');
    expect(await nextGc(company.id)).toBe(before);
    expect(await receiptForInvoice(env.deps.db, invoice.companyId, invoice.invoiceId)).toBeNull();
    const receipt = await env.fiscalize(invoice);
    expect(receipt.gc).toBe(before);
  });

  it('refuses an invoice that cannot be a legal receipt, without using a number', async () => {
    const company = await env.company();
    const before = await nextGc(company.id);
    const refusals: Array<[ReturnType<typeof invoiceFor>, string]> = [
      [invoiceFor(company.id, { lines: [] }), 'invoice_missing_data'],
      [
        invoiceFor(company.id, {
          customer: { idType: 'TAX_IDENTIFICATION_NUMBER', idNumber: '12345' },
        }),
        'invoice_missing_data',
      ],
      [
        invoiceFor(company.id, { customer: { idType: 'PASSPORT', idNumber: '' } }),
        'invoice_missing_data',
      ],
      [
        invoiceFor(company.id, { lines: [{ description: '  ', price: 1_000 }] }),
        'invoice_missing_data',
      ],
      [
        invoiceFor(company.id, { payments: [{ type: 'cash', amount: 1_000_000 }] }),
        'invoice_totals_mismatch',
      ],
    ];
    const skewed = invoiceFor(company.id);
    skewed.totals = {
      ...skewed.totals,
      totalIncludingTax: (skewed.totals.totalIncludingTax + 1) as never,
    };
    refusals.push([skewed, 'invoice_totals_mismatch']);
    const wrongTax = invoiceFor(company.id, { lines: [{ price: 11_800 }] });
    wrongTax.lines[0] = {
      ...wrongTax.lines[0]!,
      taxAmount: 0 as never,
      netAmount: 11_800 as never,
    };
    wrongTax.totals = {
      ...wrongTax.totals,
      taxAmount: 0 as never,
      totalExcludingTax: 11_800 as never,
    };
    refusals.push([wrongTax, 'invoice_totals_mismatch']);
    for (const [invoice, code] of refusals) {
      await expect(env.fiscalize(invoice)).rejects.toMatchObject({ status: 422, code });
    }
    expect(await nextGc(company.id)).toBe(before);
  });

  it('refuses a company without a registered VFD, a disabled one and one blocked by TRA', async () => {
    const unregistered = await createCompany(env.deps.db);
    await expect(env.fiscalize(invoiceFor(unregistered.id))).rejects.toMatchObject({
      status: 409,
      code: 'vfd_not_registered',
    });
    const company = await env.company();
    await env.deps.db.update(companies).set({ active: false }).where(eq(companies.id, company.id));
    await expect(env.fiscalize(invoiceFor(company.id))).rejects.toMatchObject({
      code: 'company_inactive',
    });
    await env.deps.db
      .update(companies)
      .set({ active: true, blockedByTra: true })
      .where(eq(companies.id, company.id));
    await expect(env.fiscalize(invoiceFor(company.id))).rejects.toMatchObject({
      code: 'company_blocked',
    });
  });

  it('never dates a receipt before the previous one when the clock steps back', async () => {
    const company = await env.company();
    env.clock.set('2026-07-20T15:00:10+03:00');
    const first = await env.fiscalize(invoiceFor(company.id));
    env.clock.set('2026-07-20T14:59:00+03:00');
    const second = await env.fiscalize(invoiceFor(company.id));
    expect([first.time, second.time]).toEqual(['15:00:10', '15:00:10']);
    expect(second.dc).toBe(first.dc + 1);
    await env.drain(env.worker(), company.id);
    expect((await env.sim.ledger(company.serial)).map((r) => r.ackCode)).toEqual([0, 0]);
  });

  it('dates a receipt after a day whose Z report is already made', async () => {
    const company = await env.company();
    env.clock.set('2026-07-21T09:00:00+03:00');
    await env.fiscalize(invoiceFor(company.id));
    env.clock.set('2026-07-22T00:01:00+03:00');
    await createZReport(env.deps, company.id, '2026-07-21');
    // The clock is pulled back into the reported day.
    env.clock.set('2026-07-21T23:58:00+03:00');
    const late = await env.fiscalize(invoiceFor(company.id));
    expect([late.date, late.time, late.znum, late.dc]).toEqual([
      '2026-07-22',
      '00:00:00',
      '20260722',
      1,
    ]);
  });

  it('refuses a Z report for today, or for a day before the registration', async () => {
    const company = await env.company();
    env.clock.set('2026-07-25T12:00:00+03:00');
    await expect(createZReport(env.deps, company.id, '2026-07-25')).rejects.toMatchObject({
      code: 'z_report_date_invalid',
    });
    await expect(createZReport(env.deps, company.id, '2026-01-01')).rejects.toMatchObject({
      code: 'z_report_date_invalid',
    });
  });
});
