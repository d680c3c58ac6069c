// What signing out would throw away, and throwing it away once the user agreed. Records
// waiting in the outbox exist nowhere but on this device.
import { db } from './db';

export interface UnsyncedChanges {
  /** Changes still waiting to be sent. */
  waiting: number;
  /** Records the server refused, still shown with its message for the user to fix. */
  failed: number;
}

/** What is on this device and not on the server, for one company or for all. */
export async function unsyncedChanges(companyId?: string): Promise<UnsyncedChanges> {
  return db.transaction('r', [db.outbox, db.customers, db.products, db.invoices], async () => {
    const waiting = companyId
      ? await db.outbox.where('companyId').equals(companyId).count()
      : await db.outbox.count();
    let failed = 0;
    for (const table of [db.customers, db.products, db.invoices]) {
      failed += companyId
        ? await table.where('[companyId+syncState]').equals([companyId, 'failed']).count()
        : await table.filter((record) => record.syncState === 'failed').count();
    }
    return { waiting, failed };
  });
}

/** True when signing out now would lose changes: ask the user first. */
export async function signOutWouldLoseChanges(companyId?: string): Promise<boolean> {
  const { waiting, failed } = await unsyncedChanges(companyId);
  return waiting + failed > 0;
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
