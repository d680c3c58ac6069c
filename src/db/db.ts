// The app's local source of truth: the IndexedDB database 'risiti'. Screens read it through
// live queries and write only through the repositories beside this file, each of which writes
// the record and its outbox entry in one transaction.
import { Dexie, type EntityTable } from 'dexie';
import type { Customer } from '../../domain/schemas/customer';
import type { Product } from '../../domain/schemas/product';
import type { ErrorBody } from '../../domain/errors';

/** Where a local record stands with the server. */
export type RecordSyncState = 'synced' | 'pending' | 'failed';

/** The server's refusal of a change, already in the user's language. */
export interface RecordSyncError extends ErrorBody {
  status: number;
  /** When the server refused it (ms since epoch). */
  at: number;
}

/** What the device keeps with every synced record besides its server fields. */
export interface LocalFields {
  companyId: string;
  syncState: RecordSyncState;
  syncError: RecordSyncError | null;
  /** 1 while the record's deletion waits for the server: hidden from lists, restored if refused. */
  deleted: 0 | 1;
  /** Lower-cased name, the list order. */
  nameKey: string;
  /** Lower-cased searchable text. */
  searchText: string;
}

/** version 0: created on this device and not yet accepted by the server. */
export type LocalCustomer = Customer & LocalFields;
export type LocalProduct = Product & LocalFields;

export type OutboxBody = { type: 'json'; json: unknown };

/**
 * One API call waiting to be sent, in order of `seq`. It leaves the table only when the server
 * has answered it (DESIGN.md "Sync rules").
 */
export interface OutboxEntry {
  seq?: number;
  /** Sent as Idempotency-Key: a replay of this entry never has a second effect. */
  key: string;
  companyId: string;
  entity: SyncedEntity;
  recordId: string;
  action: 'save' | 'delete';
  /** What the user would call it (a customer's or product's name), for the list of what waits. */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API path without the company parameter, which the drain adds. */
  path: string;
  body: OutboxBody | null;
  createdAt: number;
  attempts: number;
  /** No new attempt before this time (ms), unless the network just came back. */
  nextAttemptAt: number;
  /** Why the last attempt did not reach an answer, for the user ("no connection", a 5xx). */
  lastError: string | null;
}

export type SyncedEntity = 'customer' | 'product';

export interface MetaRow {
  key: string;
  value: unknown;
}

export class RisitiDatabase extends Dexie {
  customers!: EntityTable<LocalCustomer, 'id'>;
  products!: EntityTable<LocalProduct, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'risiti') {
    // Strict durability: a write the user saw succeed survives a power cut (Chromium otherwise
    // reports success before the data reaches the disk).
    super(name, { chromeTransactionDurability: 'strict' });
    // Each new version lists every table again; invoices and expenses come as version 2, 3 …
    this.version(1).stores({
      customers:
        'id, [companyId+nameKey], [companyId+syncState], [companyId+identificationNumber], [companyId+vatRegistrationNumber]',
      products: 'id, [companyId+nameKey], [companyId+syncState]',
      outbox: '++seq, companyId, [entity+recordId]',
      meta: 'key',
    });
  }
}

export const db = new RisitiDatabase();
