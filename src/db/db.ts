// The app's local source of truth: the IndexedDB database 'risiti'. Screens read it through
// live queries and write only through the repositories beside this file, each of which writes
// the record and its outbox entry in one transaction.
import { Dexie, type EntityTable } from 'dexie';
import type { Customer } from '../../domain/schemas/customer';
import type { Invoice } from '../../domain/schemas/invoice';
import type { Product } from '../../domain/schemas/product';
import type { ErrorBody } from '../../domain/errors';
import type {
  ExpenseAttachmentRecord,
  ExpenseCategoryRecord,
  ExpenseRecord,
  VendorRecord,
} from '../../domain/expense-record';

/** Where a local record stands with the server. */
export type RecordSyncState = 'synced' | 'pending' | 'failed';

/** The server's refusal of a change, already in the user's language. */
export interface RecordSyncError extends ErrorBody {
  status: number;
  /** When the server refused it (ms since epoch). */
  at: number;
  /**
   * With `record_changed`: the fields of the version the refused change was made on, when the
   * phone knew them (what each side changed since).
   */
  base?: Record<string, unknown>;
  /**
   * With `record_changed`: the record's later changes that were queued behind the refused one
   * (an expense marked processed after its edit), held until the user chooses, then queued
   * again behind the choice.
   */
  held?: Omit<OutboxEntry, 'seq'>[];
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

/** An invoice on this device: the server's document plus where it stands locally. */
export type LocalInvoice = Invoice &
  LocalFields & {
    /** `${date} ${createdAt}`: newest first in lists, and date ranges as key ranges. */
    sortKey: string;
    /** The fiscal receipt number, null until the server numbered it. */
    receiptNumber: number | null;
    /** Words of searchText, for the multi-entry index. */
    searchWords: string[];
    /**
     * 1 once a save of this draft made on this device reached the server: if a later pull
     * brings a newer draft, another device replaced this device's work and the user is told.
     */
    writtenHere: 0 | 1;
    /** When a pull replaced this device's draft with another device's version (ms), until seen. */
    replacedAt: number | null;
    /**
     * What this device did to the invoice (an edit, a submit, a cancel) and the server refused
     * because another device had submitted or canceled it first, until seen: when, and why.
     */
    overtaken?: { at: number; message: string } | null;
    /** The last request to email the invoice from this device, and what became of it. */
    email: InvoiceEmailState | null;
  };

export interface InvoiceEmailState {
  status: 'queued' | 'sent' | 'failed';
  /** The address asked for (null: the customer's), then the one the server used. */
  to: string | null;
  at: number;
  error: RecordSyncError | null;
}

/**
 * What the invoice editor holds while someone types, kept on every change so that a reload or a
 * crashed tab loses nothing. Removed once the invoice is saved (or the user discards it).
 */
export interface InvoiceEditorDraft {
  /** The invoice's id (a new invoice has one from the start). */
  id: string;
  companyId: string;
  /** The saved invoice's version the edit started from; null for an invoice never saved. */
  baseVersion: number | null;
  /** The form's values exactly as typed (text fields stay text). */
  form: unknown;
  updatedAt: number;
}

/** An expense on this device: the server's record plus where it stands locally. */
export type LocalExpense = ExpenseRecord &
  LocalFields & {
    /** `${date} ${createdAt}`: newest first in lists, and periods as key ranges. */
    sortKey: string;
    /** Words of searchText, for the multi-entry index. */
    searchWords: string[];
  };

export type LocalVendor = VendorRecord & LocalFields;
export type LocalExpenseCategory = ExpenseCategoryRecord & LocalFields;

/**
 * A file attached to an expense. One taken on this device keeps its bytes here (a Blob in
 * IndexedDB) until, and after, the outbox uploaded it; one added on another device has none
 * and is fetched from the server when opened.
 */
export type LocalExpenseAttachment = ExpenseAttachmentRecord &
  LocalFields & {
    blob: Blob | null;
  };

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
  /**
   * save and delete for every record type; submit, cancel and email for invoices; lookup
   * (a scanned receipt to read at TRA), status (processed or canceled) and upload (a file's
   * bytes) for expenses.
   */
  action: 'save' | 'delete' | 'submit' | 'cancel' | 'email' | 'lookup' | 'status' | 'upload';
  /** What the user would call it (a customer's or product's name), for the list of what waits. */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API path without the company parameter, which the drain adds. */
  path: string;
  body: OutboxBody | null;
  /** Extra request headers (the invoice API's X-Device-Id, a save's If-Match). */
  headers?: Record<string, string>;
  /**
   * With If-Match: the fields of the version the change was made on, so that a refusal can tell
   * what this phone changed from what another device changed.
   */
  base?: Record<string, unknown>;
  createdAt: number;
  attempts: number;
  /** No new attempt before this time (ms), unless the network just came back. */
  nextAttemptAt: number;
  /** Why the last attempt did not reach an answer, for the user ("no connection", a 5xx). */
  lastError: string | null;
}

export type SyncedEntity =
  | 'customer'
  | 'product'
  | 'invoice'
  | 'expense'
  | 'expense_attachment'
  | 'vendor'
  | 'expense_category';

export interface MetaRow {
  key: string;
  value: unknown;
}

export class RisitiDatabase extends Dexie {
  customers!: EntityTable<LocalCustomer, 'id'>;
  products!: EntityTable<LocalProduct, 'id'>;
  invoices!: EntityTable<LocalInvoice, 'id'>;
  invoiceDrafts!: EntityTable<InvoiceEditorDraft, 'id'>;
  expenses!: EntityTable<LocalExpense, 'id'>;
  vendors!: EntityTable<LocalVendor, 'id'>;
  expenseCategories!: EntityTable<LocalExpenseCategory, 'id'>;
  expenseAttachments!: EntityTable<LocalExpenseAttachment, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'risiti') {
    // Strict durability: a write the user saw succeed survives a power cut (Chromium otherwise
    // reports success before the data reaches the disk).
    super(name, { chromeTransactionDurability: 'strict' });
    // Each new version lists every table again.
    const v1 = {
      customers:
        'id, [companyId+nameKey], [companyId+syncState], [companyId+identificationNumber], [companyId+vatRegistrationNumber]',
      products: 'id, [companyId+nameKey], [companyId+syncState]',
      outbox: '++seq, companyId, [entity+recordId]',
      meta: 'key',
    };
    this.version(1).stores(v1);
    const v2 = {
      ...v1,
      invoices:
        'id, [companyId+sortKey], [companyId+status+sortKey], [companyId+syncState], [companyId+customerId], [companyId+receiptNumber], *searchWords',
      invoiceDrafts: 'id, [companyId+updatedAt]',
    };
    this.version(2).stores(v2);
    this.version(3).stores({
      ...v2,
      // Per record of a company: the sync state counts records waiting, not queued calls.
      outbox: '++seq, companyId, [entity+recordId], [companyId+entity+recordId]',
      expenses:
        'id, [companyId+sortKey], [companyId+syncState], [companyId+receiptCode], *searchWords',
      vendors:
        'id, [companyId+nameKey], [companyId+syncState], [companyId+tin], [companyId+serial]',
      expenseCategories: 'id, [companyId+nameKey], [companyId+syncState], [companyId+code]',
      expenseAttachments: 'id, [companyId+expenseId], [companyId+syncState]',
    });
  }
}

export const db = new RisitiDatabase();
