// Invoices issued offline reach the server as save, submit, save, submit… in one sync batch.
// They are written and numbered together, yet each entry is answered as its own call would
// have been, the receipt numbers are contiguous and given once, and an entry that its route
// would refuse is answered with its own refusal without stopping the others.
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncBatchEntry } from '../../domain/sync-batch';
import { auditLog, fiscalReceipts, invoices } from '../../server/db/schema';
import { bulkSaveAndSubmitInvoices } from '../../server/sync/bulk-invoices';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, type InvoiceShop } from '../helpers/invoices';
import { batchAnswers, batchEntry, expectAnsweredAloneAsInBatch } from '../helpers/sync-batch';

let env: FiscalEnv;
let shop: InvoiceShop;
beforeAll(async () => {
  env = await createFiscalEnv();
  shop = await invoiceShop(env);
});
afterAll(async () => {
  await env.close();
});

const sendBatch = (entries: SyncBatchEntry[]) =>
  batchAnswers(env.server, shop.companyId, shop.token, entries);

/** The two entries the phone queues for an invoice submitted offline. */
function offlineInvoice(draft: Record<string, unknown>, device: string): SyncBatchEntry[] {
  const path = `/invoices/${String(draft.id)}`;
  return [
    batchEntry(shop.companyId, 'PUT', path, draft, { headers: { 'X-Device-Id': device } }),
    batchEntry(shop.companyId, 'POST', `${path}/submit`, undefined, { requires: [] }),
  ];
}

/** The outbox's entries for the drafts, each submit requiring its save. */
function outbox(drafts: Record<string, unknown>[], device: string): SyncBatchEntry[] {
  return drafts.flatMap((draft, index) => {
    const [save, submit] = offlineInvoice(draft, device);
    return [save!, { ...submit!, requires: [2 * index] }];
  });
}

const receiptNumber = (body: unknown) =>
  (body as { fiscal: { receiptNumber: number } }).fiscal.receiptNumber;

describe('invoices issued offline, in one batch', () => {
  it('are saved and numbered together, each answered as its own call would be', async () => {
    const device = `phone-${crypto.randomUUID()}`;
    const drafts = Array.from({ length: 30 }, (_, i) =>
      invoiceBody({ items: [{ unitPrice: 100_000 + i }, { unitPrice: 5_000, quantity: 3 }] }),
    );
    const entries = outbox(drafts, device);
    const answers = await sendBatch(entries);
    expect(answers.map((a) => a.status)).toEqual(entries.map((_, i) => (i % 2 ? 200 : 201)));
    drafts.forEach((draft, i) => {
      expect(answers[2 * i]!.body).toMatchObject({ id: draft.id, status: 'draft', version: 1 });
      expect(answers[2 * i + 1]!.body).toMatchObject({
        id: draft.id,
        status: 'submitted',
        version: 2,
        lastDeviceId: device,
      });
    });
    const numbers = answers.filter((_, i) => i % 2).map((a) => receiptNumber(a.body));
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[0]! + i);

    // Every key answers alone, replayed, exactly as in the batch.
    await expectAnsweredAloneAsInBatch(env.server, shop.token, entries, answers);
    // The invoice as the server now shows it is the submit's answer.
    const read = await env.server.call(
      'GET',
      `/v1/accounting/invoices/${String(drafts[7]!.id)}?companyId=${shop.companyId}`,
      { token: shop.token },
    );
    expect(read.body).toEqual(answers[15]!.body);

    // Each invoice its own audit rows and change positions, in the batch's order.
    const ids = drafts.map((d) => String(d.id));
    const audits = await env.deps.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, shop.companyId), inArray(auditLog.entityId, ids)));
    for (const id of ids) {
      expect(
        audits
          .filter((a) => a.entityId === id)
          .map((a) => a.action)
          .sort(),
      ).toEqual(['invoice_created', 'invoice_submitted']);
    }
    const rows = await env.deps.db
      .select({ id: invoices.id, seq: invoices.seq, createdAt: invoices.createdAt })
      .from(invoices)
      .where(and(eq(invoices.companyId, shop.companyId), inArray(invoices.id, ids)));
    const seqs = ids.map((id) => rows.find((r) => r.id === id)!.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    // Listed by creation, they come in the order the phone made them, with no ties.
    const made = ids.map((id) => rows.find((r) => r.id === id)!.createdAt.getTime());
    for (let i = 1; i < made.length; i++) expect(made[i]).toBeGreaterThan(made[i - 1]!);

    // The same batch again: the same answers, nothing stored twice.
    expect(await sendBatch(entries)).toEqual(answers);
    const receipts = await env.deps.db
      .select({ gc: fiscalReceipts.gc })
      .from(fiscalReceipts)
      .where(
        and(eq(fiscalReceipts.companyId, shop.companyId), inArray(fiscalReceipts.invoiceId, ids)),
      );
    expect(receipts.map((r) => r.gc).sort((a, b) => a - b)).toEqual(numbers);
  });

  it('answers a submit its route refuses on its own, and numbers the others without a gap', async () => {
    const device = `phone-${crypto.randomUUID()}`;
    const drafts = Array.from({ length: 8 }, (_, i) =>
      invoiceBody({ items: [{ unitPrice: 300_000 + i }] }),
    );
    // The fourth names a product the server does not have: saved, but not submitted.
    drafts[3] = invoiceBody({ items: [{ unitPrice: 1_000, productId: crypto.randomUUID() }] });
    const entries = outbox(drafts, device);
    const answers = await sendBatch(entries);
    expect(answers.map((a) => a.status)).toEqual(
      entries.map((_, i) => (i === 7 ? 422 : i % 2 ? 200 : 201)),
    );
    expect(answers[7]!.body).toMatchObject({ code: 'product_not_saved' });
    const numbers = answers
      .filter((a, i) => i % 2 && a.status === 200)
      .map((a) => receiptNumber(a.body));
    expect(numbers).toHaveLength(7);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[0]! + i);
    const [refused] = await env.deps.db
      .select({ status: invoices.status, receiptNumber: invoices.receiptNumber })
      .from(invoices)
      .where(and(eq(invoices.companyId, shop.companyId), eq(invoices.id, String(drafts[3]!.id))));
    expect(refused).toEqual({ status: 'draft', receiptNumber: null });
  });

  it('are taken as one run up to the first entry its route must answer', async () => {
    const ctx = { deps: env.deps, companyId: shop.companyId, userId: shop.operatorId };
    const base = new URL('http://localhost');
    const drafts = Array.from({ length: 5 }, (_, i) =>
      invoiceBody({ items: [{ unitPrice: 400_000 + i }] }),
    );
    drafts[4] = invoiceBody({ items: [{ unitPrice: 1_000, productId: crypto.randomUUID() }] });
    const entries = outbox(drafts, 'phone-run');
    const answers = await bulkSaveAndSubmitInvoices(env.deps, ctx, entries, base);
    // Four invoices and the fifth's save; its submit is left to the route.
    expect(answers.map((a) => a.key)).toEqual(entries.slice(0, 9).map((e) => e.key));
    // A run that starts with an entry its route must answer is not taken.
    const after = [entries[9]!, ...outbox([invoiceBody()], 'phone-run')];
    expect(await bulkSaveAndSubmitInvoices(env.deps, ctx, after, base)).toEqual([]);
  });
});
