// Receipts committed by a submission are sent by the process's TRA worker at once, not at its
// next poll: the worker below would not poll again for ten minutes.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { traOutbox } from '../../server/db/schema';
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

const TEN_MINUTES = 600_000;

async function documents(companyId: string) {
  return env.deps.db
    .select({ status: traOutbox.status })
    .from(traOutbox)
    .where(eq(traOutbox.companyId, companyId));
}

async function saveDraft(shop: InvoiceShop) {
  const body = invoiceBody();
  const created = await env.server.call('POST', '/v1/accounting/invoices', {
    token: shop.token,
    body,
  });
  expect(created.status).toBe(201);
  return body.id as string;
}

describe('a submission wakes the TRA worker', () => {
  it('sends a receipt submitted on its own call', async () => {
    const shop = await invoiceShop(env);
    const id = await saveDraft(shop);
    const worker = createTraWorker(
      env.deps,
      { ...FAST, pollIntervalMs: TEN_MINUTES },
      invoiceQueueHooks,
    );
    worker.start();
    try {
      // The worker's first pass found nothing; it now sleeps until its next poll.
      await vi.waitFor(async () => expect(await documents(shop.companyId)).toEqual([]));
      const submitted = await env.server.call('POST', `/v1/accounting/invoices/${id}/submit`, {
        token: shop.token,
        headers: submitHeaders(),
      });
      expect(submitted.status).toBe(200);
      await vi.waitFor(
        async () => expect(await documents(shop.companyId)).toEqual([{ status: 'accepted' }]),
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
  });

  it('sends the receipts of offline invoices a sync batch wrote together', async () => {
    const shop = await invoiceShop(env);
    const worker = createTraWorker(
      env.deps,
      { ...FAST, pollIntervalMs: TEN_MINUTES },
      invoiceQueueHooks,
    );
    worker.start();
    try {
      const bodies = [invoiceBody(), invoiceBody()];
      const entries = bodies.flatMap((body) => [
        {
          key: crypto.randomUUID(),
          method: 'PUT',
          path: `/v1/accounting/invoices/${body.id}`,
          headers: { 'X-Device-Id': 'phone-1' },
          body: JSON.stringify(body),
        },
        {
          key: crypto.randomUUID(),
          method: 'POST',
          path: `/v1/accounting/invoices/${body.id}/submit`,
        },
      ]);
      const batch = await env.server.call('POST', '/v1/accounting/sync/batch', {
        token: shop.token,
        body: { entries },
      });
      expect(batch.status).toBe(200);
      expect(batch.body.answers.map((a: { status: number }) => a.status)).toEqual([
        201, 200, 201, 200,
      ]);
      await vi.waitFor(
        async () =>
          expect(await documents(shop.companyId)).toEqual([
            { status: 'accepted' },
            { status: 'accepted' },
          ]),
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
  });
});
