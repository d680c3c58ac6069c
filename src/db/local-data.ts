// What signing out would throw away, and throwing it away once the user agreed. Records
// waiting in the outbox, and invoices typed in the editor but not saved, exist nowhere but on
// this device.
import { db } from './db';

export interface UnsyncedChanges {
  /** Changes still waiting to be sent. */
  waiting: number;
  /** Records the server refused, still shown with its message for the user to fix. */
  failed: number;
  /** Invoices with typing in the editor that was never saved. */
  unsaved: number;
}

/** How many things signing out would lose. */
export const lostBySignOut = (changes: UnsyncedChanges): number =>
  changes.waiting + changes.failed + changes.unsaved;

/** What is on this device and not on the server, for one company or for all. */
export async function unsyncedChanges(companyId?: string): Promise<UnsyncedChanges> {
  const synced = [
    db.customers,
    db.products,
    db.invoices,
    db.expenses,
    db.vendors,
    db.expenseCategories,
    db.expenseAttachments,
  ];
  const tables = [db.outbox, db.invoiceDrafts, ...synced];
  return db.transaction('r', tables, async () => {
    const waiting = companyId
      ? await db.outbox.where('companyId').equals(companyId).count()
      : await db.outbox.count();
    const unsaved = companyId
      ? await db.invoiceDrafts
          .where('[companyId+updatedAt]')
          .between([companyId, 0], [companyId, Number.MAX_SAFE_INTEGER])
          .count()
      : await db.invoiceDrafts.count();
    let failed = 0;
    for (const table of synced) {
      failed += companyId
        ? await table.where('[companyId+syncState]').equals([companyId, 'failed']).count()
        : await table.filter((record) => record.syncState === 'failed').count();
    }
    return { waiting, failed, unsaved };
  });
}

/** True when signing out now would lose changes: ask the user first. */
export async function signOutWouldLoseChanges(companyId?: string): Promise<boolean> {
  return lostBySignOut(await unsyncedChanges(companyId)) > 0;
}

/**
 * Empties the local database (records, outbox, sync positions): for signing out, after the
 * user agreed to lose what unsyncedChanges reported. The next sign-in pulls everything again.
 */
export async function clearLocalData(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}
