// The receipt lookup job: reads each queued receipt from TRA's verification and fills its
// expense. The queue is the expenses table itself (lookup_* columns), shared by every server
// process: a reader claims rows with FOR UPDATE SKIP LOCKED and a lease, holds no transaction
// while TRA answers, and records the outcome only if it still holds the claim (the attempt
// number is its fence), so a reader that stalled past its lease cannot undo a newer one.
// No answer, a server error or a rate limit: tried again after 2, 4, 8, 16 and 30 s, then given
// up as 'receipt processing failed' (about a minute in all, as the product promises); the code
// stays and the expense is entered by hand or looked up again. A reading that ends long after its
// code was given is told to the person by push (server/push/notices.ts).
import { and, asc, eq, inArray, isNull, lte, or, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../context';
import { startQueueLoop } from '../../queue-loop';
import { auditLog, expenses } from '../../db/schema';
import { reserveChangeSeq } from '../../sync/changes';
import { verifyBase } from '../../vfd/device';
import { expenseColumns } from '../service';
import { linkVendor } from '../vendors';
import { formatTsh } from '../../../domain/money';
import { noticeReceiptLookup } from '../../push/notices';
import { expenseFromReceipt } from './fill';
import { verifyReceipt, type VerifyOutcome } from './tra-verify';

/** Waits before attempts 2, 3, … of one lookup. */
const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000];
export const MAX_LOOKUP_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LEASE_MS = 60_000;

/** Where receipts are looked up: TRA's page for TRA's bases, else the simulator this server reaches. */
export function lookupBase(deps: Pick<Deps, 'config' | 'traBaseUrl'>): string {
  return verifyBase({
    config: { ...deps.config, publicUrl: undefined },
    traBaseUrl: deps.traBaseUrl,
  });
}

interface Claimed {
  id: string;
  companyId: string;
  receiptCode: string;
  time: string;
  attempts: number;
  createdById: string | null;
}

/** Ids are unique within their company only. */
const ownExpense = (row: { companyId: string; id: string }) =>
  and(eq(expenses.companyId, row.companyId), eq(expenses.id, row.id));

async function claim(deps: Deps, limit: number): Promise<Claimed[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ companyId: expenses.companyId, id: expenses.id })
      .from(expenses)
      .where(
        and(
          inArray(expenses.lookupStatus, ['queued', 'reading']),
          lte(expenses.lookupNextAt, now),
          or(isNull(expenses.lookupLeaseUntil), lt(expenses.lookupLeaseUntil, now)),
        ),
      )
      .orderBy(asc(expenses.lookupNextAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(expenses)
      .set({
        lookupStatus: 'reading',
        lookupLeaseUntil: new Date(now.getTime() + LEASE_MS),
        lookupAttempts: sql`${expenses.lookupAttempts} + 1`,
      })
      .where(or(...due.map((row) => ownExpense(row))))
      .returning({
        id: expenses.id,
        companyId: expenses.companyId,
        receiptCode: expenses.receiptCode,
        time: expenses.lookupTime,
        attempts: expenses.lookupAttempts,
        createdById: expenses.createdById,
      });
    return rows.map((row) => ({ ...row, time: row.time ?? '00:00:00' }));
  });
}

/** Records the outcome, if this reader still holds the claim. */
async function settle(deps: Deps, job: Claimed, outcome: VerifyOutcome): Promise<void> {
  const now = deps.clock.now();
  const retrying = outcome.kind === 'retry' && job.attempts < MAX_LOOKUP_ATTEMPTS;
  if (retrying) {
    const delay = Math.max(
      RETRY_DELAYS_MS[job.attempts - 1] ?? RETRY_DELAYS_MS.at(-1)!,
      outcome.retryAfterMs ?? 0,
    );
    await deps.db
      .update(expenses)
      .set({
        lookupStatus: 'queued',
        lookupLeaseUntil: null,
        lookupNextAt: new Date(now.getTime() + delay),
        lookupError: null,
      })
      .where(
        and(
          ownExpense(job),
          eq(expenses.lookupStatus, 'reading'),
          eq(expenses.lookupAttempts, job.attempts),
        ),
      );
    return;
  }
  await deps.db.transaction(async (tx) => {
    const seq = await reserveChangeSeq(tx, job.companyId);
    const [row] = await tx.select().from(expenses).where(ownExpense(job)).for('update');
    if (!row || row.lookupStatus !== 'reading' || row.lookupAttempts !== job.attempts) return;
    const base = {
      lookupLeaseUntil: null,
      lookupNextAt: null,
      lookupAt: now,
      version: row.version + 1,
      seq,
      updatedAt: now,
    };
    const fillable = row.status === 'pending' && row.items.length === 0;
    const notice = {
      expenseId: job.id,
      to: job.createdById,
      askedAt: row.lookupAt ?? now,
      at: now,
    };
    if (outcome.kind === 'found' && fillable) {
      const filled = expenseFromReceipt(outcome.receipt);
      const columns = expenseColumns({
        source: row.source,
        receiptCode: row.receiptCode,
        date: filled.date,
        time: filled.time,
        currency: 'TZS',
        currencyRate: 1,
        amountType: filled.amountType,
        categoryId: row.categoryId,
        vendor: filled.vendor,
        items: filled.items,
        payments: filled.payments,
      });
      const vendorId = await linkVendor(
        tx,
        { companyId: job.companyId, userId: job.createdById },
        filled.vendor,
        now,
      );
      await tx
        .update(expenses)
        .set({ ...columns, vendorId, ...base, lookupStatus: 'done', lookupError: null })
        .where(ownExpense(job));
      await noticeReceiptLookup(tx, {
        ...notice,
        read: true,
        vendor: filled.vendor.name,
        total: formatTsh(columns.totalAmount),
      });
    } else if (outcome.kind === 'found') {
      // Entered by hand (or canceled) while TRA was asked: the person's version stands.
      await tx
        .update(expenses)
        .set({ ...base, lookupStatus: 'done', lookupError: null })
        .where(ownExpense(job));
    } else {
      await tx
        .update(expenses)
        .set({ ...base, lookupStatus: 'failed', lookupError: 'receipt_processing_failed' })
        .where(ownExpense(job));
      await noticeReceiptLookup(tx, { ...notice, read: false, code: row.receiptCode ?? '' });
    }
    await tx.insert(auditLog).values({
      companyId: job.companyId,
      userId: null,
      action: outcome.kind === 'found' ? 'expense_receipt_read' : 'expense_receipt_not_read',
      entity: 'expense',
      entityId: job.id,
      data: {
        version: row.version + 1,
        attempts: job.attempts,
        ...(outcome.kind === 'retry' ? { reason: outcome.reason } : {}),
        ...(outcome.kind === 'not_found' ? { reason: 'not found' } : {}),
      },
      createdAt: now,
    });
  });
}

export interface LookupRunOptions {
  fetch?: typeof fetch;
  /** How many receipts are read at the same time. */
  parallel?: number;
}

/** Reads every lookup that is due now; returns how many were tried. */
export async function runDueLookups(deps: Deps, options: LookupRunOptions = {}): Promise<number> {
  const jobs = await claim(deps, options.parallel ?? 4);
  const base = lookupBase(deps);
  await Promise.all(
    jobs.map(async (job) => {
      const outcome = await verifyReceipt(base, job.receiptCode, job.time, {
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      await settle(deps, job, outcome).catch((error: unknown) => {
        deps.log.error('Recording a receipt lookup failed', { id: job.id, error: String(error) });
      });
    }),
  );
  return jobs.length;
}

/** Polls the queue every `intervalMs` (and again at once while there is work). */
export function startReceiptLookups(
  deps: Deps,
  intervalMs = 1_000,
  options: LookupRunOptions = {},
) {
  return startQueueLoop(() => runDueLookups(deps, options), {
    intervalMs,
    log: deps.log,
    failure: 'Receipt lookups failed',
  });
}
