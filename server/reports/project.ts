// Keeps `sales` and `sale_lines` up to date with the invoices. They are a projection of the
// company's changes feed: every invoice write takes a new feed position, and a receipt's later
// changes (issued by TRA, set aside as rejected) take one too. A report first reads the
// company's committed position, then projects every invoice written since the last projection
// up to it, so it sees every receipt committed before it started, and nothing is counted twice
// (rows are upserted by company and invoice id). No hook in the invoice services is needed, and a server
// that was off while receipts were made catches up at its first report.
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { compareKeys, saleOf, type Sale } from '../../domain/sales-report';
import type { Db, Tx } from '../db/client';
import {
  invoices,
  saleLines,
  sales,
  salesCursors,
  salesCustomers,
  salesDaily,
  salesHours,
  salesProducts,
} from '../db/schema';
import { fromJoined, selectInvoices } from '../invoices/records';
import { refreshStatistics } from '../db/statistics';
import { lastChangeSeq } from '../sync/changes';

/** Invoices read per transaction: bounded memory, and the cursor row is not held for long. */
const BATCH = 1000;
/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const SALE_ROWS_PER_INSERT = 1000;
const LINE_ROWS_PER_INSERT = 4000;

function saleRow(companyId: string, sale: Sale): typeof sales.$inferInsert {
  const group = (letter: 'A' | 'C' | 'D' | 'E') => sale.groups[letter] ?? null;
  return {
    invoiceId: sale.invoiceId,
    companyId,
    date: sale.date,
    time: sale.time,
    weekday: sale.weekday,
    hour: sale.hour,
    status: sale.status,
    traStatus: sale.traStatus,
    receiptNumber: sale.receiptNumber,
    verificationCode: sale.verificationCode,
    operatorId: sale.operatorId,
    operatorName: sale.operatorName,
    customerId: sale.customerId,
    customerKey: sale.customerKey,
    customerName: sale.customerName,
    totalExcl: sale.totalExcl,
    tax: sale.tax,
    totalIncl: sale.totalIncl,
    discount: sale.discount,
    aNet: group('A')?.net ?? null,
    aTax: group('A')?.tax ?? null,
    cNet: group('C')?.net ?? null,
    cTax: group('C')?.tax ?? null,
    dNet: group('D')?.net ?? null,
    dTax: group('D')?.tax ?? null,
    eNet: group('E')?.net ?? null,
    eTax: group('E')?.tax ?? null,
    payCash: sale.payments.CASH ?? 0,
    payCheque: sale.payments.CHEQUE ?? 0,
    payCcard: sale.payments.CCARD ?? 0,
    payEmoney: sale.payments.EMONEY ?? 0,
    payInvoice: sale.payments.INVOICE ?? 0,
  };
}

type DailyRow = typeof salesDaily.$inferInsert;
type Summed = Exclude<
  keyof DailyRow,
  'companyId' | 'date' | 'operatorKey' | 'operatorId' | 'operatorName' | 'status'
>;
const SUMMED: Summed[] = [
  'receipts',
  'totalExcl',
  'tax',
  'totalIncl',
  'discount',
  'aNet',
  'aTax',
  'cNet',
  'cTax',
  'dNet',
  'dTax',
  'eNet',
  'eTax',
  'payCash',
  'payCheque',
  'payCcard',
  'payEmoney',
  'payInvoice',
];

const maxName = (a: string, b: string) => (compareKeys(a, b) >= 0 ? a : b);

/** The day's and the month's slot of a receipt (see server/db/schema/reports.ts). */
export const slotsOf = (date: string) => [`d${date}`, `m${date.slice(0, 7)}`];

/** The greater name in code point order, as the report's max(… collate "C") takes it. */
function greaterName(column: PgColumn): SQL {
  return sql`case when excluded.${sql.identifier(column.name)} collate "C" > ${column} collate "C" then excluded.${sql.identifier(column.name)} else ${column} end`;
}

const added = (column: PgColumn): SQL => sql`${column} + excluded.${sql.identifier(column.name)}`;

/** Rows of one table, summed by key before they are written. */
class Sums<T extends Record<string, unknown>> {
  readonly rows = new Map<string, T>();
  at(key: string, create: () => T): T {
    let row = this.rows.get(key);
    if (!row) {
      row = create();
      this.rows.set(key, row);
    }
    return row;
  }
}

async function upsert<T extends Record<string, unknown>>(
  rows: T[],
  size: number,
  write: (chunk: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * Adds the receipts to the sums, or (sign -1) takes them away: a receipt whose status changed
 * (TRA issued it) leaves its old status's rows and joins the new one's.
 */
async function writeRollups(
  tx: Tx,
  companyId: string,
  fresh: Sale[],
  moved: Array<{ sale: Sale; from: Sale['status'] }>,
): Promise<void> {
  const daily = new Sums<DailyRow>();
  const hours = new Sums<typeof salesHours.$inferInsert>();
  const products = new Sums<typeof salesProducts.$inferInsert>();
  const customers = new Sums<typeof salesCustomers.$inferInsert>();

  const count = (sale: Sale, status: Sale['status'], sign: 1 | -1) => {
    const operatorKey = sale.operatorId ?? '';
    const day = daily.at(`${sale.date}|${operatorKey}|${status}`, () => ({
      companyId,
      date: sale.date,
      operatorKey,
      operatorId: sale.operatorId,
      operatorName: '',
      status,
      ...(Object.fromEntries(SUMMED.map((name) => [name, 0])) as Record<Summed, number>),
    }));
    const values = saleRow(companyId, sale);
    day.receipts = (day.receipts ?? 0) + sign;
    for (const name of SUMMED) {
      if (name === 'receipts') continue;
      const value = (values[name as keyof typeof values] as number | null) ?? 0;
      day[name] = (day[name] ?? 0) + sign * value;
    }
    if (sign > 0) day.operatorName = maxName(day.operatorName, sale.operatorName);
    for (const slot of slotsOf(sale.date)) {
      const cell = hours.at(
        `${slot}|${sale.weekday}|${sale.hour}|${operatorKey}|${status}`,
        () => ({
          companyId,
          slot,
          weekday: sale.weekday,
          hour: sale.hour,
          operatorKey,
          status,
          receipts: 0,
          totalIncl: 0,
        }),
      );
      cell.receipts = (cell.receipts ?? 0) + sign;
      cell.totalIncl = (cell.totalIncl ?? 0) + sign * sale.totalIncl;
    }
  };

  for (const sale of fresh) {
    count(sale, sale.status, 1);
    for (const slot of slotsOf(sale.date)) {
      for (const line of sale.lines) {
        const product = products.at(`${slot}|${line.productKey}`, () => ({
          companyId,
          slot,
          productKey: line.productKey,
          productId: line.productId,
          name: '',
          quantity: 0,
          amount: 0,
        }));
        product.name = maxName(product.name, line.description);
        product.quantity = (product.quantity ?? 0) + line.quantity;
        product.amount = (product.amount ?? 0) + line.amount;
      }
      const customer = customers.at(`${slot}|${sale.customerKey}`, () => ({
        companyId,
        slot,
        customerKey: sale.customerKey,
        customerId: sale.customerId,
        name: '',
        receipts: 0,
        totalIncl: 0,
      }));
      customer.name = maxName(customer.name, sale.customerName);
      customer.receipts = (customer.receipts ?? 0) + 1;
      customer.totalIncl = (customer.totalIncl ?? 0) + sale.totalIncl;
    }
  }
  for (const { sale, from } of moved) {
    count(sale, from, -1);
    count(sale, sale.status, 1);
  }

  await upsert([...daily.rows.values()], SALE_ROWS_PER_INSERT, (chunk) =>
    tx
      .insert(salesDaily)
      .values(chunk)
      .onConflictDoUpdate({
        target: [salesDaily.companyId, salesDaily.date, salesDaily.operatorKey, salesDaily.status],
        set: {
          operatorName: greaterName(salesDaily.operatorName),
          ...Object.fromEntries(SUMMED.map((name) => [name, added(salesDaily[name])])),
        },
      }),
  );
  await upsert([...hours.rows.values()], LINE_ROWS_PER_INSERT, (chunk) =>
    tx
      .insert(salesHours)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          salesHours.companyId,
          salesHours.slot,
          salesHours.weekday,
          salesHours.hour,
          salesHours.operatorKey,
          salesHours.status,
        ],
        set: { receipts: added(salesHours.receipts), totalIncl: added(salesHours.totalIncl) },
      }),
  );
  await upsert([...products.rows.values()], LINE_ROWS_PER_INSERT, (chunk) =>
    tx
      .insert(salesProducts)
      .values(chunk)
      .onConflictDoUpdate({
        target: [salesProducts.companyId, salesProducts.slot, salesProducts.productKey],
        set: {
          name: greaterName(salesProducts.name),
          quantity: added(salesProducts.quantity),
          amount: added(salesProducts.amount),
        },
      }),
  );
  await upsert([...customers.rows.values()], LINE_ROWS_PER_INSERT, (chunk) =>
    tx
      .insert(salesCustomers)
      .values(chunk)
      .onConflictDoUpdate({
        target: [salesCustomers.companyId, salesCustomers.slot, salesCustomers.customerKey],
        set: {
          name: greaterName(salesCustomers.name),
          receipts: added(salesCustomers.receipts),
          totalIncl: added(salesCustomers.totalIncl),
        },
      }),
  );
}

async function writeSales(tx: Tx, companyId: string, list: Sale[]): Promise<void> {
  if (list.length === 0) return;
  const known = new Map<string, Sale['status']>();
  for (let i = 0; i < list.length; i += SALE_ROWS_PER_INSERT) {
    const ids = list.slice(i, i + SALE_ROWS_PER_INSERT).map((sale) => sale.invoiceId);
    const rows = await tx
      .select({ invoiceId: sales.invoiceId, status: sales.status })
      .from(sales)
      .where(and(eq(sales.companyId, companyId), inArray(sales.invoiceId, ids)));
    for (const row of rows) known.set(row.invoiceId, row.status);
  }
  const fresh = list.filter((sale) => !known.has(sale.invoiceId));
  const moved = list.flatMap((sale) => {
    const from = known.get(sale.invoiceId);
    return from && from !== sale.status ? [{ sale, from }] : [];
  });
  await writeRollups(tx, companyId, fresh, moved);
  for (let i = 0; i < list.length; i += SALE_ROWS_PER_INSERT) {
    const chunk = list.slice(i, i + SALE_ROWS_PER_INSERT);
    // A receipt's amounts never change once numbered; only its state at TRA moves on.
    await tx
      .insert(sales)
      .values(chunk.map((sale) => saleRow(companyId, sale)))
      .onConflictDoUpdate({
        target: [sales.companyId, sales.invoiceId],
        set: { status: sql`excluded.status`, traStatus: sql`excluded.tra_status` },
      });
  }
  const lines = list.flatMap((sale) =>
    sale.lines.map((line, lineNo) => ({
      invoiceId: sale.invoiceId,
      lineNo,
      companyId,
      date: sale.date,
      productId: line.productId,
      productKey: line.productKey,
      description: line.description,
      taxType: line.taxType,
      quantity: line.quantity,
      net: line.net,
      tax: line.tax,
      amount: line.amount,
      discount: line.discount,
    })),
  );
  for (let i = 0; i < lines.length; i += LINE_ROWS_PER_INSERT) {
    await tx
      .insert(saleLines)
      .values(lines.slice(i, i + LINE_ROWS_PER_INSERT))
      .onConflictDoNothing();
  }
}

/** Brings the company's sales rows up to its last committed change. Safe from several processes. */
export async function projectSales(db: Db, companyId: string): Promise<void> {
  const target = await lastChangeSeq(db, companyId);
  let batches = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await tx.insert(salesCursors).values({ companyId, lastSeq: 0 }).onConflictDoNothing();
      // The row lock makes a second process wait, then find the work done.
      const [cursor] = await tx
        .select({ lastSeq: salesCursors.lastSeq })
        .from(salesCursors)
        .where(eq(salesCursors.companyId, companyId))
        .for('update');
      const from = cursor?.lastSeq ?? 0;
      if (from >= target) return true;
      const rows = await selectInvoices(tx)
        .where(
          and(eq(invoices.companyId, companyId), gt(invoices.seq, from), lte(invoices.seq, target)),
        )
        .orderBy(asc(invoices.seq))
        .limit(BATCH);
      const list = rows.flatMap((row) => {
        const sale = saleOf(fromJoined(row));
        return sale ? [sale] : [];
      });
      await writeSales(tx, companyId, list);
      const reached = rows.length < BATCH ? target : rows[rows.length - 1]!.invoice.seq;
      await tx
        .update(salesCursors)
        .set({ lastSeq: reached })
        .where(eq(salesCursors.companyId, companyId));
      return reached >= target;
    });
    if (done) break;
    batches += 1;
  }
  // A catch-up of thousands of receipts changes the tables the report reads next: plan it on
  // their new sizes, not on statistics taken when they were nearly empty.
  if (batches > 0) await refreshStatistics(db);
}
