// The sales report the server sums in SQL against a brute-force sum of the same receipts as the
// API returns them, and against the phone's own computation (domain aggregateSales over
// saleOf): random invoices on random days and hours, random filters, and receipts both issued by
// TRA and still waiting. On PGlite, and on PostgreSQL in the server-pg suite.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { cents } from '../../domain/money';
import { invoiceTotals } from '../../domain/schemas/invoice';
import { TAX_TYPES, type TaxType } from '../../domain/tax';
import { TRA_TAX_GROUP } from '../../domain/tra';
import { PAYMENT_TYPES, type PaymentType } from '../../domain/payments';
import {
  aggregateSales,
  saleOf,
  type SalesFilter,
  type SalesReport,
} from '../../domain/sales-report';
import type { Invoice } from '../../domain/schemas/invoice';
import { createUser } from '../helpers/factories';
import { FAST, createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker } from '../../server/vfd/worker';
import { submitHeaders } from '../helpers/invoices';
import { tokenFor } from '../helpers/session';

let env: FiscalEnv;
beforeAll(async () => {
  // Monday 2 March 2026, 05:00 in Dar es Salaam.
  env = await createFiscalEnv({ clock: new ManualClock('2026-03-02T02:00:00Z') });
});
afterAll(async () => {
  await env?.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

interface Shop {
  companyId: string;
  people: Array<{ id: string; role: 'operator' | 'company_owner' }>;
  products: string[];
  customers: Array<{ id: string; name: string }>;
}

async function token(shop: Shop, who = 0): Promise<string> {
  return tokenFor(env.server, shop.people[who]!);
}

async function newShop(): Promise<Shop> {
  const company = await env.company();
  const scope = { companyId: company.id, organizationId: company.organizationId };
  const people = [
    await createUser(env.deps.db, 'operator', scope),
    await createUser(env.deps.db, 'operator', scope),
    await createUser(env.deps.db, 'company_owner', scope),
  ].map((u) => ({ id: u.id, role: u.role as 'operator' | 'company_owner' }));
  const shop: Shop = { companyId: company.id, people, products: [], customers: [] };
  const t = await token(shop);
  for (const name of ['Sukari', 'Unga', 'Mafuta']) {
    const id = crypto.randomUUID();
    const res = await call('POST', '/v1/accounting/products', {
      token: t,
      body: { id, name, unitPrice: 100_000, taxType: 'standard', priceIncludesTax: true },
    });
    expect(res.status).toBe(201);
    shop.products.push(id);
  }
  for (const name of ['Asha Juma', 'Baraka Said']) {
    const id = crypto.randomUUID();
    const res = await call('POST', '/v1/accounting/customers', {
      token: t,
      body: { id, name, identificationType: 'NO_IDENTIFICATION' },
    });
    expect(res.status).toBe(201);
    shop.customers.push({ id, name });
  }
  return shop;
}

const itemArb = fc.record({
  product: fc.integer({ min: -2, max: 2 }),
  description: fc.constantFrom('Sukari', 'Chai', 'Maji <500ml>', 'Ünga', 'Mkate'),
  quantity: fc.integer({ min: 1, max: 5_000 }).map((milli) => milli / 1000),
  unitPrice: fc.integer({ min: 0, max: 2_000_000 }),
  taxType: fc.constantFrom(...TAX_TYPES),
  discountPercent: fc.integer({ min: 0, max: 2_000 }).map((bp) => bp / 100),
});

const invoiceArb = fc.record({
  items: fc.array(itemArb, { minLength: 1, maxLength: 4 }),
  amountsIncludeTax: fc.boolean(),
  customer: fc.integer({ min: -2, max: 1 }),
  operator: fc.integer({ min: 0, max: 1 }),
  paidShare: fc.constantFrom(0, 0.5, 1),
  paymentTypes: fc.uniqueArray(fc.constantFrom(...PAYMENT_TYPES), { minLength: 1, maxLength: 2 }),
  /** Minutes the clock moves before this sale. */
  wait: fc.integer({ min: 0, max: 2_600 }),
});

type InvoiceSpec = typeof invoiceArb extends fc.Arbitrary<infer T> ? T : never;

function body(shop: Shop, spec: InvoiceSpec) {
  const items = spec.items.map((item) => {
    const productId = item.product >= 0 ? shop.products[item.product]! : null;
    return {
      id: crypto.randomUUID(),
      productId,
      description: productId ? ['Sukari', 'Unga', 'Mafuta'][item.product]! : item.description,
      quantity: item.quantity,
      unitPrice: cents(item.unitPrice),
      taxType: item.taxType,
      discountPercent: item.discountPercent,
    };
  });
  const total = invoiceTotals({ items, amountsIncludeTax: spec.amountsIncludeTax }).totalInvoice;
  const paid = Math.floor(total * spec.paidShare);
  const payments: Array<{ type: PaymentType; amount: number }> = [];
  if (paid > 0) {
    const first = spec.paymentTypes.length > 1 ? Math.floor(paid / 3) : paid;
    if (first > 0) payments.push({ type: spec.paymentTypes[0]!, amount: first });
    if (paid - first > 0) payments.push({ type: spec.paymentTypes[1]!, amount: paid - first });
  }
  const saved = spec.customer >= 0 ? shop.customers[spec.customer]! : null;
  return {
    id: crypto.randomUUID(),
    customerId: saved?.id ?? null,
    customer: {
      name: saved?.name ?? (spec.customer === -1 ? 'Mteja wa kawaida' : ''),
      identificationType: 'NO_IDENTIFICATION',
    },
    amountsIncludeTax: spec.amountsIncludeTax,
    items,
    payments,
  };
}

/** The figures a person would add up by hand from the receipts, with no code shared with the app. */
function bruteForce(invoices: Invoice[], from: string, to: string, keep: (i: Invoice) => boolean) {
  const chosen = invoices.filter(
    (i) => i.fiscal && i.fiscal.receiptDate >= from && i.fiscal.receiptDate <= to && keep(i),
  );
  const sum = (f: (i: Invoice) => number) => chosen.reduce((s, i) => s + f(i), 0);
  const group = (letter: string, part: 'netAmount' | 'taxAmount') =>
    sum((i) =>
      i.totals.groups
        .filter((g) => TRA_TAX_GROUP[g.taxType] === letter)
        .reduce((s, g) => s + g[part], 0),
    );
  const paid = (types: PaymentType[]) =>
    sum((i) => i.payments.filter((p) => types.includes(p.type)).reduce((s, p) => s + p.amount, 0));
  const heat = new Map<string, number>();
  for (const i of chosen) {
    const day = new Date(`${i.fiscal!.receiptDate}T00:00:00Z`).getUTCDay();
    const key = `${(day + 6) % 7}/${Number(i.fiscal!.receiptTime.slice(0, 2))}`;
    heat.set(key, (heat.get(key) ?? 0) + 1);
  }
  const perDay = new Map<string, number>();
  for (const i of chosen) {
    const d = i.fiscal!.receiptDate;
    perDay.set(d, (perDay.get(d) ?? 0) + i.totals.totalIncludingTax);
  }
  const lineAmounts = new Map<string, number>();
  for (const i of chosen) {
    i.items.forEach((item, n) => {
      const key = item.productId ?? item.description;
      lineAmounts.set(key, (lineAmounts.get(key) ?? 0) + i.lineTotals[n]!.amount);
    });
  }
  return {
    receipts: chosen.length,
    totalIncl: sum((i) => i.totals.totalIncludingTax),
    totalExcl: sum((i) => i.totals.totalExcludingTax),
    tax: sum((i) => i.totals.taxAmount),
    discount: sum((i) => i.totals.totalDiscount),
    groups: Object.fromEntries(
      ['A', 'C', 'D', 'E'].map((g) => [
        g,
        { net: group(g, 'netAmount'), tax: group(g, 'taxAmount') },
      ]),
    ),
    cash: paid(['cash']),
    unpaid: sum((i) => i.totals.totalIncludingTax) - paid([...PAYMENT_TYPES]),
    heat,
    perDay,
    lineAmounts,
  };
}

function filterFor(
  choice: number,
  shop: Shop,
  pick: number,
): { filter: SalesFilter; keep: (i: Invoice) => boolean } {
  switch (choice) {
    case 1: {
      const operator = shop.people[pick % 2]!.id;
      return { filter: { operator }, keep: (i) => i.operatorId === operator };
    }
    case 2: {
      const product = shop.products[pick % 3]!;
      return {
        filter: { product },
        keep: (i) => i.items.some((item) => item.productId === product),
      };
    }
    case 3: {
      const customer = shop.customers[pick % 2]!.id;
      return { filter: { customer }, keep: (i) => i.customerId === customer };
    }
    case 4: {
      const taxType: TaxType = TAX_TYPES[pick % 4]!;
      return { filter: { taxType }, keep: (i) => i.items.some((item) => item.taxType === taxType) };
    }
    case 5: {
      const type = PAYMENT_TYPES[pick % 4]!;
      const map = {
        cash: 'CASH',
        credit_card: 'CCARD',
        'e-money': 'EMONEY',
        cheque: 'CHEQUE',
      } as const;
      return {
        filter: { payment: map[type] },
        keep: (i) => i.payments.some((p) => p.type === type && p.amount > 0),
      };
    }
    case 6: {
      const status = pick % 2 ? 'issued' : 'submitted';
      return { filter: { status }, keep: (i) => i.status === status };
    }
    case 7:
    case 8: {
      // A product with a second filter: its sums per status or operator, or its receipts read.
      const product = filterFor(2, shop, pick);
      const second = choice === 8 ? 5 : pick % 2 ? 1 : 6;
      const other = filterFor(second, shop, Math.floor(pick / 2));
      return {
        filter: { ...product.filter, ...other.filter },
        keep: (i) => product.keep(i) && other.keep(i),
      };
    }
    default:
      return { filter: {}, keep: () => true };
  }
}

function query(from: string, to: string, filter: SalesFilter): string {
  const params = new URLSearchParams({ preset: 'custom', from, to });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return `/v1/accounting/reports/sales?${params}`;
}

describe('the sales report', () => {
  it('adds up to the cent what a brute-force sum of the receipts gives, and what the phone computes', async () => {
    const worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { minLength: 1, maxLength: 10 }),
        fc.nat({ max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat({ max: 10 }),
        fc.boolean(),
        async (specs, issuedCount, filterChoice, pick, startPick, endPick, peekAt, months) => {
          const shop = await newShop();
          const ids: string[] = [];
          for (const [n, spec] of specs.entries()) {
            env.clock.advance(spec.wait * 60_000);
            const t = await token(shop, spec.operator);
            const draft = body(shop, spec);
            const saved = await call('POST', '/v1/accounting/invoices', { token: t, body: draft });
            expect(saved.status).toBe(201);
            const submitted = await call('POST', `/v1/accounting/invoices/${draft.id}/submit`, {
              token: t,
              headers: submitHeaders(),
            });
            expect(submitted.status).toBe(200);
            ids.push(draft.id);
            // A report asked for meanwhile: receipts projected while waiting, issued later.
            if (n === peekAt) {
              const peek = await call('GET', '/v1/accounting/reports/sales?preset=this_year', {
                token: t,
              });
              expect(peek.status).toBe(200);
            }
            // TRA confirms the first few; the rest still wait.
            if (n + 1 === Math.min(issuedCount, specs.length))
              await env.drain(worker, shop.companyId);
          }
          const owner = await token(shop, 2);
          const invoices: Invoice[] = [];
          for (const id of ids) {
            const res = await call('GET', `/v1/accounting/invoices/${id}`, { token: owner });
            invoices.push(res.body);
          }
          const days = [...new Set(invoices.map((i) => i.fiscal!.receiptDate))].sort();
          // Whole calendar months (read from the month sums), or any days between receipts.
          const last = days[days.length - 1]!;
          const monthEnd = new Date(Date.UTC(+last.slice(0, 4), +last.slice(5, 7), 0));
          const from = months ? `${days[0]!.slice(0, 7)}-01` : days[startPick % days.length]!;
          const to = months
            ? monthEnd.toISOString().slice(0, 10)
            : ([from, ...days.filter((d) => d > from)][endPick % days.length] ?? from);
          const { filter, keep } = filterFor(filterChoice, shop, pick);

          const res = await call('GET', query(from, to, filter), { token: owner });
          expect(res.status).toBe(200);
          const report = res.body as SalesReport;

          const expected = bruteForce(invoices, from, to, keep);
          expect(report.totals).toEqual({
            receipts: expected.receipts,
            totalIncl: expected.totalIncl,
            totalExcl: expected.totalExcl,
            tax: expected.tax,
            discount: expected.discount,
          });
          expect(report.groups).toEqual(expected.groups);
          expect(report.payments.CASH).toBe(expected.cash);
          expect(report.payments.INVOICE).toBe(expected.unpaid);
          for (const day of report.days) {
            expect(day.totalIncl).toBe(expected.perDay.get(day.date) ?? 0);
          }
          report.heatmap.forEach((hours, weekday) =>
            hours.forEach((cell, hour) =>
              expect(cell.receipts).toBe(expected.heat.get(`${weekday}/${hour}`) ?? 0),
            ),
          );
          for (const product of report.products) {
            expect(product.amount).toBe(expected.lineAmounts.get(product.key));
          }
          const best = Math.max(0, ...expected.lineAmounts.values());
          if (expected.lineAmounts.size > 0) expect(report.products[0]!.amount).toBe(best);

          // The phone's computation over its copies of the same invoices: the same report.
          const phone = aggregateSales(
            invoices.flatMap((i) => saleOf(i) ?? []),
            { firstDay: from, lastDay: to },
            filter,
          );
          const { companyId: _c, generatedAt: _g, ...server } = res.body;
          expect(server).toEqual(JSON.parse(JSON.stringify(phone)));
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12) },
    );
    await worker.stop();
  }, 900_000);
});
