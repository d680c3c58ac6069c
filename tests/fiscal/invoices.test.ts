// Invoices through the TRA simulator: submitted through the API, sent by the fiscal worker
// (with the invoice hooks server/start.ts installs), issued on ACKCODE 0, and shown with TRA's
// message when TRA refuses; the phones learn both through the changes feed.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../domain/money';
import { ManualClock } from '../../server/clock';
import { fiscalReceipts, traOutbox } from '../../server/db/schema';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { parseReceipt } from '../../server/tra-sim/checks';
import { createTraWorker, type TraWorker } from '../../server/vfd/worker';
import { receiptXml, signedDocument, splitSigned } from '../../server/vfd/xml';
import { companySigningKey, createFiscalEnv, FAST, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';

let env: FiscalEnv;
const workers: TraWorker[] = [];

beforeAll(async () => {
  env = await createFiscalEnv({ clock: new ManualClock('2026-06-15T08:00:00+03:00') });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await env.close();
});

function invoiceWorker(): TraWorker {
  const worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
  workers.push(worker);
  return worker;
}

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

async function submitted(shop: InvoiceShop, price: number) {
  const body = invoiceBody({ items: [{ unitPrice: price }] });
  await call('POST', '/v1/accounting/invoices', { token: shop.token, body });
  const answer = await call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
    token: shop.token,
    headers: submitHeaders(),
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const read = (shop: InvoiceShop, id: string) =>
  call('GET', `/v1/accounting/invoices/${id}`, { token: shop.token }).then((r) => r.body);

async function pull(shop: InvoiceShop, since: string) {
  const page = await call('GET', `/v1/accounting/changes?since=${since}`, { token: shop.token });
  return page.body as { changes: Array<{ type: string; id: string; record: any }>; cursor: string };
}

describe('invoices at TRA', () => {
  it('become issued once the simulator acknowledges them, and reach the phones as issued', async () => {
    const shop = await invoiceShop(env);
    const worker = invoiceWorker();
    const invoices = [];
    for (let i = 0; i < 3; i++) invoices.push(await submitted(shop, 100_000 + i));
    const before = await pull(shop, '0');
    expect(before.changes.map((c) => c.record.status)).toEqual([
      'submitted',
      'submitted',
      'submitted',
    ]);

    await env.drain(worker, shop.companyId);
    for (const invoice of invoices) {
      const now = await read(shop, invoice.id);
      expect(now).toMatchObject({
        status: 'issued',
        version: invoice.version + 1,
        fiscal: { ...invoice.fiscal, traStatus: 'accepted', traMessage: null },
      });
      expect(now.issuedAt).toEqual(expect.any(String));
    }
    // The feed brings the news after the cursor the phone already holds.
    const after = await pull(shop, before.cursor);
    expect(after.changes.map((c) => [c.type, c.id, c.record.status])).toEqual(
      invoices.map((invoice) => ['invoice', invoice.id, 'issued']),
    );
    // TRA holds each receipt once, in order, with the numbers the customer was given.
    const ledger = await env.sim.ledger(shop.serial);
    expect(ledger.map((r) => [r.gc, r.ackCode, r.posts])).toEqual(
      invoices.map((invoice) => [invoice.fiscal.receiptNumber, 0, 1]),
    );
    expect(ledger.map((r) => r.rctvnum)).toEqual(invoices.map((i) => i.fiscal.verificationCode));
    // The public page shows it issued.
    const page = await call('GET', `/v1/accounting/public/receipts/${invoices[0].publicId}`);
    expect(page.body.status).toBe('issued');
  });

  it('stays submitted and shows TRA message when TRA refuses the receipt', async () => {
    const shop = await invoiceShop(env);
    const worker = invoiceWorker();
    const good = await submitted(shop, 150_000);
    const refused = await submitted(shop, 250_000);
    const next = await submitted(shop, 350_000);
    // The stored receipt of the second invoice is replaced by one whose amounts do not add up,
    // as if it had been built wrong: numbering is right, content is not.
    const [outbox] = await env.deps.db
      .select({ id: traOutbox.id, body: traOutbox.body })
      .from(fiscalReceipts)
      .innerJoin(traOutbox, eq(traOutbox.id, fiscalReceipts.outboxId))
      .where(eq(fiscalReceipts.invoiceId, refused.id));
    const parsed = parseReceipt(splitSigned(outbox!.body, 'RCT')!.signedPart);
    const wrong = signedDocument(
      receiptXml({
        ...parsed,
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
      await companySigningKey(env, shop.companyId),
    );
    await env.deps.db.update(traOutbox).set({ body: wrong }).where(eq(traOutbox.id, outbox!.id));
    const { cursor } = await pull(shop, '0');

    await env.drain(worker, shop.companyId);
    const now = await read(shop, refused.id);
    expect(now).toMatchObject({
      status: 'submitted',
      version: refused.version + 1,
      issuedAt: null,
      fiscal: { receiptNumber: refused.fiscal.receiptNumber, traStatus: 'rejected' },
    });
    expect(now.fiscal.traMessage).toMatch(/Totals do not add up/);
    // The queue went on: the others are issued.
    expect((await read(shop, good.id)).status).toBe('issued');
    expect((await read(shop, next.id)).status).toBe('issued');
    const news = await pull(shop, cursor);
    const rejection = news.changes.find((c) => c.id === refused.id);
    expect(rejection?.record.fiscal).toMatchObject({ traStatus: 'rejected' });
  });

  it('issues a burst of invoices submitted while the worker runs', async () => {
    await burst(env);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('invoices at TRA on PostgreSQL', () => {
  it('issues invoices submitted all at once while the worker settles earlier ones', async () => {
    const pg = await createFiscalEnv({
      dbKind: 'postgresql',
      clock: new ManualClock('2026-06-15T08:00:00+03:00'),
    });
    try {
      await burst(pg, true);
    } finally {
      await pg.close();
    }
  });
});

/**
 * Twenty invoices submitted while the worker sends: submissions and TRA's answers take the
 * same locks (change position, invoice), so they must neither deadlock nor leave a gap.
 */
async function burst(on: FiscalEnv, concurrent = false) {
  const shop = await invoiceShop(on);
  const worker = createTraWorker(on.deps, FAST, invoiceQueueHooks);
  workers.push(worker);
  worker.start();
  const submit = async (i: number) => {
    const body = invoiceBody({ items: [{ unitPrice: 10_000 + i }] });
    await on.server.call('POST', '/v1/accounting/invoices', { token: shop.token, body });
    const answer = await on.server.call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    expect(answer.status).toBe(200);
    return body.id as string;
  };
  const ids: string[] = [];
  if (concurrent) {
    ids.push(await submit(0));
    ids.push(...(await Promise.all(Array.from({ length: 19 }, (_, i) => submit(i + 1)))));
  } else {
    for (let i = 0; i < 20; i++) ids.push(await submit(i));
  }
  const status = async (id: string) =>
    (await on.server.call('GET', `/v1/accounting/invoices/${id}`, { token: shop.token })).body
      .status as string;
  const deadline = Date.now() + 30_000;
  let statuses: string[] = [];
  while (Date.now() < deadline) {
    statuses = await Promise.all(ids.map(status));
    if (statuses.every((s) => s === 'issued')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await worker.stop();
  expect(statuses).toEqual(Array(20).fill('issued'));
  const ledger = await on.sim.ledger(shop.serial);
  const gcs = ledger.map((r) => r.gc);
  expect(gcs).toEqual(Array.from({ length: 20 }, (_, i) => gcs[0]! + i));
  expect(ledger.every((r) => r.ackCode === 0 && r.posts === 1)).toBe(true);
  const queue = await on.deps.db
    .select({ status: traOutbox.status })
    .from(traOutbox)
    .where(eq(traOutbox.companyId, shop.companyId))
    .orderBy(asc(traOutbox.seq));
  expect(queue.every((q) => q.status === 'accepted')).toBe(true);
}
