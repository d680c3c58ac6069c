// The synced record types the device knows: where each lives locally and how a server record
// is stored. Invoices and expenses add themselves here (and to the Dexie schema).
import type { Table } from 'dexie';
import type { Customer } from '../../domain/schemas/customer';
import type { Product } from '../../domain/schemas/product';
import { syncedCustomer } from '../db/customers';
import { db, type LocalFields, type SyncedEntity } from '../db/db';
import { syncedProduct } from '../db/products';

type LocalRecord = LocalFields & { id: string; version: number };

export interface EntitySync {
  table(): Table<LocalRecord, string>;
  /** The server's record as the device stores it, marked synced. */
  toLocal(record: unknown, companyId: string): LocalRecord;
}

export const entities: Record<SyncedEntity, EntitySync> = {
  customer: {
    table: () => db.customers as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedCustomer(record as Customer, companyId),
  },
  product: {
    table: () => db.products as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedProduct(record as Product, companyId),
  },
};

export function entitySync(type: string): EntitySync | null {
  return Object.hasOwn(entities, type) ? entities[type as SyncedEntity] : null;
}

/**
 * Bumped when a new entity type is added: the device then pulls from the start once, so it
 * receives the records of the new type that an older version of the app skipped.
 */
export const FEED_VERSION = 1;

export const cursorKey = (companyId: string) => `cursor:${companyId}:v${FEED_VERSION}`;
export const lastSyncKey = (companyId: string) => `lastSync:${companyId}`;
export const CONNECTIVITY_KEY = 'connectivity';

export interface Connectivity {
  /** Whether the server answered the last call (null before any call). */
  online: boolean | null;
  at: number;
}
