// Submissions numbered in groups: many submissions of one company arriving at once are numbered
// together, yet every accepted invoice gets exactly one receipt, the numbers stay contiguous in
// the VFD's counter, and a refused draft gets its own answer without stopping the others. A
// group that fails part way (the database refusing a write) leaves no number behind.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalReceipts, invoices, vfdCounters } from '../../server/db/schema';
import { submitInvoices } from '../../server/invoices/submit';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

type Kind = 'good' | 'canceled' | 'unknown_product' | 'absent';

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

/** A draft of the given kind saved on the server; its id. */
async function draft(shop: InvoiceShop, kind: Kind, price: number): Promise<string> {
  if (kind === 'absent') return crypto.randomUUID();
  const body = invoiceBody({
    items: [
      {
        unitPrice: price,
        ...(kind === 'unknown_product' ? { productId: crypto.randomUUID() } : {}),
      },
    ],
  });
  const saved = await call('POST', `/v1/accounting/invoices?companyId=${shop.companyId}`, {
    token: shop.token,
    body,
  });
  expect(saved.status).toBe(201);
  if (kind === 'canceled') {
    await call('POST', `/v1/accounting/invoices/${String(body.id)}/cancel`, { token: shop.token });
  }
  return String(body.id);
}

const submit = (shop: InvoiceShop, id: string) =>
  call('POST', `/v1/accounting/invoices/${id}/submit?companyId=${shop.companyId}`, {
    token: shop.token,
    headers: submitHeaders(),
  });

async function counter(companyId: string) {
  const [row] = await env.deps.db
    .select()
    .from(vfdCounters)
    .where(eq(vfdCounters.companyId, companyId));
  return row!;
}

async function receiptsOf(companyId: string) {
  return env.deps.db
    .select({ invoiceId: fiscalReceipts.invoiceId, gc: fiscalReceipts.gc })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.companyId, companyId))
    .orderBy(asc(fiscalReceipts.gc));
}

const expectedRefusal: Record<Exclude<Kind, 'good'>, [number, string]> = {
  canceled: [409, 'invoice_canceled'],
  unknown_product: [422, 'product_not_saved'],
  absent: [404, 'invoice_not_found'],
};

describe('submissions arriving at once', () => {
  it('are numbered exactly once, contiguously, each refusal answered on its own', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom<Kind>('good', 'good', 'good', 'canceled', 'unknown_product', 'absent'),
          { minLength: 1, maxLength: 16 },
        ),
        fc.integer({ min: 0, max: 3 }),
        async (kinds, repeats) => {
          const shop = await invoiceShop(env);
          const start = (await counter(shop.companyId)).nextGc;
          const ids: string[] = [];
          for (const [index, kind] of kinds.entries()) {
            ids.push(await draft(shop, kind, 100_000 + index));
          }
          // Every submission at once, some of them twice (a retry with a new key).
          const sent = [...ids, ...ids.slice(0, repeats)];
          const answers = await Promise.all(sent.map((id) => submit(shop, id)));

          const good = ids.filter((_, i) => kinds[i] === 'good');
          const numbers = new Map<string, number>();
          answers.forEach((answer, index) => {
            const kind = kinds[index % ids.length]!;
            const id = sent[index]!;
            if (kind === 'good') {
              expect(answer.status).toBe(200);
              expect(answer.body).toMatchObject({ id, status: 'submitted' });
              const number = answer.body.fiscal.receiptNumber as number;
              // A repeat answers the invoice's one receipt.
              expect(numbers.get(id) ?? number).toBe(number);
              numbers.set(id, number);
            } else {
              const [status, code] = expectedRefusal[kind];
              expect(answer.status).toBe(status);
              expect(answer.body.code).toBe(code);
            }
          });
          // One receipt per accepted draft, numbers contiguous from where the counter stood.
          const receipts = await receiptsOf(shop.companyId);
          expect(receipts.map((r) => r.gc)).toEqual(good.map((_, i) => start + i));
          expect(receipts.map((r) => r.invoiceId).sort()).toEqual([...good].sort());
          expect([...numbers.values()].sort((a, b) => a - b)).toEqual(receipts.map((r) => r.gc));
          expect((await counter(shop.companyId)).nextGc).toBe(start + good.length);
          // The refused drafts are still as they were.
          const refused = ids.filter((_, i) => kinds[i] !== 'good' && kinds[i] !== 'absent');
          if (refused.length) {
            const rows = await env.deps.db
              .select({ status: invoices.status, receiptNumber: invoices.receiptNumber })
              .from(invoices)
              .where(and(eq(invoices.companyId, shop.companyId), inArray(invoices.id, refused)));
            expect(rows.every((r) => r.status !== 'submitted' && r.receiptNumber === null)).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});

describe('a group that fails part way', () => {
  it('leaves no number behind, and the next group starts where the counter stood', async () => {
    const shop = await invoiceShop(env);
    const ctx = {
      deps: env.deps,
      companyId: shop.companyId,
      userId: shop.operatorId,
      deviceId: null,
    };
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await draft(shop, 'good', 200_000 + i));
    const start = (await counter(shop.companyId)).nextGc;
    // The database refuses to mark the fourth draft submitted, after the group was numbered
    // and its receipts stored in the same transaction: as if the server died there.
    const poisoned = ids[3]!;
    const trigger = `refuse_${crypto.randomBytes(4).toString('hex')}`;
    await env.deps.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
       begin
         if new.id = '${poisoned}' and new.status = 'submitted' then
           raise exception 'the server died here';
         end if;
         return new;
       end $$`),
    );
    await env.deps.db.execute(
      sql.raw(
        `create trigger ${trigger} before update on invoices for each row execute function ${trigger}()`,
      ),
    );
    await expect(submitInvoices(ctx, ids)).rejects.toThrow();
    expect(await receiptsOf(shop.companyId)).toEqual([]);
    expect((await counter(shop.companyId)).nextGc).toBe(start);
    const [untouched] = await env.deps.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.companyId, shop.companyId), eq(invoices.id, ids[0]!)));
    expect(untouched!.status).toBe('draft');

    await env.deps.db.execute(sql.raw(`drop trigger ${trigger} on invoices`));
    await env.deps.db.execute(sql.raw(`drop function ${trigger}()`));
    const outcomes = await submitInvoices(ctx, ids);
    expect(outcomes.map((o) => o.invoice?.fiscal?.receiptNumber)).toEqual(
      ids.map((_, i) => start + i),
    );
    expect((await receiptsOf(shop.companyId)).map((r) => r.gc)).toEqual(
      ids.map((_, i) => start + i),
    );
  });
});
