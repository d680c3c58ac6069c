// Names in the sales report after a product, a customer and an operator are renamed while
// receipts move from waiting at TRA to issued: every filter names a product, a customer and an
// operator by the greatest name printed on the receipts it counts, as the unfiltered report
// and the phone (domain aggregateSales) do, never by a name only receipts it no longer counts
// carry. On PGlite, and on PostgreSQL in the server-pg suite.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { users } from '../../server/db/schema';
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
  env = await createFiscalEnv({ clock: new ManualClock('2026-03-02T06:00:00Z') });
});
afterAll(async () => {
  await env?.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

describe('names in the sales report', () => {
  it('are those of the receipts each filter counts, after renames and receipts issued later', async () => {
    const company = await env.company();
    const scope = { companyId: company.id, organizationId: company.organizationId };
    const operator = await createUser(env.deps.db, 'operator', { ...scope, firstName: 'Zawadi' });
    const owner = await createUser(env.deps.db, 'company_owner', scope);
    let op = await tokenFor(env.server, { id: operator.id, role: 'operator' });
    let boss = await tokenFor(env.server, { id: owner.id, role: 'company_owner' });
    const productId = crypto.randomUUID();
    const customerId = crypto.randomUUID();
    const product = (name: string) => ({
      name,
      unitPrice: 100_000,
      taxType: 'standard',
      priceIncludesTax: true,
    });
    const customer = (name: string) => ({ name, identificationType: 'NO_IDENTIFICATION' });
    // The old names sort after the new ones: a name that only grows would keep them.
    expect(
      (
        await call('PUT', `/v1/accounting/products/${productId}`, {
          token: op,
          body: product('Unga safi'),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('PUT', `/v1/accounting/customers/${customerId}`, {
          token: op,
          body: customer('Zuhura Said'),
        })
      ).status,
    ).toBe(201);

    const ids: string[] = [];
    async function sell(productName: string, customerName: string) {
      const id = crypto.randomUUID();
      const saved = await call('POST', '/v1/accounting/invoices', {
        token: op,
        body: {
          id,
          customerId,
          customer: { name: customerName, identificationType: 'NO_IDENTIFICATION' },
          amountsIncludeTax: true,
          items: [
            {
              id: crypto.randomUUID(),
              productId,
              description: productName,
              quantity: 2,
              unitPrice: 150_000,
              taxType: 'standard',
              discountPercent: 0,
            },
          ],
          payments: [{ type: 'cash', amount: 300_000 }],
        },
      });
      expect(saved.status).toBe(201);
      const submitted = await call('POST', `/v1/accounting/invoices/${id}/submit`, {
        token: op,
        headers: submitHeaders(),
      });
      expect(submitted.status).toBe(200);
      ids.push(id);
    }

    await sell('Unga safi', 'Zuhura Said');
    // A report while the receipt waits for TRA: it is summed under 'submitted' with its names.
    expect(
      (await call('GET', '/v1/accounting/reports/sales?preset=this_year', { token: boss })).status,
    ).toBe(200);
    const worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
    await env.drain(worker, company.id);
    await worker.stop();

    expect(
      (
        await call('PUT', `/v1/accounting/products/${productId}`, {
          token: op,
          body: product('Unga'),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/v1/accounting/customers/${customerId}`, {
          token: op,
          body: customer('Zuhura'),
        })
      ).status,
    ).toBe(200);
    await env.deps.db.update(users).set({ firstName: 'Asha' }).where(eq(users.id, operator.id));
    env.clock.advance(60 * 60_000);
    op = await tokenFor(env.server, { id: operator.id, role: 'operator' });
    boss = await tokenFor(env.server, { id: owner.id, role: 'company_owner' });
    await sell('Unga', 'Zuhura');

    const invoices: Invoice[] = [];
    for (const id of ids) {
      invoices.push((await call('GET', `/v1/accounting/invoices/${id}`, { token: boss })).body);
    }
    expect(invoices.map((i) => i.status)).toEqual(['issued', 'submitted']);
    expect(invoices[0]!.operatorName).not.toBe(invoices[1]!.operatorName);
    const day = invoices[0]!.fiscal!.receiptDate;
    const sales = invoices.flatMap((i) => saleOf(i) ?? []);

    async function report(filter: SalesFilter): Promise<SalesReport> {
      const params = new URLSearchParams({ preset: 'custom', from: day, to: day });
      for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
      const res = await call('GET', `/v1/accounting/reports/sales?${params}`, { token: boss });
      expect(res.status).toBe(200);
      const { companyId: _c, generatedAt: _g, ...server } = res.body;
      const phone = aggregateSales(sales, { firstDay: day, lastDay: day }, filter);
      expect(server).toEqual(JSON.parse(JSON.stringify(phone)));
      return res.body as SalesReport;
    }
    const names = (r: SalesReport) => ({
      product: r.products.map((p) => p.name),
      customer: r.customers.map((c) => c.name),
      operator: r.operators.map((o) => o.name),
    });

    // Both receipts: the greater names, the old ones.
    const all = await report({});
    expect(names(all)).toEqual({
      product: ['Unga safi'],
      customer: ['Zuhura Said'],
      operator: [invoices[0]!.operatorName],
    });
    // Every filter that still counts both receipts names them the same.
    for (const filter of [
      { product: productId },
      { customer: customerId },
      { operator: operator.id },
      { payment: 'CASH' },
      { taxType: 'standard' },
    ] as SalesFilter[]) {
      expect(names(await report(filter))).toEqual(names(all));
    }
    // The receipt still waiting has only the new names; the issued one only the old.
    const waiting = {
      product: ['Unga'],
      customer: ['Zuhura'],
      operator: [invoices[1]!.operatorName],
    };
    expect(names(await report({ status: 'submitted' }))).toEqual(waiting);
    expect(names(await report({ status: 'submitted', product: productId }))).toEqual(waiting);
    expect(names(await report({ status: 'submitted', operator: operator.id }))).toEqual(waiting);
    expect(names(await report({ status: 'submitted', payment: 'CASH' }))).toEqual(waiting);
    expect(names(await report({ status: 'issued', product: productId }))).toEqual(names(all));
    expect(names(await report({ status: 'issued' }))).toEqual(names(all));
  }, 120_000);
});
