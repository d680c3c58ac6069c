// The sales report's rows: one per numbered receipt and one per receipt line, flattened from
// the invoices (domain/sales-report.ts `saleOf`) so that a year of receipts is summed over plain
// indexed columns instead of JSON. They are a projection of the invoices, rebuilt from the
// company's changes feed (server/reports/project.ts); nothing else writes them.
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './core';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();
const groupCents = (name: string) => bigint(name, { mode: 'number' });

export const sales = pgTable(
  'sales',
  {
    invoiceId: uuid('invoice_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** EAT day and time of the receipt, its weekday (0 = Monday) and hour. */
    date: text('date').notNull(),
    time: text('time').notNull(),
    weekday: smallint('weekday').notNull(),
    hour: smallint('hour').notNull(),
    status: text('status', { enum: ['submitted', 'issued'] }).notNull(),
    traStatus: text('tra_status', { enum: ['pending', 'accepted', 'rejected'] }).notNull(),
    receiptNumber: integer('receipt_number').notNull(),
    verificationCode: text('verification_code').notNull(),
    operatorId: uuid('operator_id'),
    operatorName: text('operator_name').notNull(),
    customerId: uuid('customer_id'),
    customerKey: text('customer_key').notNull(),
    customerName: text('customer_name').notNull(),
    totalExcl: cents('total_excl'),
    tax: cents('tax'),
    totalIncl: cents('total_incl'),
    discount: cents('discount'),
    /** Per TRA tax group; null when the receipt has no line of the group. */
    aNet: groupCents('a_net'),
    aTax: groupCents('a_tax'),
    cNet: groupCents('c_net'),
    cTax: groupCents('c_tax'),
    dNet: groupCents('d_net'),
    dTax: groupCents('d_tax'),
    eNet: groupCents('e_net'),
    eTax: groupCents('e_tax'),
    /** Per TRA payment type; INVOICE is the unpaid part. They add up to total_incl. */
    payCash: cents('pay_cash'),
    payCheque: cents('pay_cheque'),
    payCcard: cents('pay_ccard'),
    payEmoney: cents('pay_emoney'),
    payInvoice: cents('pay_invoice'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.invoiceId] }),
    index('sales_company_date_idx').on(t.companyId, t.date),
    index('sales_company_operator_idx').on(t.companyId, t.operatorId, t.date),
    index('sales_company_customer_idx').on(t.companyId, t.customerId, t.date),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    invoiceId: uuid('invoice_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    date: text('date').notNull(),
    productId: uuid('product_id'),
    productKey: text('product_key').notNull(),
    description: text('description').notNull(),
    taxType: text('tax_type').notNull(),
    /** Thousandths of a unit. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    net: cents('net'),
    tax: cents('tax'),
    amount: cents('amount'),
    discount: cents('discount'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.invoiceId, t.lineNo] }),
    foreignKey({
      name: 'sale_lines_sale_fk',
      columns: [t.companyId, t.invoiceId],
      foreignColumns: [sales.companyId, sales.invoiceId],
    }).onDelete('cascade'),
    index('sale_lines_company_date_idx').on(t.companyId, t.date),
    // Covers a product filter: the product's receipts over a period without reading the lines.
    index('sale_lines_company_product_idx')
      .on(t.companyId, t.productId, t.date, t.invoiceId)
      .where(sql`${t.productId} is not null`),
  ],
);

/** How far each company's changes feed has been projected into `sales`. */
export const salesCursors = pgTable('sales_cursors', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

const total = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Receipts summed per company, facet, day, operator and status: the days, the operators and
 * every total of a report. A busy shop's year is about a thousand of these rows per facet
 * against 100,000 receipts. `operator_key` is the operator's id, or '' for receipts made
 * without one.
 *
 * A facet is a subset of the receipts that a report filter picks, summed on its own so that a
 * filtered report reads sums too: '' is every receipt, 'p:EMONEY' the receipts with a payment of
 * that TRA type, 't:A' those with a line of that tax group, 'i:<product id>' those with a line
 * of that saved product; in the product and customer sums also 'o:<operator key>' (days and
 * hours carry the operator as a column). Every sum is kept per status, so a status filter
 * narrows any facet. A receipt is counted in every facet it belongs to, once.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    facet: text('facet').notNull().default(''),
    date: text('date').notNull(),
    operatorKey: text('operator_key').notNull(),
    operatorId: uuid('operator_id'),
    operatorName: text('operator_name').notNull(),
    status: text('status', { enum: ['submitted', 'issued'] }).notNull(),
    receipts: integer('receipts').notNull().default(0),
    totalExcl: total('total_excl'),
    tax: total('tax'),
    totalIncl: total('total_incl'),
    discount: total('discount'),
    aNet: total('a_net'),
    aTax: total('a_tax'),
    cNet: total('c_net'),
    cTax: total('c_tax'),
    dNet: total('d_net'),
    dTax: total('d_tax'),
    eNet: total('e_net'),
    eTax: total('e_tax'),
    payCash: total('pay_cash'),
    payCheque: total('pay_cheque'),
    payCcard: total('pay_ccard'),
    payEmoney: total('pay_emoney'),
    payInvoice: total('pay_invoice'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.facet, t.date, t.operatorKey, t.status] })],
);

// The next three are kept twice over: per day (`slot` 'd2025-03-04') and per month (`slot`
// 'm2025-03'). A period reads its whole months from the month rows and only its first and last
// partial months from the day rows, so a year is a dozen slots whatever the number of receipts.

/** Receipts and sales per slot, weekday, hour, operator and status: the heatmap. */
export const salesHours = pgTable(
  'sales_hours',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    facet: text('facet').notNull().default(''),
    slot: text('slot').notNull(),
    weekday: smallint('weekday').notNull(),
    hour: smallint('hour').notNull(),
    operatorKey: text('operator_key').notNull(),
    status: text('status', { enum: ['submitted', 'issued'] }).notNull(),
    receipts: integer('receipts').notNull().default(0),
    totalIncl: total('total_incl'),
  },
  (t) => [
    primaryKey({
      columns: [t.companyId, t.facet, t.slot, t.weekday, t.hour, t.operatorKey, t.status],
    }),
  ],
);

/** Lines summed per slot, product (the saved product, else the description) and status. */
export const salesProducts = pgTable(
  'sales_products',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    facet: text('facet').notNull().default(''),
    slot: text('slot').notNull(),
    productKey: text('product_key').notNull(),
    productId: uuid('product_id'),
    name: text('name').notNull(),
    status: text('status', { enum: ['submitted', 'issued'] }).notNull(),
    /** Lines counted: a product whose lines all left a status (TRA issued them) is not listed. */
    lines: integer('lines').notNull().default(0),
    quantity: total('quantity'),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.facet, t.slot, t.productKey, t.status] })],
);

/** Receipts summed per slot, customer (the saved customer, else the name printed) and status. */
export const salesCustomers = pgTable(
  'sales_customers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    facet: text('facet').notNull().default(''),
    slot: text('slot').notNull(),
    customerKey: text('customer_key').notNull(),
    customerId: uuid('customer_id'),
    name: text('name').notNull(),
    status: text('status', { enum: ['submitted', 'issued'] }).notNull(),
    receipts: integer('receipts').notNull().default(0),
    totalIncl: total('total_incl'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.facet, t.slot, t.customerKey, t.status] })],
);
