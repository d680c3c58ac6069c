// Writing to the outbox, and the signal the sync engine listens to. Only repositories call
// addToOutbox, inside the transaction that writes the record, so no change escapes the outbox.
import { db, type OutboxEntry } from './db';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after a repository committed a change: the sync engine drains soon. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyOutboxChange(): void {
  for (const listener of listeners) listener();
}

export type NewOutboxEntry = Omit<
  OutboxEntry,
  'seq' | 'key' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'lastError'
>;

/** The stored form of a new entry, with its own Idempotency-Key. */
export function outboxEntry(entry: NewOutboxEntry, now = Date.now()): OutboxEntry {
  return {
    ...entry,
    key: crypto.randomUUID(),
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
  };
}

/** Must run inside a Dexie transaction that includes db.outbox and the record's table. */
export async function addToOutbox(entry: NewOutboxEntry, now = Date.now()): Promise<void> {
  await db.outbox.add(outboxEntry(entry, now));
}

/** How many changes of this record still wait to be sent. */
export function pendingEntriesFor(entity: OutboxEntry['entity'], recordId: string) {
  return db.outbox.where('[entity+recordId]').equals([entity, recordId]).count();
}
