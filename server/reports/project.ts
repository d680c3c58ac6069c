// Keeps `sales` and `sale_lines` up to date with the invoices. They are a projection of the
// company's changes feed: every invoice write takes a new feed position, and a receipt's later
// changes (issued by TRA, set aside as rejected) take one too. A report first reads the
// company's committed position, then projects every invoice written since the last projection
// up to it, so it sees every receipt committed before it started, and nothing is counted twice
// (rows are upserted by company and invoice id). No hook in the invoice services is needed, and a server
// that was off while receipts were made catches up at its first report.
import { and, asc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { saleOf, type Sale } from '../../domain/sales-report';
import type { Db, Tx } from '../db/client';
import {
  invoices,
  saleLines,
  sales,
  salesCursors,
  salesCustomers,
  salesDaily,
  salesProducts,
} from '../db/schema';
import { fromJoined, selectInvoices } from '../invoices/records';
import { refreshStatistics } from '../db/statistics';
import { lastChangeSeq } from '../sync/changes';

/** Invoices read per transaction: bounded memory, and the cursor row is not held for long. */
const BATCH = 1000;
/** Receipts looked up per statement: PostgreSQL takes at most 65,535 parameters in one. */
const SALE_ROWS_PER_INSERT = 1000;

/**
 * Rows of a table as one JSON parameter read back as the table's row type: a batch of
 * receipts is one value to bind, not 32 parameters per receipt (slow to bind on PGlite).
 */
function asRows<T extends Record<string, unknown>>(table: PgTable, list: T[]): SQL {
  const columns = getTableColumns(table);
  const json = list.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key]!.name, value])),
  );
  return sql`json_populate_recordset(null::${table}, ${JSON.stringify(json)}::json)`;
}

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

/** The sums of a day's row, added up on conflict. */
const SUMMED = [
  'receipts',
  'total_excl',
  'tax',
  'total_incl',
  'discount',
  'a_net',
  'a_tax',
  'c_net',
  'c_tax',
  'd_net',
  'd_tax',
  'e_net',
  'e_tax',
  'pay_cash',
  'pay_cheque',
  'pay_ccard',
  'pay_emoney',
  'pay_invoice',
];

/** The greater name in code point order, as the report's max(… collate "C") takes it. */
function greaterName(column: PgColumn): SQL {
  return sql`case when excluded.${sql.identifier(column.name)} collate "C" > ${column} collate "C" then excluded.${sql.identifier(column.name)} else ${column} end`;
}

/**
 * The facets a receipt is counted in (server/db/schema/reports.ts): every receipt in '', then
 * by payment type, tax group and each saved product on its lines; the product and customer sums
 * also by operator (the day and hour sums have it as a column). Every sum is kept per status.
 */
const PAY_AND_TAX = `'', case when s.pay_cash > 0 then 'p:CASH' end,
  case when s.pay_cheque > 0 then 'p:CHEQUE' end, case when s.pay_ccard > 0 then 'p:CCARD' end,
  case when s.pay_emoney > 0 then 'p:EMONEY' end, case when s.pay_invoice > 0 then 'p:INVOICE' end,
  case when s.a_net is not null then 't:A' end, case when s.c_net is not null then 't:C' end,
  case when s.d_net is not null then 't:D' end, case when s.e_net is not null then 't:E' end`;
const PRODUCTS = `array(select distinct 'i:' || pl.product_id from sale_lines pl
  where pl.company_id = s.company_id and pl.invoice_id = s.invoice_id and pl.product_id is not null)`;
const DAY_FACETS = sql.raw(
  `cross join lateral unnest(array[${PAY_AND_TAX}] || ${PRODUCTS}) f(facet)`,
);
const ALL_FACETS = sql.raw(
  `cross join lateral unnest(array[${PAY_AND_TAX},
    'o:' || coalesce(s.operator_id::text, '')] || ${PRODUCTS}) f(facet)`,
);
/** A receipt's day slot and month slot. */
const SLOTS = sql.raw(
  `cross join lateral (values ('d' || s.date), ('m' || substr(s.date, 1, 7))) x(slot)`,
);

/**
 * Adds the receipts (already in `sales`, by id) to every sum, or with sign -1 takes them away:
 * a receipt whose status changed (TRA issued it) is taken away under its old status and added
 * under its new one. Set-based: one statement per table for a whole batch of receipts.
 */
async function writeRollups(tx: Tx, companyId: string, ids: string[], sign: 1 | -1) {
  if (ids.length === 0) return;
  const chosen = sql`s.company_id = ${companyId} and s.invoice_id = any(${`{${ids.join(',')}}`}::uuid[])`;
  const n = sql.raw(String(sign));
  await tx.execute(sql`insert into sales_daily (company_id, facet, date, operator_key, operator_id,
      operator_name, status, receipts, total_excl, tax, total_incl, discount, a_net, a_tax, c_net,
      c_tax, d_net, d_tax, e_net, e_tax, pay_cash, pay_cheque, pay_ccard, pay_emoney, pay_invoice)
    select s.company_id, f.facet, s.date, coalesce(s.operator_id::text, ''), s.operator_id,
      max(s.operator_name collate "C"), s.status, ${n} * count(*), ${n} * sum(s.total_excl),
      ${n} * sum(s.tax), ${n} * sum(s.total_incl), ${n} * sum(s.discount),
      ${n} * coalesce(sum(s.a_net), 0), ${n} * coalesce(sum(s.a_tax), 0),
      ${n} * coalesce(sum(s.c_net), 0), ${n} * coalesce(sum(s.c_tax), 0),
      ${n} * coalesce(sum(s.d_net), 0), ${n} * coalesce(sum(s.d_tax), 0),
      ${n} * coalesce(sum(s.e_net), 0), ${n} * coalesce(sum(s.e_tax), 0),
      ${n} * sum(s.pay_cash), ${n} * sum(s.pay_cheque), ${n} * sum(s.pay_ccard),
      ${n} * sum(s.pay_emoney), ${n} * sum(s.pay_invoice)
    from sales s ${DAY_FACETS}
    where ${chosen} and f.facet is not null
    group by s.company_id, f.facet, s.date, s.operator_id, s.status
    on conflict (company_id, facet, date, operator_key, status) do update set
      operator_name = ${greaterName(salesDaily.operatorName)},
      ${sql.raw(SUMMED.map((c) => `${c} = sales_daily.${c} + excluded.${c}`).join(', '))}`);
  await tx.execute(sql`insert into sales_hours (company_id, facet, slot, weekday, hour, operator_key,
      status, receipts, total_incl)
    select s.company_id, f.facet, x.slot, s.weekday, s.hour, coalesce(s.operator_id::text, ''),
      s.status, ${n} * count(*), ${n} * sum(s.total_incl)
    from sales s ${SLOTS} ${DAY_FACETS}
    where ${chosen} and f.facet is not null
    group by s.company_id, f.facet, x.slot, s.weekday, s.hour, s.operator_id, s.status
    on conflict (company_id, facet, slot, weekday, hour, operator_key, status) do update set
      receipts = sales_hours.receipts + excluded.receipts,
      total_incl = sales_hours.total_incl + excluded.total_incl`);
  await tx.execute(sql`insert into sales_products (company_id, facet, slot, product_key, product_id,
      name, status, lines, quantity, amount)
    select s.company_id, f.facet, x.slot, l.product_key, max(l.product_id::text)::uuid,
      max(l.description collate "C"), s.status, ${n} * count(*), ${n} * sum(l.quantity),
      ${n} * sum(l.amount)
    from sales s join sale_lines l on l.company_id = s.company_id and l.invoice_id = s.invoice_id
      ${SLOTS} ${ALL_FACETS}
    where ${chosen} and f.facet is not null
    group by s.company_id, f.facet, x.slot, l.product_key, s.status
    on conflict (company_id, facet, slot, product_key, status) do update set
      name = ${greaterName(salesProducts.name)},
      lines = sales_products.lines + excluded.lines,
      quantity = sales_products.quantity + excluded.quantity,
      amount = sales_products.amount + excluded.amount`);
  await tx.execute(sql`insert into sales_customers (company_id, facet, slot, customer_key,
      customer_id, name, status, receipts, total_incl)
    select s.company_id, f.facet, x.slot, s.customer_key, max(s.customer_id::text)::uuid,
      max(s.customer_name collate "C"), s.status, ${n} * count(*), ${n} * sum(s.total_incl)
    from sales s ${SLOTS} ${ALL_FACETS}
    where ${chosen} and f.facet is not null
    group by s.company_id, f.facet, x.slot, s.customer_key, s.status
    on conflict (company_id, facet, slot, customer_key, status) do update set
      name = ${greaterName(salesCustomers.name)},
      receipts = sales_customers.receipts + excluded.receipts,
      total_incl = sales_customers.total_incl + excluded.total_incl`);
}

/**
 * Names the sums of the statuses that receipts just left (already moved in `sales`) anew from
 * the receipts still counted there. A sum's name is the greatest printed among its receipts,
 * and a name only grows as receipts are added: once the receipts that printed it have left
 * (a product renamed, its old receipts since issued by TRA), the sums of their old status
 * would keep it, and a report filtered by that status would show a name none of its receipts
 * has, where the unfiltered one and the phone show the greatest of those it counts.
 */
async function renameLeftSums(tx: Tx, companyId: string, ids: string[], statuses: string[]) {
  if (ids.length === 0) return;
  const moved = sql`m.company_id = ${companyId} and m.invoice_id = any(${`{${ids.join(',')}}`}::uuid[])`;
  const left = sql`${`{${[...new Set(statuses)].join(',')}}`}::text[]`;
  // Every sum of the old statuses the moved receipts were in loses its name first, so one
  // they left empty names nothing (a report takes the greatest name over several sums).
  await tx.execute(sql`update sales_daily d set operator_name = ''
    where d.company_id = ${companyId} and d.status = any(${left}) and d.operator_name <> ''
      and (d.date, d.operator_key) in (select m.date, coalesce(m.operator_id::text, '')
        from sales m where ${moved})`);
  await tx.execute(sql`update sales_products p set name = ''
    where p.company_id = ${companyId} and p.status = any(${left})
      and p.name <> '' and (p.slot, p.product_key) in (select mx.slot, ml.product_key from sales m
        join sale_lines ml on ml.company_id = m.company_id and ml.invoice_id = m.invoice_id
        cross join lateral (values ('d' || m.date), ('m' || substr(m.date, 1, 7))) mx(slot)
        where ${moved})`);
  await tx.execute(sql`update sales_customers c set name = ''
    where c.company_id = ${companyId} and c.status = any(${left})
      and c.name <> '' and (c.slot, c.customer_key) in (select mx.slot, m.customer_key from sales m
        cross join lateral (values ('d' || m.date), ('m' || substr(m.date, 1, 7))) mx(slot)
        where ${moved})`);
  // Then the days and operators they touched are named from the receipts still there.
  await tx.execute(sql`update sales_daily d set operator_name = n.name
    from (select f.facet, s.date, coalesce(s.operator_id::text, '') as operator_key, s.status,
        max(s.operator_name collate "C") as name
      from sales s ${DAY_FACETS}
      where s.company_id = ${companyId} and s.status = any(${left}) and f.facet is not null
        and (s.date, coalesce(s.operator_id::text, '')) in (select m.date,
          coalesce(m.operator_id::text, '') from sales m where ${moved})
      group by f.facet, s.date, s.operator_id, s.status) n
    where d.company_id = ${companyId} and d.facet = n.facet and d.date = n.date
      and d.operator_key = n.operator_key and d.status = n.status`);
  await tx.execute(sql`update sales_products p set name = n.name
    from (select f.facet, x.slot, l.product_key, s.status, max(l.description collate "C") as name
      from sales s join sale_lines l on l.company_id = s.company_id and l.invoice_id = s.invoice_id
        ${SLOTS} ${ALL_FACETS}
      where s.company_id = ${companyId} and s.status = any(${left}) and f.facet is not null
        and (x.slot, l.product_key) in (select mx.slot, ml.product_key from sales m
          join sale_lines ml on ml.company_id = m.company_id and ml.invoice_id = m.invoice_id
          cross join lateral (values ('d' || m.date), ('m' || substr(m.date, 1, 7))) mx(slot)
          where ${moved})
      group by f.facet, x.slot, l.product_key, s.status) n
    where p.company_id = ${companyId} and p.facet = n.facet and p.slot = n.slot
      and p.product_key = n.product_key and p.status = n.status`);
  await tx.execute(sql`update sales_customers c set name = n.name
    from (select f.facet, x.slot, s.customer_key, s.status,
        max(s.customer_name collate "C") as name
      from sales s ${SLOTS} ${ALL_FACETS}
      where s.company_id = ${companyId} and s.status = any(${left}) and f.facet is not null
        and (x.slot, s.customer_key) in (select mx.slot, m.customer_key from sales m
          cross join lateral (values ('d' || m.date), ('m' || substr(m.date, 1, 7))) mx(slot)
          where ${moved})
      group by f.facet, x.slot, s.customer_key, s.status) n
    where c.company_id = ${companyId} and c.facet = n.facet and c.slot = n.slot
      and c.customer_key = n.customer_key and c.status = n.status`);
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
  const fresh = list.filter((sale) => !known.has(sale.invoiceId)).map((sale) => sale.invoiceId);
  const moved = list
    .filter((sale) => (known.get(sale.invoiceId) ?? sale.status) !== sale.status)
    .map((sale) => sale.invoiceId);
  // Moved receipts leave their old status's sums before their row changes.
  await writeRollups(tx, companyId, moved, -1);
  // A receipt's amounts never change once numbered; only its state at TRA moves on.
  await tx.execute(sql`insert into sales select * from ${asRows(
    sales,
    list.map((sale) => saleRow(companyId, sale)),
  )}
    on conflict (company_id, invoice_id)
    do update set status = excluded.status, tra_status = excluded.tra_status`);
  const lines = list.flatMap((sale) =>
    sale.lines.map((line, lineNo): typeof saleLines.$inferInsert => ({
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
  await tx.execute(
    sql`insert into sale_lines select * from ${asRows(saleLines, lines)} on conflict do nothing`,
  );
  await writeRollups(tx, companyId, [...fresh, ...moved], 1);
  await renameLeftSums(
    tx,
    companyId,
    moved,
    moved.map((id) => known.get(id)!),
  );
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
