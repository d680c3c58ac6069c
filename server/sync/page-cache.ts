// A company's list pages, kept as the JSON they were sent as, for as long as nothing in the
// company changes. Every write to a synced record takes a new position in the company's changes
// feed in its own transaction (server/sync/changes.ts); the phones' sync already depends on
// that, and so does this cache: a page is served again only while the company's last position
// is the one read before the page was made. Reading that position is one indexed row, where
// making a page of 50 invoices was about 3 ms of the database and 106 KB of JSON. Integrations
// polling the first page between sales are the usual readers.
import type { Db } from '../db/client';
import { lastChangeSeq } from './changes';

/** What all cached pages may hold together, and one page at most, in characters of JSON. */
const CACHE_CHARS = 8 * 1024 * 1024;
const PAGE_CHARS_MAX = 1024 * 1024;

interface Entry {
  seq: number;
  body: string;
}

/** Least recently used first: a Map keeps insertion order, and a hit is inserted again. */
class PageCache {
  /** Pages being made, by key and position: readers who miss together wait for one making. */
  readonly making = new Map<string, Promise<string>>();
  private readonly pages = new Map<string, Entry>();
  private chars = 0;

  get(key: string, seq: number): string | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    this.pages.delete(key);
    if (entry.seq !== seq) {
      this.chars -= entry.body.length;
      return undefined;
    }
    this.pages.set(key, entry);
    return entry.body;
  }

  set(key: string, entry: Entry): void {
    const old = this.pages.get(key);
    if (old) {
      this.pages.delete(key);
      this.chars -= old.body.length;
    }
    if (entry.body.length > PAGE_CHARS_MAX) return;
    this.pages.set(key, entry);
    this.chars += entry.body.length;
    for (const [oldest, { body }] of this.pages) {
      if (this.chars <= CACHE_CHARS) break;
      this.pages.delete(oldest);
      this.chars -= body.length;
    }
  }
}

const caches = new WeakMap<Db, PageCache>();

/**
 * The page named by `key` (which must say everything the page depends on besides the company's
 * records: the list, the query) as JSON text, made by `make` unless the company has not changed
 * since it was last made. The position is read before the page, so a change committed in
 * between moves the position past the one the page is kept under: the page can only be newer
 * than its position, never older.
 */
export async function companyPage(
  db: Db,
  companyId: string,
  key: string,
  make: () => Promise<unknown>,
): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PageCache()));
  const cacheKey = `${companyId}\n${key}`;
  const seq = await lastChangeSeq(db, companyId);
  const cached = cache.get(cacheKey, seq);
  if (cached !== undefined) return cached;
  const makingKey = `${cacheKey}\n${seq}`;
  let making = cache.making.get(makingKey);
  if (!making) {
    making = make().then((page) => {
      const body = JSON.stringify(page);
      cache.set(cacheKey, { seq, body });
      return body;
    });
    cache.making.set(makingKey, making);
    const done = () => cache.making.delete(makingKey);
    making.then(done, done);
  }
  return making;
}
