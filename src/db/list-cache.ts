// Lists kept in memory between visits of their screen, so a list opened again from the menu
// shows at once instead of reading 10,000 records again. An entry holds only while its table is
// unchanged: any write to the table (on this device, in another tab or by the service worker,
// which Dexie reports alike) drops every entry of that table, and so does reopening the
// database. A screen shows the entry from its first render and reads the list again meanwhile
// with its live query, which keeps it current: the cache spares the wait, not the read.
import { Dexie } from 'dexie';
import { db } from './db';

export class ListCache<T> {
  private readonly entries = new Map<string, T>();
  /** Reads under way by `share`, with the count of changes they started at. */
  private readonly pending = new Map<string, { changes: number; value: Promise<T> }>();
  /** Counts the table's changes, so a read that overlapped a change is not kept. */
  private changes = 0;

  constructor(
    table: string,
    /** Entries kept at most, the oldest dropped first. */
    private readonly size = 8,
  ) {
    const prefix = `idb://${db.name}/${table}/`;
    Dexie.on('storagemutated', (parts) => {
      if (Object.keys(parts).some((part) => part.startsWith(prefix))) this.clear();
    });
    // A database opened again may hold other data (a sign-out clears it): what was read
    // before is dropped. Reads waiting for the opening read the new data, and are kept.
    db.on('ready', () => this.entries.clear(), true);
  }

  /** The entry, if the table has not changed since it was read. */
  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  /** Reads through `read`, and keeps the result unless the table changed meanwhile. */
  async load(key: string, read: () => Promise<T>): Promise<T> {
    const changes = this.changes;
    const value = await read();
    if (changes === this.changes) {
      this.entries.delete(key);
      this.entries.set(key, value);
      while (this.entries.size > this.size) {
        this.entries.delete(this.entries.keys().next().value!);
      }
    }
    return value;
  }

  /**
   * The entry if there is one, else as `load`, but a read of the same key under way is shared
   * instead of started again: a screen's first read joins the one its route began while the
   * screen's code was loading.
   */
  share(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const pending = this.pending.get(key);
    if (pending && pending.changes === this.changes) return pending.value;
    const value = this.load(key, read).finally(() => {
      if (this.pending.get(key)?.value === value) this.pending.delete(key);
    });
    this.pending.set(key, { changes: this.changes, value });
    return value;
  }

  clear(): void {
    this.changes += 1;
    this.entries.clear();
  }
}

/**
 * Runs `read` outside the live query that awaits it. A live query records every key it reads,
 * to know which writes concern it: for a list of 10,000 ids that bookkeeping and its garbage
 * cost more than the read itself, before the list can show. The caller watches the list
 * another way first, e.g. by counting its range, which is recorded as the range alone.
 */
export function unwatched<T>(read: () => Promise<T>): Promise<T> {
  // A timer's callback runs outside Dexie's zone, so nothing read from it is recorded.
  return new Promise((resolve, reject) => {
    setTimeout(() => void read().then(resolve, reject), 0);
  });
}
