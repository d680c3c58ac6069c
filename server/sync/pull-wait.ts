// A pull that waits for receipts being sent to TRA: after a phone sends its invoices, the
// server numbers them at once, but they are issued only as TRA accepts them one by one (rule
// 14). Rather than poll every few seconds, the phone asks with ?wait=ms and the server answers
// as soon as the company's feed moves past the phone's cursor. The feed's counter and the
// pending documents are read from the database, so the wait sees receipts settled by any
// server process.
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { awayFromTurn } from '../db/scheduler';
import { traOutbox } from '../db/schema';
import { lastChangeSeq } from './changes';

/** The longest a pull is held; a phone asks again if receipts are still pending. */
export const MAX_PULL_WAIT_MS = 5_000;
/** How often a held pull reads the feed's counter again. */
export const PULL_WAIT_STEP_MS = 100;
/**
 * Once the feed has moved, how long the answer still gathers what follows while receipts are
 * pending: TRA accepts a line's receipts one every few tens of milliseconds, and answering
 * each on its own would have the phone pull (and the server read the feed) as often.
 */
export const PULL_GATHER_MS = 300;

/** Whether receipts of the company wait for TRA (pending documents of its VFD's line). */
export async function receiptsPending(deps: Deps, companyId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: traOutbox.id })
    .from(traOutbox)
    .where(
      and(
        eq(traOutbox.companyId, companyId),
        eq(traOutbox.status, 'pending'),
        eq(traOutbox.kind, 'receipt'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Waits up to `waitMs` while the company's feed has nothing after `since` and receipts of the
 * company are pending, then up to PULL_GATHER_MS more while they still are; returns whether
 * receipts are still pending when it stops.
 */
export async function waitForReceipts(
  deps: Deps,
  companyId: string,
  since: number,
  waitMs: number,
): Promise<boolean> {
  let deadline = Date.now() + waitMs;
  let moved = false;
  for (;;) {
    const [pending, upTo] = await Promise.all([
      receiptsPending(deps, companyId),
      lastChangeSeq(deps.db, companyId),
    ]);
    if (!moved && upTo !== since) {
      moved = true;
      deadline = Math.min(deadline, Date.now() + PULL_GATHER_MS);
    }
    const left = deadline - Date.now();
    if (!pending || left <= 0) return pending;
    // The request's turn is free while it waits: held pulls must not keep the API waiting.
    await awayFromTurn(
      () => new Promise((resolve) => setTimeout(resolve, Math.min(PULL_WAIT_STEP_MS, left))),
    );
  }
}
