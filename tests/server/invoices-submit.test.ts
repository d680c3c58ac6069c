// Submitting drafts: the fiscal receipt comes back at once, exactly one per invoice whatever
// the retries, numbers stay contiguous under concurrency, and what the phone showed is what the
// server stored and what the receipt sent to TRA carries.
import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { toDecimalString, type Cents } from '../../domain/money';
import { invoiceFieldsSchema, invoiceTotals } from '../../domain/schemas/invoice';
import { TRA_TAX_GROUP } from '../../domain/tra';
import { TAX_TYPES } from '../../domain/tax';
import {
  companies,
  fiscalReceipts,
  invoices,
  traOutbox,
  vfdCounters,
  vfds,
} from '../../server/db/schema';
import { selectInvoices } from '../../server/invoices/records';
import { createCompanyWithPeople } from '../helpers/factories';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { tokenFor } from '../helpers/session';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

async function draft(shop: InvoiceShop, overrides: Parameters<typeof invoiceBody>[0] = {}) {
  const body = invoiceBody(overrides);
  const created = await call('POST', '/v1/accounting/invoices', { token: shop.token, body });
  expect(created.status).toBe(201);
  return body;
}

const submit = (shop: InvoiceShop, id: unknown, key: string = crypto.randomUUID()) =>
  call('POST', `/v1/accounting/invoices/${String(id)}/submit`, {
    token: shop.token,
    headers: submitHeaders(key),
  });

async function nextGc(companyId: string): Promise<number> {
  const [row] = await env.deps.db
    .select({ nextGc: vfdCounters.nextGc })
    .from(vfdCounters)
    .where(eq(vfdCounters.companyId, companyId));
  return row!.nextGc;
}

async function receiptsOf(invoiceId: string) {
  return env.deps.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.invoiceId, invoiceId));
}

describe('submitting', () => {
  it('answers the receipt number, verification code and link at once, and locks the invoice', async () => {
    const shop = await invoiceShop(env);
    const gc = await nextGc(shop.companyId);
    const body = await draft(shop);
    const submitted = await submit(shop, body.id);
    expect(submitted.status).toBe(200);
    const code = `${shop.receiptCode}${gc}`;
    expect(submitted.body).toMatchObject({
      status: 'submitted',
      version: 2,
      fiscal: {
        receiptNumber: gc,
        dailyCounter: 1,
        verificationCode: code,
        traStatus: 'pending',
        traMessage: null,
      },
    });
    const { fiscal } = submitted.body;
    expect(fiscal.verificationUrl).toContain(`${code}_${fiscal.receiptTime.replace(/:/g, '')}`);
    expect(fiscal.zNumber).toBe(fiscal.receiptDate.replace(/-/g, ''));
    expect(submitted.body.date).toBe(fiscal.receiptDate);
    expect(submitted.body.submittedAt).toEqual(expect.any(String));

    const edit = await call('PUT', `/v1/accounting/invoices/${body.id}`, {
      token: shop.token,
      body: { ...body, reference: 'too late' },
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      code: 'invoice_locked',
      message: 'This invoice has been submitted and can no longer be changed',
    });
    // The same content again is a harmless replay of an earlier save.
    const replay = await call('PUT', `/v1/accounting/invoices/${body.id}`, {
      token: shop.token,
      body,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.status).toBe('submitted');
  });

  it('gives one receipt for the same Idempotency-Key sent twice', async () => {
    const shop = await invoiceShop(env);
    const gc = await nextGc(shop.companyId);
    const body = await draft(shop);
    const key = crypto.randomUUID();
    const first = await submit(shop, body.id, key);
    const second = await submit(shop, body.id, key);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await receiptsOf(body.id as string)).toHaveLength(1);
    expect(await nextGc(shop.companyId)).toBe(gc + 1);
  });

  it('gives one receipt when the same invoice is submitted with two keys, even at once', async () => {
    const shop = await invoiceShop(env);
    const gc = await nextGc(shop.companyId);
    const body = await draft(shop);
    const [a, b] = await Promise.all([submit(shop, body.id), submit(shop, body.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.fiscal).toEqual(b.body.fiscal);
    expect(a.body.fiscal.receiptNumber).toBe(gc);
    const later = await submit(shop, body.id);
    expect(later.body.fiscal).toEqual(a.body.fiscal);
    expect(await receiptsOf(body.id as string)).toHaveLength(1);
    const [queued] = await env.deps.db
      .select({ n: count() })
      .from(traOutbox)
      .where(eq(traOutbox.companyId, shop.companyId));
    expect(queued!.n).toBe(1);
  });

  it('requires an Idempotency-Key', async () => {
    const shop = await invoiceShop(env);
    const body = await draft(shop);
    const refused = await call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
      token: shop.token,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('idempotency_key_invalid');
    expect(await receiptsOf(body.id as string)).toHaveLength(0);
  });

  it('refuses a company blocked by TRA without taking a number', async () => {
    const shop = await invoiceShop(env);
    const gc = await nextGc(shop.companyId);
    const body = await draft(shop);
    await env.deps.db
      .update(companies)
      .set({ blockedByTra: true })
      .where(eq(companies.id, shop.companyId));
    const refused = await submit(shop, body.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('company_blocked');
    expect(await nextGc(shop.companyId)).toBe(gc);
    await env.deps.db
      .update(companies)
      .set({ blockedByTra: false })
      .where(eq(companies.id, shop.companyId));
    expect((await submit(shop, body.id)).body.fiscal.receiptNumber).toBe(gc);
  });

  it('refuses a company whose VFD is not registered, or inactive at TRA', async () => {
    const people = await createCompanyWithPeople(env.deps.db);
    const token = await tokenFor(env.server, people.operator);
    const body = invoiceBody();
    await call('POST', '/v1/accounting/invoices', { token, body });
    const refused = await call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
      token,
      headers: submitHeaders(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'vfd_not_ready',
      message: 'This company cannot issue receipts yet: its TRA certificate is not registered',
    });

    const shop = await invoiceShop(env);
    const other = await draft(shop);
    await env.deps.db
      .update(vfds)
      .set({ status: 'inactive' })
      .where(eq(vfds.companyId, shop.companyId));
    expect((await submit(shop, other.id)).body.code).toBe('vfd_not_ready');
  });

  it('asks to save the product first when a line names one the server does not have', async () => {
    const shop = await invoiceShop(env);
    const productId = crypto.randomUUID();
    const body = await draft(shop, {
      items: [{ unitPrice: 100_000 }, { unitPrice: 50_000, productId, description: 'Chai' }],
    });
    const refused = await submit(shop, body.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'product_not_saved',
      message: 'Please save the product first before submitting the invoice',
      fields: {
        'items.1.productId': 'Please save the product first before submitting the invoice',
      },
    });
    expect(await receiptsOf(body.id as string)).toHaveLength(0);
    // The product reaches the server (the outbox sends it), and the same invoice goes through.
    await call('POST', '/v1/accounting/products', {
      token: shop.token,
      body: { id: productId, name: 'Chai', unitPrice: 50_000, taxType: 'standard' },
    });
    expect((await submit(shop, body.id)).body.status).toBe('submitted');
  });

  it('gives contiguous receipt numbers to invoices submitted at the same time', async () => {
    const shop = await invoiceShop(env);
    const gc = await nextGc(shop.companyId);
    const bodies = [];
    for (let i = 0; i < 12; i++)
      bodies.push(await draft(shop, { items: [{ unitPrice: 1000 + i }] }));
    const answers = await Promise.all(bodies.map((body) => submit(shop, body.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const numbers = answers.map((a) => a.body.fiscal.receiptNumber as number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => gc + i));
    const stored = await env.deps.db
      .select({ gc: fiscalReceipts.gc, invoiceId: fiscalReceipts.invoiceId })
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.companyId, shop.companyId))
      .orderBy(asc(fiscalReceipts.gc));
    expect(new Set(stored.map((r) => r.invoiceId)).size).toBe(12);
    // The queue to TRA holds them in the order of their numbers.
    const queue = await env.deps.db
      .select({ seq: traOutbox.seq, id: traOutbox.id })
      .from(traOutbox)
      .where(and(eq(traOutbox.companyId, shop.companyId), eq(traOutbox.kind, 'receipt')))
      .orderBy(asc(traOutbox.seq));
    expect(queue).toHaveLength(12);
  });
});

const parser = new XMLParser({
  parseTagValue: false,
  isArray: (name) =>
    ['ITEM', 'VATRATE', 'NETTAMOUNT', 'TAXAMOUNT', 'PMTTYPE', 'PMTAMOUNT'].includes(name),
});

const itemArb = fc.record({
  description: fc.constantFrom('Sukari', 'Unga wa mahindi', 'Mafuta & sabuni', 'Maji <500ml>'),
  quantity: fc.integer({ min: 1, max: 50_000 }).map((milli) => milli / 1000),
  unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
  taxType: fc.constantFrom(...TAX_TYPES),
  discountPercent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
});

describe('reading an invoice with its receipt', () => {
  it('gives each column of both rows exactly as reading the row column by column does', async () => {
    const shop = await invoiceShop(env);
    const body = await draft(shop, {
      reference: 'PO-7',
      items: [
        { unitPrice: 295_000, discountPercent: 5 },
        { unitPrice: 10_000, quantity: 3 },
      ],
    });
    const unsubmitted = await draft(shop);
    expect((await submit(shop, body.id)).status).toBe(200);

    const read = async (id: unknown) => {
      const [joined] = await selectInvoices(env.deps.db).where(eq(invoices.id, String(id)));
      const [invoice] = await env.deps.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, String(id)));
      return { joined: joined!, invoice: invoice!, receipts: await receiptsOf(String(id)) };
    };
    const submitted = await read(body.id);
    expect(submitted.receipts).toHaveLength(1);
    expect(submitted.joined.invoice).toStrictEqual(submitted.invoice);
    expect(submitted.joined.receipt).toStrictEqual(submitted.receipts[0]);
    expect(submitted.joined.invoice.createdAt).toBeInstanceOf(Date);
    expect(submitted.joined.receipt!.createdAt).toBeInstanceOf(Date);

    const draftOnly = await read(unsubmitted.id);
    expect(draftOnly.joined.invoice).toStrictEqual(draftOnly.invoice);
    expect(draftOnly.joined.receipt).toBeNull();
  });
});

describe('totals on the phone, on the server and at TRA', () => {
  it('agree for random invoices', async () => {
    const shop = await invoiceShop(env);
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        async (items, amountsIncludeTax, paidPercent) => {
          const base = invoiceBody({ items, amountsIncludeTax });
          // What the phone shows while typing: the domain's totals of what the form holds.
          const shown = invoiceTotals(v.parse(invoiceFieldsSchema, base));
          const paid = Math.floor((shown.totalInvoice * paidPercent) / 100);
          const body: Record<string, unknown> = {
            ...base,
            payments: paid > 0 ? [{ type: 'cash', amount: paid }] : [],
          };
          const created = await call('POST', '/v1/accounting/invoices', {
            token: shop.token,
            body,
          });
          expect(created.status).toBe(201);
          const { lines, ...totals } = shown;
          expect(created.body.totals).toEqual(totals);
          expect(created.body.lineTotals).toEqual(lines);

          const submitted = await submit(shop, body.id);
          expect(submitted.status).toBe(200);
          expect(submitted.body.totals).toEqual(totals);
          const [row] = await env.deps.db
            .select({ body: traOutbox.body })
            .from(fiscalReceipts)
            .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
            .where(eq(fiscalReceipts.invoiceId, body.id as string));
          const rct = parser.parse(row!.body).EFDMS.RCT;
          const money = (value: number) => toDecimalString(value as Cents);
          expect(rct.TOTALS).toEqual({
            TOTALTAXEXCL: money(shown.totalExcludingTax),
            TOTALTAXINCL: money(shown.totalIncludingTax),
            DISCOUNT: money(shown.totalDiscount),
          });
          expect(rct.ITEMS.ITEM.map((item: any) => item.AMT)).toEqual(
            lines.map((line) => money(line.amount)),
          );
          const groups = shown.groups.map((g) => TRA_TAX_GROUP[g.taxType]);
          expect(rct.VATTOTALS).toEqual({
            VATRATE: groups,
            NETTAMOUNT: shown.groups.map((g) => money(g.netAmount)),
            TAXAMOUNT: shown.groups.map((g) => money(g.taxAmount)),
          });
          const unpaid = shown.totalInvoice - paid;
          const pmts = rct.PAYMENTS;
          const expectedTypes = [
            ...(paid > 0 ? ['CASH'] : []),
            ...(unpaid > 0 || paid === 0 ? ['INVOICE'] : []),
          ];
          expect(pmts.PMTTYPE).toEqual(expectedTypes);
        },
      ),
      { numRuns: 40 },
    );
  });
});
