// Invoices of a company (spec §3 Invoice). The id comes from the device that created the draft;
// items and payments are stored as validated JSON, the totals the server computed from them
// (domain/totals) as columns in cents. Once submitted, a row is never changed again except by
// TRA's answer (issued), so what was printed for the customer stays what the database holds.
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { INVOICE_ORIGINS, INVOICE_STATUSES } from '../../../domain/invoice-status';
import type { Payment } from '../../../domain/payments';
import type { InvoiceCustomer, InvoiceItem } from '../../../domain/schemas/invoice';
import type { LineTotals, TaxGroupTotals } from '../../../domain/totals';
import { companies, users } from './core';
import { customers } from './customers';
import { products } from './products';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const invoices = pgTable(
  'invoices',
  {
    /** Unique within the company only, like every id a device chooses. */
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    /** Business date (EAT, YYYY-MM-DD): the day it was started, then its receipt's date. */
    date: text('date').notNull(),
    /** The signed-in user who last wrote it (and who submitted it), with their name then. */
    operatorId: uuid('operator_id').references(() => users.id),
    operatorName: text('operator_name'),
    /**
     * A foreign key (with company_id) with NO ACTION: the database refuses to delete a customer
     * that has invoices (server/customers/references.ts turns that into the user's message), and
     * an invoice can only name a customer of its own company.
     */
    customerId: uuid('customer_id'),
    /** The customer as printed on this invoice; later edits of the customer never change it. */
    customer: jsonb('customer').$type<InvoiceCustomer>().notNull(),
    amountsIncludeTax: boolean('amounts_include_tax').notNull(),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    payments: jsonb('payments').$type<Payment[]>().notNull(),
    lineTotals: jsonb('line_totals').$type<LineTotals[]>().notNull(),
    taxGroups: jsonb('tax_groups').$type<TaxGroupTotals[]>().notNull(),
    totalDiscount: cents('total_discount'),
    subTotal: cents('sub_total'),
    totalExcludingTax: cents('total_excluding_tax'),
    taxAmount: cents('tax_amount'),
    totalIncludingTax: cents('total_including_tax'),
    reference: text('reference'),
    accountingNumber: text('accounting_number'),
    origin: text('origin', { enum: INVOICE_ORIGINS }).notNull(),
    /** Another invoice of the same company (foreign key with company_id). */
    correctsInvoiceId: uuid('corrects_invoice_id'),
    /** RCTNUM and RCTVNUM of its fiscal receipt, copied here for search and lists. */
    receiptNumber: integer('receipt_number'),
    verificationCode: text('verification_code'),
    /** Random, unguessable id of the public receipt page /r/{publicId}. */
    publicId: text('public_id').notNull(),
    /** The device (X-Device-Id) whose write is the current state of the draft. */
    lastDeviceId: text('last_device_id'),
    /** Position in the company's changes feed (server/sync/changes.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /**
     * What the list's search looks in, in one lower-cased text kept by the database: the
     * customer's name, identification number and phone, the reference, the accounting number
     * and the verification code, one per line (a search never spans two of them).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(customer->>'name', '') || chr(10) || coalesce(customer->>'identificationNumber', '') || chr(10) || coalesce(customer->>'phoneNumber', '') || chr(10) || coalesce(reference, '') || chr(10) || coalesce(accounting_number, '') || chr(10) || coalesce(verification_code, ''))`,
    ),
    submittedAt: at('submitted_at'),
    issuedAt: at('issued_at'),
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'invoices_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [customers.companyId, customers.id],
    }),
    foreignKey({
      name: 'invoices_corrects_invoice_fk',
      columns: [t.companyId, t.correctsInvoiceId],
      foreignColumns: [t.companyId, t.id],
    }),
    uniqueIndex('invoices_public_id_idx').on(t.publicId),
    index('invoices_company_seq_idx').on(t.companyId, t.seq),
    // The list: newest first within a company, optionally one status and a date range.
    index('invoices_company_date_idx').on(t.companyId, t.date, t.createdAt, t.id),
    index('invoices_company_status_date_idx').on(t.companyId, t.status, t.date, t.createdAt, t.id),
    index('invoices_customer_idx')
      .on(t.companyId, t.customerId)
      .where(sql`${t.customerId} is not null`),
    index('invoices_company_receipt_idx')
      .on(t.companyId, t.receiptNumber)
      .where(sql`${t.receiptNumber} is not null`),
  ],
);

/**
 * The saved products an invoice's lines name. Items live in JSON, so this table carries the
 * foreign key that makes the database refuse to delete a product used on an invoice (the
 * products service answers product_in_use). Rewritten with the draft on every save.
 */
export const invoiceProducts = pgTable(
  'invoice_products',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceId: uuid('invoice_id').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.invoiceId, t.productId] }),
    foreignKey({
      name: 'invoice_products_invoice_fk',
      columns: [t.companyId, t.invoiceId],
      foreignColumns: [invoices.companyId, invoices.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'invoice_products_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [products.companyId, products.id],
    }),
    index('invoice_products_product_idx').on(t.companyId, t.productId),
  ],
);
