// The sales report in SQL, over the projected `sales` and `sale_lines` rows of one company and
// period (indexed by company and day). It answers the same shape, with the same ordering and
// tie-breaks, as domain/sales-report.ts `aggregateSales`, which the phone runs over its own
// invoices; tests hold the two to the cent.
import { sql, type SQL } from 'drizzle-orm';
import { cents, type Cents } from '../../domain/money';
import {
  REPORT_TOP,
  byAmountThenKey,
  daysBetween,
  emptyHeatmap,
  zeroGroups,
  zeroPayments,
  zeroTotals,
  addTotals,
  GROUP_OF_TAX_TYPE,
  FILTER_KEYS,
  REPORT_TAX_GROUPS,
  type RankedOperator,
  type ReportPaymentType,
  type SalesDay,
  type SalesFilter,
  type SalesReport,
} from '../../domain/sales-report';
import type { DbOrTx } from '../db/client';

export interface SalesQuery {
  companyId: string;
  firstDay: string;
  lastDay: string;
  filter: SalesFilter;
}

const PAYMENT_COLUMNS: Record<ReportPaymentType, string> = {
  CASH: 'pay_cash',
  CHEQUE: 'pay_cheque',
  CCARD: 'pay_ccard',
  EMONEY: 'pay_emoney',
  INVOICE: 'pay_invoice',
};

/**
 * The receipts of the query, as a WHERE over `sales s`; without the product's condition when
 * `salesFrom` already picked the product's receipts.
 */
export function salesWhere(query: SalesQuery, options: { product?: boolean } = {}): SQL {
  const { filter } = query;
  const parts: SQL[] = [
    sql`s.company_id = ${query.companyId}`,
    sql`s.date >= ${query.firstDay}`,
    sql`s.date <= ${query.lastDay}`,
  ];
  if (filter.operator) parts.push(sql`s.operator_id = ${filter.operator}`);
  if (filter.customer) parts.push(sql`s.customer_id = ${filter.customer}`);
  if (filter.status) parts.push(sql`s.status = ${filter.status}`);
  if (filter.taxType) {
    const letter = GROUP_OF_TAX_TYPE[filter.taxType].toLowerCase();
    parts.push(sql.raw(`s.${letter}_net is not null`));
  }
  if (filter.payment) parts.push(sql.raw(`s.${PAYMENT_COLUMNS[filter.payment]} > 0`));
  if (filter.product && options.product !== false) {
    // The product's lines first (indexed by company and product), then their receipts.
    parts.push(
      sql`s.invoice_id in (select p.invoice_id from sale_lines p where p.company_id = ${query.companyId} and p.product_id = ${filter.product} and p.date >= ${query.firstDay} and p.date <= ${query.lastDay})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * `sales s` for the query: with a product, its receipts found from its lines (indexed by
 * company and product) and each read by its key, not the whole period scanned for them.
 */
function salesFrom(query: SalesQuery): SQL {
  if (!query.filter.product) return sql`sales s`;
  return sql`(select distinct p.invoice_id from sale_lines p
      where p.company_id = ${query.companyId} and p.product_id = ${query.filter.product}
        and p.date >= ${query.firstDay} and p.date <= ${query.lastDay}) chosen
    cross join lateral (select * from sales x
      where x.company_id = ${query.companyId} and x.invoice_id = chosen.invoice_id offset 0) s`;
}

type Row = Record<string, string | number | null>;

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  // Both drivers answer with the rows in `rows`.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const money = (value: string | number | null | undefined): Cents => cents(Number(value ?? 0));
const count = (value: string | number | null | undefined): number => Number(value ?? 0);

function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The slots that cover a period exactly: its whole months as month slots, and the days of a
 * partial first or last month as day slots (server/db/schema/reports.ts).
 */
export function slotRanges(firstDay: string, lastDay: string): Array<[string, string]> {
  const firstMonth = firstDay.endsWith('-01') ? firstDay.slice(0, 7) : null;
  const startMonth = firstMonth ?? shiftDay(`${firstDay.slice(0, 7)}-01`, 40).slice(0, 7);
  const lastMonth = monthEnd(lastDay.slice(0, 7)) === lastDay ? lastDay.slice(0, 7) : null;
  const endMonth = lastMonth ?? shiftDay(`${lastDay.slice(0, 7)}-01`, -1).slice(0, 7);
  if (startMonth > endMonth) return [[`d${firstDay}`, `d${lastDay}`]];
  const ranges: Array<[string, string]> = [[`m${startMonth}`, `m${endMonth}`]];
  const monthsStart = `${startMonth}-01`;
  const monthsEnd = monthEnd(endMonth);
  if (firstDay < monthsStart) ranges.push([`d${firstDay}`, `d${shiftDay(monthsStart, -1)}`]);
  if (lastDay > monthsEnd) ranges.push([`d${shiftDay(monthsEnd, 1)}`, `d${lastDay}`]);
  return ranges;
}

function slotWhere(query: SalesQuery): SQL {
  const ranges = slotRanges(query.firstDay, query.lastDay).map(
    ([from, to]) => sql`(s.slot >= ${from} and s.slot <= ${to})`,
  );
  return sql`s.company_id = ${query.companyId} and (${sql.join(ranges, sql` or `)})`;
}

/**
 * The facet of the day and hour sums that answers the filter (with operator and status as their
 * columns), or null when only the receipts can: a customer's receipts are few and read through
 * their index, and so are a product's when another facet narrows them further.
 */
function dayFacet(filter: SalesFilter): string | null {
  const facets = [filter.product, filter.payment, filter.taxType].filter(Boolean).length;
  if (filter.customer || facets > 1) return null;
  if (filter.product) return `i:${filter.product}`;
  if (filter.payment) return `p:${filter.payment}`;
  if (filter.taxType) return `t:${GROUP_OF_TAX_TYPE[filter.taxType]}`;
  return '';
}

/**
 * The facet of the product and customer sums that answers the filter (with status as their
 * column), or null.
 */
function topFacet(filter: SalesFilter): string | null {
  const set = FILTER_KEYS.filter((key) => key !== 'status' && filter[key]);
  if (set.length === 0) return '';
  if (set.length > 1) return null;
  if (filter.operator) return `o:${filter.operator}`;
  return dayFacet(filter) || null;
}

function summedFilter(filter: SalesFilter): SQL {
  const parts: SQL[] = [];
  if (filter.operator) parts.push(sql` and s.operator_key = ${filter.operator}`);
  if (filter.status) parts.push(sql` and s.status = ${filter.status}`);
  return sql.join(parts, sql``);
}

const SUMS = sql.raw(`sum(s.total_excl) as total_excl, sum(s.tax) as tax,
      sum(s.total_incl) as total_incl, sum(s.discount) as discount,
      sum(s.a_net) as a_net, sum(s.a_tax) as a_tax, sum(s.c_net) as c_net, sum(s.c_tax) as c_tax,
      sum(s.d_net) as d_net, sum(s.d_tax) as d_tax, sum(s.e_net) as e_net, sum(s.e_tax) as e_tax,
      sum(s.pay_cash) as pay_cash, sum(s.pay_cheque) as pay_cheque, sum(s.pay_ccard) as pay_ccard,
      sum(s.pay_emoney) as pay_emoney, sum(s.pay_invoice) as pay_invoice`);

export async function salesReport(db: DbOrTx, query: SalesQuery): Promise<SalesReport> {
  const where = salesWhere(query, { product: false });
  const from = salesFrom(query);
  const facet = dayFacet(query.filter);
  const top = topFacet(query.filter);
  const period = sql`s.company_id = ${query.companyId} and s.facet = ${facet} and s.date >= ${query.firstDay} and s.date <= ${query.lastDay}`;
  const slots = sql`${slotWhere(query)} and s.facet = ${facet}`;
  const topSlots = sql`${slotWhere(query)} and s.facet = ${top}${
    query.filter.status ? sql` and s.status = ${query.filter.status}` : sql``
  }`;
  // Days and operators, then weekday × hour. grouping() tells which set a row belongs to:
  // 7 = by day, 9 = by weekday and hour, 14 = by operator. They come from the sums of the
  // filter's facet (a year is a thousand day rows and a dozen month slots); for a customer, or
  // a product with a payment or tax filter, from their receipts, in one pass.
  const grouped =
    facet !== null
      ? [
          ...(await rows(
            db,
            sql`select case when grouping(s.date) = 0 then 7 else 14 end as kind,
            s.date, max(s.operator_id::text) as operator_id,
            sum(s.receipts) as n, ${SUMS}, max(s.operator_name collate "C") as operator_name
          from sales_daily s where ${period}${summedFilter(query.filter)}
          group by grouping sets ((s.date), (s.operator_key))
          having sum(s.receipts) > 0`,
          )),
          ...(await rows(
            db,
            sql`select 9 as kind, s.weekday, s.hour, sum(s.receipts) as n,
            sum(s.total_incl) as total_incl
          from sales_hours s where ${slots}${summedFilter(query.filter)}
          group by s.weekday, s.hour
          having sum(s.receipts) > 0`,
          )),
        ]
      : await rows(
          db,
          sql`select grouping(s.date, s.weekday, s.hour, s.operator_id) as kind,
          s.date, s.weekday, s.hour, s.operator_id,
          count(*) as n, ${SUMS}, max(s.operator_name collate "C") as operator_name
        from ${from} where ${where}
        group by grouping sets ((s.date), (s.weekday, s.hour), (s.operator_id))`,
        );
  const customers = await rows(
    db,
    top !== null
      ? sql`select s.customer_key as key, max(s.customer_id::text) as customer_id,
          max(s.name collate "C") as name, sum(s.receipts) as n, sum(s.total_incl) as total
        from sales_customers s where ${topSlots}
        group by s.customer_key
        having sum(s.receipts) > 0
        order by sum(s.total_incl) desc, s.customer_key collate "C" limit ${REPORT_TOP}`
      : sql`select s.customer_key as key, max(s.customer_id::text) as customer_id,
          max(s.customer_name collate "C") as name, count(*) as n, sum(s.total_incl) as total
        from ${from} where ${where}
        group by s.customer_key
        order by sum(s.total_incl) desc, s.customer_key collate "C" limit ${REPORT_TOP}`,
  );
  const products = await rows(
    db,
    top !== null
      ? sql`select s.product_key as key, max(s.product_id::text) as product_id,
          max(s.name collate "C") as name, sum(s.quantity) as quantity, sum(s.amount) as amount
        from sales_products s where ${topSlots}
        group by s.product_key
        having sum(s.lines) > 0
        order by sum(s.amount) desc, s.product_key collate "C" limit ${REPORT_TOP}`
      : sql`select l.product_key as key, max(l.product_id::text) as product_id,
          max(l.description collate "C") as name, sum(l.quantity) as quantity, sum(l.amount) as amount
        from ${from} join sale_lines l on l.company_id = s.company_id and l.invoice_id = s.invoice_id
        where ${where}
        group by l.product_key
        order by sum(l.amount) desc, l.product_key collate "C" limit ${REPORT_TOP}`,
  );

  const days = new Map<string, SalesDay>(
    daysBetween(query.firstDay, query.lastDay).map((date) => [
      date,
      { date, ...zeroTotals(), groups: zeroGroups() },
    ]),
  );
  const heatmap = emptyHeatmap();
  const payments = zeroPayments();
  const operators: RankedOperator[] = [];
  for (const row of grouped) {
    const kind = Number(row.kind);
    if (kind === 7) {
      const day = days.get(String(row.date));
      if (!day) continue;
      Object.assign(day, {
        receipts: count(row.n),
        totalExcl: money(row.total_excl),
        tax: money(row.tax),
        totalIncl: money(row.total_incl),
        discount: money(row.discount),
      });
      for (const group of REPORT_TAX_GROUPS) {
        const letter = group.toLowerCase();
        day.groups[group] = { net: money(row[`${letter}_net`]), tax: money(row[`${letter}_tax`]) };
      }
      for (const [type, column] of Object.entries(PAYMENT_COLUMNS)) {
        const key = type as ReportPaymentType;
        payments[key] = cents(payments[key] + money(row[column]));
      }
    } else if (kind === 9) {
      heatmap[count(row.weekday)]![count(row.hour)] = {
        receipts: count(row.n),
        amount: money(row.total_incl),
      };
    } else if (kind === 14) {
      operators.push({
        operatorId:
          row.operator_id === null || row.operator_id === '' ? null : String(row.operator_id),
        name: String(row.operator_name ?? ''),
        receipts: count(row.n),
        totalIncl: money(row.total_incl),
      });
    }
  }

  const dayList = [...days.values()];
  let totals = zeroTotals();
  const groups = zeroGroups();
  for (const day of dayList) {
    totals = addTotals(totals, day);
    for (const group of REPORT_TAX_GROUPS) {
      groups[group] = {
        net: cents(groups[group].net + day.groups[group].net),
        tax: cents(groups[group].tax + day.groups[group].tax),
      };
    }
  }
  return {
    firstDay: query.firstDay,
    lastDay: query.lastDay,
    totals,
    groups,
    payments,
    days: dayList,
    heatmap,
    operators: operators.sort(
      byAmountThenKey(
        (o) => o.totalIncl,
        (o) => o.operatorId ?? '',
      ),
    ),
    products: products.map((row) => ({
      key: String(row.key),
      productId: row.product_id === null ? null : String(row.product_id),
      name: String(row.name ?? ''),
      quantity: count(row.quantity),
      amount: money(row.amount),
    })),
    customers: customers.map((row) => ({
      key: String(row.key),
      customerId: row.customer_id === null ? null : String(row.customer_id),
      name: String(row.name ?? ''),
      receipts: count(row.n),
      totalIncl: money(row.total),
    })),
  };
}
