// @vitest-environment node
// After a sync sends invoices written offline, it keeps asking (pulls the server holds) until
// TRA has accepted their receipts, so the phone shows them issued without waiting for its next
// poll. The phone's data layer against the real server with its TRA worker and simulator.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { submitInvoice } from '../../src/db/invoices';
import { syncNow } from '../../src/sync/sync-now';
import { createFetchSend, type SyncSend } from '../../src/sync/transport';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker, type TraWorker } from '../../server/vfd/worker';
import { createFiscalEnv, FAST, type FiscalEnv } from '../helpers/fiscal';
import { invoiceShop, type InvoiceShop } from '../helpers/invoices';
import { resetLocalDatabase } from './helpers/local-db';

let env: FiscalEnv;
let worker: TraWorker;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});
beforeEach(resetLocalDatabase);

function device(shop: InvoiceShop, afterFirstPull: () => void = () => {}) {
  const requests: string[] = [];
  const send = createFetchSend({
    baseUrl: 'http://risiti.test',
    getAccessToken: async () => shop.token,
    getLanguage: () => 'en',
    fetch: async (input, init) => {
      requests.push(`${init?.method} ${String(input)}`);
      const response = await env.server.app.request(String(input), init);
      if (requests.filter((r) => r.startsWith('GET')).length === 1) afterFirstPull();
      return response;
    },
  });
  return { send: send as SyncSend, requests };
}

async function offlineInvoices(shop: InvoiceShop, count: number): Promise<string[]> {
  const context = {
    companyId: shop.companyId,
    userId: shop.operatorId,
    userName: 'Amina',
    blockedByTra: false,
  };
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await submitInvoice(context, {
      id,
      customer: { name: `Mteja ${i}`, identificationType: 'NO_IDENTIFICATION' },
      amountsIncludeTax: true,
      items: [
        {
          id: crypto.randomUUID(),
          description: 'Sukari 1kg',
          quantity: 2,
          unitPrice: 295_000 + i,
          taxType: 'standard',
          discountPercent: 0,
        },
      ],
      payments: [],
    });
    ids.push(id);
  }
  return ids;
}

describe('a sync that sent invoices', () => {
  it('returns once TRA has accepted their receipts, with the invoices issued on the phone', async () => {
    const shop = await invoiceShop(env);
    worker = createTraWorker(env.deps, { ...FAST, pollIntervalMs: 20 }, invoiceQueueHooks);
    // TRA is reached only once the sync's own pull has shown the invoices still submitted.
    const { send, requests } = device(shop, () => worker.start());
    const ids = await offlineInvoices(shop, 3);
    try {
      const result = await syncNow({ send, companyId: shop.companyId });
      expect(result).toMatchObject({ status: 'done', drain: { status: 'done', sent: 6 } });
    } finally {
      await worker.stop();
    }
    const invoices = await db.invoices.bulkGet(ids);
    expect(invoices.map((invoice) => invoice?.status)).toEqual(['issued', 'issued', 'issued']);
    expect(requests.some((r) => r.includes('/changes?') && r.includes('&wait='))).toBe(true);
  });

  it('does not wait when it sent no invoice', async () => {
    const shop = await invoiceShop(env);
    const { send, requests } = device(shop);
    await saveCustomer(shop.companyId, { name: 'Baraka', identificationType: 'NO_IDENTIFICATION' });
    const result = await syncNow({ send, companyId: shop.companyId });
    expect(result).toMatchObject({ status: 'done', drain: { status: 'done', sent: 1 } });
    expect(requests.filter((r) => r.startsWith('GET'))).toHaveLength(1);
    expect(requests.some((r) => r.includes('&wait='))).toBe(false);
  });
});
