// TRA's final answer on an invoice's receipt, recorded on the invoice in the same transaction
// the fiscal worker records it in (server/vfd/queue.ts receiptSettled). ACKCODE 0 makes the
// invoice issued; a rejection leaves it submitted, with TRA's message on its receipt. Either way
// its version rises and it takes a new change position, so the phones pull the news; a
// rejection is also pushed to the company's owners and the operator who issued it.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog, invoices } from '../db/schema';
import { noticeReceiptRefused } from '../push/notices';
import { reserveChangeSeq } from '../sync/changes';
import type { QueueHooks, ReceiptSettled } from '../vfd/queue';

export async function invoiceReceiptSettled(tx: Tx, event: ReceiptSettled): Promise<void> {
  const where = and(eq(invoices.id, event.invoiceId), eq(invoices.companyId, event.companyId));
  // A receipt fiscalized without an invoice row (the VFD used on its own) has nothing to update;
  // nor has an invoice that is no longer waiting for TRA.
  const [found] = await tx
    .select({
      status: invoices.status,
      operatorId: invoices.operatorId,
      customer: invoices.customer,
    })
    .from(invoices)
    .where(where);
  if (found?.status !== 'submitted') return;
  // Same lock order as every invoice write: change position first, then the invoice row.
  const seq = await reserveChangeSeq(tx, event.companyId);
  const issued = event.status === 'accepted';
  const [row] = await tx
    .update(invoices)
    .set({
      ...(issued ? { status: 'issued' as const, issuedAt: event.at } : {}),
      version: sql`${invoices.version} + 1`,
      seq,
      updatedAt: event.at,
    })
    .where(and(where, eq(invoices.status, 'submitted')))
    .returning({ version: invoices.version });
  if (!row) return;
  await tx.insert(auditLog).values({
    companyId: event.companyId,
    userId: null,
    action: issued ? 'invoice_issued' : 'invoice_rejected_by_tra',
    entity: 'invoice',
    entityId: event.invoiceId,
    data: {
      version: row.version,
      receiptId: event.receiptId,
      ackCode: event.ackCode,
      ...(issued ? {} : { message: event.ackMessage }),
    },
    createdAt: event.at,
  });
  if (!issued) {
    await noticeReceiptRefused(tx, {
      companyId: event.companyId,
      invoiceId: event.invoiceId,
      operatorId: found.operatorId,
      customer: found.customer.name,
      reason: event.ackMessage,
      at: event.at,
    });
  }
}

/** The fiscal worker's hooks for invoices (server/start.ts and the tests build it with these). */
export const invoiceQueueHooks: QueueHooks = { receiptSettled: invoiceReceiptSettled };
