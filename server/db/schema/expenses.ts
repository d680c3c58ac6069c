// Expenses of a company (spec §3 Expense, Expense category, Vendor) and the files attached to
// them. Every table is keyed by company and synced like customers: client ids, a version and a
// position in the company's changes feed. Expenses are internal and never go to TRA; the only
// contact with TRA is reading a scanned receipt from its public verification page (the lookup
// columns below are that job's queue).
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ATTACHMENT_KINDS } from '../../../domain/attachments';
import { CURRENCIES } from '../../../domain/currency';
import {
  AMOUNT_TYPES,
  EXPENSE_SOURCES,
  EXPENSE_STATUSES,
  type ExpenseLineTotals,
} from '../../../domain/expense';
import { LOOKUP_STATUSES } from '../../../domain/expense-record';
import type { ExpenseItem, ExpensePayment, ExpenseVendor } from '../../../domain/schemas/expense';
import { companies, users } from './core';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const expenseCategories = pgTable(
  'expense_categories',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** Upper-case, unique within the company ('Conflict. Code already registered.'). */
    code: text('code').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    /** The starting category it was made from (domain/expense-categories.ts). */
    preset: text('preset'),
    version: integer('version').notNull().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('expense_categories_company_seq_idx').on(t.companyId, t.seq),
    uniqueIndex('expense_categories_code_idx').on(t.companyId, t.code),
  ],
);

export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    tin: text('tin').notNull(),
    vrn: text('vrn'),
    serial: text('serial'),
    phone: text('phone'),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('vendors_company_seq_idx').on(t.companyId, t.seq),
    // 'Conflict. Tax Number or Serial already registered.', even when two requests race.
    uniqueIndex('vendors_tin_idx').on(t.companyId, t.tin),
    uniqueIndex('vendors_serial_idx')
      .on(t.companyId, t.serial)
      .where(sql`${t.serial} is not null`),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: EXPENSE_STATUSES }).notNull(),
    source: text('source', { enum: EXPENSE_SOURCES }).notNull(),
    /** Normalised (domain/receipt-code.ts); unique within the company. */
    receiptCode: text('receipt_code').notNull(),
    /** The receipt's day, EAT, YYYY-MM-DD. */
    date: text('date').notNull(),
    /** HH:mm:ss as printed on the receipt. */
    time: text('time').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Shillings per unit × 1,000,000 (domain/currency RATE_SCALE), so no float is stored. */
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    amountType: text('amount_type', { enum: AMOUNT_TYPES }).notNull(),
    /**
     * Foreign keys with company_id: a category or vendor an expense names cannot be deleted,
     * and it is always one of the expense's own company.
     */
    categoryId: uuid('category_id'),
    vendorId: uuid('vendor_id'),
    /** The seller as the receipt names it; null until a scanned receipt was read. */
    vendor: jsonb('vendor').$type<ExpenseVendor>(),
    items: jsonb('items').$type<ExpenseItem[]>().notNull(),
    payments: jsonb('payments').$type<ExpensePayment[]>().notNull(),
    lineTotals: jsonb('line_totals').$type<ExpenseLineTotals[]>().notNull(),
    netAmount: cents('net_amount'),
    totalVat: cents('total_vat'),
    totalAmount: cents('total_amount'),
    paid: cents('paid'),
    balance: cents('balance'),
    netAmountTzs: cents('net_amount_tzs'),
    totalVatTzs: cents('total_vat_tzs'),
    totalAmountTzs: cents('total_amount_tzs'),
    /** The receipt lookup (null for an expense entered by hand): the job queue's row. */
    lookupStatus: text('lookup_status', { enum: LOOKUP_STATUSES }),
    lookupTime: text('lookup_time'),
    lookupError: text('lookup_error'),
    lookupAttempts: integer('lookup_attempts').notNull().default(0),
    /** Not tried again before this time. */
    lookupNextAt: at('lookup_next_at'),
    /** A reader holds it until then; after that another process may take it over. */
    lookupLeaseUntil: at('lookup_lease_until'),
    lookupAt: at('lookup_at'),
    createdById: uuid('created_by_id').references(() => users.id),
    createdByName: text('created_by_name'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    processedAt: at('processed_at'),
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'expenses_category_fk',
      columns: [t.companyId, t.categoryId],
      foreignColumns: [expenseCategories.companyId, expenseCategories.id],
    }),
    foreignKey({
      name: 'expenses_vendor_fk',
      columns: [t.companyId, t.vendorId],
      foreignColumns: [vendors.companyId, vendors.id],
    }),
    index('expenses_company_seq_idx').on(t.companyId, t.seq),
    // 'Conflict. Code already registered.': one expense per receipt, also across phones.
    uniqueIndex('expenses_receipt_code_idx').on(t.companyId, t.receiptCode),
    index('expenses_company_date_idx').on(t.companyId, t.date, t.createdAt, t.id),
    index('expenses_vendor_idx')
      .on(t.companyId, t.vendorId)
      .where(sql`${t.vendorId} is not null`),
    index('expenses_category_idx')
      .on(t.companyId, t.categoryId)
      .where(sql`${t.categoryId} is not null`),
    // The lookup job's queue: only rows with a lookup under way are in it.
    index('expenses_lookup_due_idx')
      .on(t.lookupNextAt)
      .where(sql`${t.lookupStatus} in ('queued', 'reading')`),
  ],
);

export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    /** Chosen by the phone that took the photo, so a repeated upload is the same file. */
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    expenseId: uuid('expense_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes: the same id with other bytes is another file, refused. */
    sha256: text('sha256').notNull(),
    createdById: uuid('created_by_id').references(() => users.id),
    version: integer('version').notNull().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'expense_attachments_expense_fk',
      columns: [t.companyId, t.expenseId],
      foreignColumns: [expenses.companyId, expenses.id],
    }),
    index('expense_attachments_company_seq_idx').on(t.companyId, t.seq),
    index('expense_attachments_expense_idx').on(t.companyId, t.expenseId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The bytes of attachments when ATTACHMENT_STORE=database: every server process sharing one
 * PostgreSQL reaches them. By default they are files under DATA_DIR instead.
 */
export const expenseAttachmentBlobs = pgTable(
  'expense_attachment_blobs',
  {
    attachmentId: uuid('attachment_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.attachmentId] }),
    foreignKey({
      name: 'expense_attachment_blobs_attachment_fk',
      columns: [t.companyId, t.attachmentId],
      foreignColumns: [expenseAttachments.companyId, expenseAttachments.id],
    }).onDelete('cascade'),
  ],
);
