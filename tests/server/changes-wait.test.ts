// A pull that asks to wait (?wait=ms) is held while the company's receipts are on their way to
// TRA and nothing new is in its feed, and answers as soon as a receipt is settled.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker } from '../../server/vfd/worker';
import { createFiscalEnv, FAST, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

interface Page {
  changes: Array<{ type: string; id: string; record?: { status?: string } }>;
  cursor: string;
  receiptsPending?: boolean;
}

async function pull(shop: InvoiceShop, since: string, wait?: number): Promise<Page> {
  const query = `since=${since}${wait === undefined ? '' : `&wait=${wait}`}`;
  const response = await env.server.call('GET', `/v1/accounting/changes?${query}`, {
    token: shop.token,
  });
  expect(response.status).toBe(200);
  return response.body as Page;
}

async function submitted(shop: InvoiceShop): Promise<string> {
  const body = invoiceBody();
  const created = await env.server.call('POST', '/v1/accounting/invoices', {
    token: shop.token,
    body,
  });
  expect(created.status).toBe(201);
  const answer = await env.server.call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
    token: shop.token,
    headers: submitHeaders(crypto.randomUUID()),
  });
  expect(answer.status).toBe(200);
  return body.id as string;
}

describe('a pull that waits for receipts', () => {
  it('is answered with the issued invoice once TRA accepts its receipt', async () => {
    const shop = await invoiceShop(env);
    const id = await submitted(shop);
    const before = await pull(shop, '0');
    expect(before.receiptsPending).toBeUndefined();
    expect(before.changes.find((c) => c.id === id)?.record?.status).toBe('submitted');

    let answered = false;
    const held = pull(shop, before.cursor, 60_000).then((page) => {
      answered = true;
      return page;
    });
    // Held: nothing new in the feed and the receipt still pending.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);

    const worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
    await worker.sendCompany(shop.companyId);
    const page = await held;
    expect(page.changes).toEqual([
      expect.objectContaining({
        type: 'invoice',
        id,
        record: expect.objectContaining({ status: 'issued' }),
      }),
    ]);
    expect(page.receiptsPending).toBe(false);
    await worker.stop();
  });

  it('says receipts are still pending when the wait ends with nothing new', async () => {
    const shop = await invoiceShop(env);
    await submitted(shop);
    const { cursor } = await pull(shop, '0');
    const page = await pull(shop, cursor, 50);
    expect(page).toMatchObject({ changes: [], cursor, receiptsPending: true });
  });

  it('answers what is new without waiting for TRA, and at once when no receipt is pending', async () => {
    const shop = await invoiceShop(env);
    const empty = await pull(shop, '0', 60_000);
    expect(empty).toMatchObject({ changes: [], receiptsPending: false });
    const id = await submitted(shop);
    // The submitted invoice is new: it is answered without waiting for TRA.
    const page = await pull(shop, empty.cursor, 60_000);
    expect(page.changes.map((c) => c.id)).toEqual([id]);
    expect(page.receiptsPending).toBe(true);
  });

  it('refuses a wait that is not a number', async () => {
    const shop = await invoiceShop(env);
    const response = await env.server.call('GET', '/v1/accounting/changes?since=0&wait=soon', {
      token: shop.token,
    });
    expect(response.status).toBe(422);
  });
});
