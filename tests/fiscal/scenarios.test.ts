// TRA's own test scenarios for a VFD: every customer ID type, discounts, several tax codes on
// one receipt, every payment type, several days of sales (DC, GC, ZNUM, Z reports), and more
// than 150 receipts. Each ends with the simulator's ledger, as TRA would see it.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { zReports } from '../../server/db/schema';
import { parseReceipt, parseZReport } from '../../server/tra-sim/checks';
import type { TraWorker } from '../../server/vfd/worker';
import { makeDueZReports } from '../../server/vfd/z-report';
import { createFiscalEnv, invoiceFor, type FiscalEnv } from '../helpers/fiscal';

let env: FiscalEnv;
let worker: TraWorker;

beforeAll(async () => {
  env = await createFiscalEnv({ clock: new ManualClock('2026-03-02T09:00:00+03:00') });
  worker = env.worker();
});
afterAll(async () => {
  await env.close();
});

async function ledgerOf(serial: string) {
  const rows = await env.sim.ledger(serial);
  return rows.map((row) => ({ ...row, receipt: parseReceipt(row.body) }));
}

describe('TRA test scenarios', () => {
  it('accepts every customer ID type', async () => {
    const company = await env.company();
    const customers = [
      { idType: 'TAX_IDENTIFICATION_NUMBER', idNumber: '123456789', expected: [1, '123456789'] },
      { idType: 'DRIVING_LICENCE', idNumber: '4001234567', expected: [2, '4001234567'] },
      { idType: 'VOTERS_NUMBER', idNumber: 'T-1000-2000-300', expected: [3, 'T-1000-2000-300'] },
      { idType: 'PASSPORT', idNumber: 'AB1234567', expected: [4, 'AB1234567'] },
      {
        idType: 'NATIONAL_IDENTIFICATION_AUTHORITY',
        idNumber: '19900101123450000123',
        expected: [5, '19900101123450000123'],
      },
      { idType: 'NO_IDENTIFICATION', idNumber: null, expected: [6, ''] },
    ] as const;
    for (const customer of customers) {
      await env.fiscalize(
        invoiceFor(company.id, {
          customer: {
            name: 'Neema Mushi',
            idType: customer.idType,
            idNumber: customer.idNumber,
            mobile: '0754123456',
          },
        }),
      );
    }
    await env.drain(worker, company.id);
    const ledger = await ledgerOf(company.serial);
    expect(ledger.map((r) => r.ackCode)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(ledger.map((r) => [r.receipt.custIdType, r.receipt.custId])).toEqual(
      customers.map((c) => c.expected),
    );
    expect(ledger.every((r) => r.receipt.mobileNum === '0754123456')).toBe(true);
  });

  it('carries discounts on prices with and without VAT', async () => {
    const company = await env.company();
    // 3 × 1,000.00 excluding VAT, 10% off: 2,700.00 + 486.00 VAT.
    await env.fiscalize(
      invoiceFor(company.id, {
        inclusive: false,
        lines: [{ description: 'Mchele 5kg', qty: 3, price: 100_000, discountPercent: 10 }],
      }),
    );
    // 2 × 590.00 including VAT, 25% off the VAT-exclusive value.
    await env.fiscalize(
      invoiceFor(company.id, {
        lines: [{ description: 'Mafuta 1l', qty: 2, price: 59_000, discountPercent: 25 }],
      }),
    );
    await env.drain(worker, company.id);
    const [first, second] = await ledgerOf(company.serial);
    expect(first!.ackCode).toBe(0);
    expect(first!.receipt).toMatchObject({
      totalExcl: 270_000,
      totalIncl: 318_600,
      discount: 30_000,
      items: [{ desc: 'Mchele 5kg', qty: '3', taxCode: 1, amount: 318_600 }],
      vatTotals: [{ rate: 'A', net: 270_000, tax: 48_600 }],
    });
    expect(second!.ackCode).toBe(0);
    // 1,180.00 × 75% = 885.00 paid; VAT 135.00; the discount is 25% of 1,000.00.
    expect(second!.receipt).toMatchObject({
      totalIncl: 88_500,
      totalExcl: 75_000,
      discount: 25_000,
      vatTotals: [{ rate: 'A', net: 75_000, tax: 13_500 }],
    });
  });

  it('puts items of tax groups A, C, D and E on one receipt', async () => {
    const company = await env.company();
    await env.fiscalize(
      invoiceFor(company.id, {
        lines: [
          { description: 'Soda 500ml', qty: 6, price: 1_180, tax: 'standard' },
          { description: 'Dawa ya malaria', price: 500_000, tax: 'zero_rated' },
          { description: 'Mbolea', qty: 2.5, price: 40_000, tax: 'special_relief' },
          { description: 'Unga wa mahindi', qty: 1.25, price: 180_000, tax: 'exempted' },
        ],
      }),
    );
    await env.drain(worker, company.id);
    const [row] = await ledgerOf(company.serial);
    expect(row!.ackCode).toBe(0);
    expect(row!.receipt.items.map((i) => [i.taxCode, i.qty, i.amount])).toEqual([
      [1, '6', 7_080],
      [3, '1', 500_000],
      [4, '2.5', 100_000],
      [5, '1.25', 225_000],
    ]);
    expect(row!.receipt.vatTotals).toEqual([
      { rate: 'A', net: 6_000, tax: 1_080 },
      { rate: 'C', net: 500_000, tax: 0 },
      { rate: 'D', net: 100_000, tax: 0 },
      { rate: 'E', net: 225_000, tax: 0 },
    ]);
  });

  it('sends every payment type, and what is unpaid as INVOICE', async () => {
    const company = await env.company();
    const lines = [{ description: 'Simenti mfuko', qty: 10, price: 1_800_000 }]; // 180,000.00
    await env.fiscalize(
      invoiceFor(company.id, {
        lines,
        payments: [
          { type: 'cash', amount: 5_000_000 },
          { type: 'credit_card', amount: 4_000_000 },
          { type: 'e-money', amount: 3_000_000 },
          { type: 'cheque', amount: 2_000_000 },
        ],
      }),
    );
    await env.fiscalize(invoiceFor(company.id, { lines, payments: [] }));
    await env.fiscalize(
      invoiceFor(company.id, {
        lines,
        payments: [
          { type: 'e-money', amount: 1_000_000 },
          { type: 'e-money', amount: 500_000 },
        ],
      }),
    );
    await env.drain(worker, company.id);
    const ledger = await ledgerOf(company.serial);
    expect(ledger.map((r) => r.ackCode)).toEqual([0, 0, 0]);
    expect(ledger.map((r) => r.receipt.payments)).toEqual([
      [
        { type: 'CASH', amount: 5_000_000 },
        { type: 'CCARD', amount: 4_000_000 },
        { type: 'EMONEY', amount: 3_000_000 },
        { type: 'CHEQUE', amount: 2_000_000 },
        { type: 'INVOICE', amount: 4_000_000 },
      ],
      [{ type: 'INVOICE', amount: 18_000_000 }],
      [
        { type: 'EMONEY', amount: 1_500_000 },
        { type: 'INVOICE', amount: 16_500_000 },
      ],
    ]);
  });

  it('runs three days of sales: DC resets at midnight EAT, ZNUM follows the date, one Z report per day', async () => {
    const company = await env.company({ gcStart: 41 });
    const days = [
      { date: '2026-03-03', sales: ['08:00', '12:30', '23:59'], price: 118_000 },
      { date: '2026-03-04', sales: ['00:00', '09:15'], price: 59_000 },
      { date: '2026-03-05', sales: ['07:45', '13:00', '16:20', '20:05'], price: 23_600 },
    ];
    for (const day of days) {
      for (const time of day.sales) {
        env.clock.set(`${day.date}T${time}:00+03:00`);
        await env.fiscalize(
          invoiceFor(company.id, { lines: [{ description: 'Chai', price: day.price }] }),
        );
      }
      await env.drain(worker, company.id);
      // Just after midnight: the day is over and its Z report is due.
      env.clock.set(`${day.date}T23:59:59+03:00`);
      env.clock.advance(2_000);
      expect(await makeDueZReports(env.deps, company.id)).toBeGreaterThanOrEqual(1);
      await env.drain(worker, company.id);
    }

    const ledger = await ledgerOf(company.serial);
    expect(ledger.map((r) => r.gc)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49]);
    expect(ledger.map((r) => r.dc)).toEqual([1, 2, 3, 1, 2, 1, 2, 3, 4]);
    expect(ledger.map((r) => r.znum)).toEqual([
      ...Array(3).fill('20260303'),
      ...Array(2).fill('20260304'),
      ...Array(4).fill('20260305'),
    ]);
    expect(
      ledger.every((r) => r.ackCode === 0 && r.receipt.znum === r.date.replace(/-/g, '')),
    ).toBe(true);

    // The registration day (2 March) had no sales: it still gets its (empty) report.
    const ours = await env.deps.db
      .select()
      .from(zReports)
      .where(eq(zReports.companyId, company.id))
      .orderBy(asc(zReports.date));
    expect(ours.map((z) => [z.date, z.tickets, z.dailyTotalCents, z.grossCents])).toEqual([
      ['2026-03-02', 0, 0, 0],
      ['2026-03-03', 3, 354_000, 354_000],
      ['2026-03-04', 2, 118_000, 472_000],
      ['2026-03-05', 4, 94_400, 566_400],
    ]);
    const received = await env.sim.zLedger(company.serial);
    expect(received.map((z) => [z.znumber, z.ackCode])).toEqual([
      ['20260302', 0],
      ['20260303', 0],
      ['20260304', 0],
      ['20260305', 0],
    ]);
    const fifth = parseZReport(received[3]!.body);
    expect(fifth).toMatchObject({
      ticketsFiscal: 4,
      dailyTotal: 94_400,
      gross: 566_400,
      vatTotals: [
        { rate: 'A-18.00', net: 80_000, tax: 14_400 },
        { rate: 'B-0.00', net: 0, tax: 0 },
        { rate: 'C-0.00', net: 0, tax: 0 },
        { rate: 'D-0.00', net: 0, tax: 0 },
        { rate: 'E-0.00', net: 0, tax: 0 },
      ],
      payments: [
        { type: 'CASH', amount: 94_400 },
        { type: 'CHEQUE', amount: 0 },
        { type: 'CCARD', amount: 0 },
        { type: 'EMONEY', amount: 0 },
        { type: 'INVOICE', amount: 0 },
      ],
    });
    // Asked again for a day already reported: the same report, not a second one.
    expect(await makeDueZReports(env.deps, company.id)).toBe(0);
    const again = await env.deps.db
      .select({ id: zReports.id })
      .from(zReports)
      .where(and(eq(zReports.companyId, company.id), eq(zReports.date, '2026-03-04')));
    expect(again).toHaveLength(1);
  });

  it('fiscalizes 160 receipts with contiguous numbers, all acknowledged once', async () => {
    const company = await env.company({ gcStart: 1_000 });
    const receipts = [];
    for (let i = 0; i < 160; i++) {
      env.clock.advance(20_000);
      receipts.push(
        await env.fiscalize(
          invoiceFor(company.id, {
            lines: [
              { description: `Bidhaa ${i}`, qty: 1 + (i % 3), price: 1_000 + i * 37 },
              { description: 'Maji', price: 500, tax: i % 2 ? 'exempted' : 'standard' },
            ],
          }),
        ),
      );
    }
    await env.drain(worker, company.id);
    const ledger = await env.sim.ledger(company.serial);
    expect(ledger).toHaveLength(160);
    expect(ledger.map((r) => r.gc)).toEqual(Array.from({ length: 160 }, (_, i) => 1_000 + i));
    expect(ledger.every((r) => r.ackCode === 0 && r.posts === 1)).toBe(true);
    expect(receipts.map((r) => r.rctvnum)).toEqual(ledger.map((r) => r.rctvnum));
  });
});
