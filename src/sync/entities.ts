// The synced record types the device knows: where each lives locally and how a server record
// is stored. Expenses add themselves here (and to the Dexie schema).
import type { Table } from 'dexie';
import type { Customer } from '../../domain/schemas/customer';
import type { Invoice } from '../../domain/schemas/invoice';
import type { Product } from '../../domain/schemas/product';
import { customerChanges, syncedCustomer } from '../db/customers';
import {
  db,
  type LocalFields,
  type LocalInvoice,
  type OutboxEntry,
  type RecordSyncError,
  type SyncedEntity,
} from '../db/db';
import { invoiceAnswered, invoiceLabel, invoiceRefused, syncedInvoice } from '../db/invoices';
import { productChanges, syncedProduct } from '../db/products';
import { refusedAsChanged, type ChangeRules } from '../db/record-changes';
import type {
  ExpenseAttachmentRecord,
  ExpenseCategoryRecord,
  ExpenseRecord,
  VendorRecord,
} from '../../domain/expense-record';
import {
  categoryChanges,
  syncedCategory,
  syncedVendor,
  vendorChanges,
} from '../db/expense-directory';
import { attachmentUploadBody, syncedAttachment } from '../db/expense-attachments';
import { expenseChanges, expenseLabel, syncedExpense } from '../db/expenses';
import type { LocalExpense, LocalExpenseAttachment } from '../db/db';
import { reportUploadProgress } from './upload-progress';

export type LocalRecord = LocalFields & { id: string; version: number };

export interface EntitySync {
  table(): Table<LocalRecord, string>;
  /**
   * The server's record as the device stores it, marked synced. `previous` is the local copy it
   * replaces; `answerTo` the outbox entry the record answers (absent when it came by a pull).
   */
  toLocal(
    record: unknown,
    companyId: string,
    previous?: LocalRecord,
    answerTo?: OutboxEntry,
  ): LocalRecord;
  /** What lists of changes call the record, when it has no name. */
  label?(record: LocalRecord): string;
  /**
   * For entries whose answer is not the record (an invoice emailed): the change the answer makes
   * to the local record, or undefined to store the answer as the record.
   */
  answered?(entry: OutboxEntry, body: unknown, local: LocalRecord): object | undefined;
  /**
   * The change a refusal makes to the local record, instead of marking it failed with the
   * server's message (a refused submit puts the invoice back to draft, with the message).
   */
  refused?(
    entry: OutboxEntry,
    error: RecordSyncError,
    local: LocalRecord,
  ): Promise<object | undefined> | object | undefined;
  /**
   * For entries whose body is not JSON (a file's bytes): the body to send, read when the entry
   * is sent. Progress of such a body is reported by the entry's record id.
   */
  body?(entry: OutboxEntry): Promise<Blob | undefined>;
}

export const entities: Record<SyncedEntity, EntitySync> = {
  customer: {
    table: () => db.customers as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedCustomer(record as Customer, companyId),
    refused: (entry, error, local) =>
      refusedAsChanged(customerChanges as ChangeRules, entry, error, local),
  },
  product: {
    table: () => db.products as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedProduct(record as Product, companyId),
    refused: (entry, error, local) =>
      refusedAsChanged(productChanges as ChangeRules, entry, error, local),
  },
  invoice: {
    table: () => db.invoices as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId, previous, answerTo) =>
      syncedInvoice(record as Invoice, companyId, previous as LocalInvoice | undefined, answerTo),
    label: (record) => invoiceLabel(record as LocalInvoice),
    answered: (entry, body, local) => invoiceAnswered(entry, body, local as LocalInvoice),
    refused: (entry, error, local) => invoiceRefused(entry, error, local as LocalInvoice),
  },
  expense_category: {
    table: () => db.expenseCategories as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedCategory(record as ExpenseCategoryRecord, companyId),
    refused: (entry, error, local) =>
      refusedAsChanged(categoryChanges as ChangeRules, entry, error, local),
  },
  vendor: {
    table: () => db.vendors as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedVendor(record as VendorRecord, companyId),
    refused: (entry, error, local) =>
      refusedAsChanged(vendorChanges as ChangeRules, entry, error, local),
  },
  expense: {
    table: () => db.expenses as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId) => syncedExpense(record as ExpenseRecord, companyId),
    label: (record) => expenseLabel(record as LocalExpense),
    refused: (entry, error, local) =>
      refusedAsChanged(expenseChanges as ChangeRules, entry, error, local),
  },
  expense_attachment: {
    table: () => db.expenseAttachments as unknown as Table<LocalRecord, string>,
    toLocal: (record, companyId, previous) =>
      syncedAttachment(
        record as ExpenseAttachmentRecord,
        companyId,
        previous as LocalExpenseAttachment | undefined,
      ),
    body: attachmentUploadBody,
  },
};

/** How much of an entry's file body has gone out (for the entries that send one). */
export function uploadProgressOf(entry: OutboxEntry) {
  return entry.action === 'upload'
    ? (sent: number, total: number) => reportUploadProgress(entry.recordId, sent, total)
    : undefined;
}

/**
 * Whether an outbox entry changes the record it names. One that does not (sending an invoice by
 * email) neither holds back the server's newer version of the record nor is overwritten by it.
 */
export function changesRecord(entry: Pick<OutboxEntry, 'action'>): boolean {
  return entry.action !== 'email';
}

export function entitySync(type: string): EntitySync | null {
  return Object.hasOwn(entities, type) ? entities[type as SyncedEntity] : null;
}

/**
 * Bumped when a new entity type is added: the device then pulls from the start once, so it
 * receives the records of the new type that an older version of the app skipped.
 */
export const FEED_VERSION = 3;

export const cursorKey = (companyId: string) => `cursor:${companyId}:v${FEED_VERSION}`;
export const lastSyncKey = (companyId: string) => `lastSync:${companyId}`;
/** Set while a pull has more pages to fetch: what the lists show is not all there is yet. */
export const downloadingKey = (companyId: string) => `downloading:${companyId}`;
export const CONNECTIVITY_KEY = 'connectivity';

export interface Connectivity {
  /** Whether the server answered the last call (null before any call). */
  online: boolean | null;
  at: number;
}
