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

/** The receipts of the query, as a WHERE over `sales s`. */
export function salesWhere(query: SalesQuery): SQL {
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
  if (filter.product) {
    parts.push(
      sql`exists (select 1 from sale_lines l where l.company_id = s.company_id and l.invoice_id = s.invoice_id and l.product_id = ${filter.product})`,
    );
  }
  return sql.join(parts, sql` and `);
}

type Row = Record<string, string | number | null>;

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  // Both drivers answer with the rows in `rows`.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const money = (value: string | number | null | undefined): Cents => cents(Number(value ?? 0));
const count = (value: string | number | null | undefined): number => Number(value ?? 0);

const hasFilter = (filter: SalesFilter) => Object.values(filter).some(Boolean);

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

/** Whether the summed rows can answer: no filter, or only by operator and status. */
function summable(filter: SalesFilter): boolean {
  const { operator: _operator, status: _status, ...others } = filter;
  return !Object.values(others).some(Boolean);
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
  const where = salesWhere(query);
  const summed = summable(query.filter);
  const unfiltered = !hasFilter(query.filter);
  const period = sql`s.company_id = ${query.companyId} and s.date >= ${query.firstDay} and s.date <= ${query.lastDay}`;
  // Days and operators, then weekday × hour. grouping() tells which set a row belongs to:
  // 7 = by day, 9 = by weekday and hour, 14 = by operator. With no filter but operator and
  // status they come from the sums (a year is a thousand day rows and a dozen month slots);
  // otherwise from every receipt of the period, in one pass.
  const grouped = summed
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
          from sales_hours s where ${slotWhere(query)}${summedFilter(query.filter)}
          group by s.weekday, s.hour
          having sum(s.receipts) > 0`,
        )),
      ]
    : await rows(
        db,
        sql`select grouping(s.date, s.weekday, s.hour, s.operator_id) as kind,
          s.date, s.weekday, s.hour, s.operator_id,
          count(*) as n, ${SUMS}, max(s.operator_name collate "C") as operator_name
        from sales s where ${where}
        group by grouping sets ((s.date), (s.weekday, s.hour), (s.operator_id))`,
      );
  const customers = await rows(
    db,
    unfiltered
      ? sql`select s.customer_key as key, max(s.customer_id::text) as customer_id,
          max(s.name collate "C") as name, sum(s.receipts) as n, sum(s.total_incl) as total
        from sales_customers s where ${slotWhere(query)}
        group by s.customer_key
        order by sum(s.total_incl) desc, s.customer_key collate "C" limit ${REPORT_TOP}`
      : sql`select s.customer_key as key, max(s.customer_id::text) as customer_id,
          max(s.customer_name collate "C") as name, count(*) as n, sum(s.total_incl) as total
        from sales s where ${where}
        group by s.customer_key
        order by sum(s.total_incl) desc, s.customer_key collate "C" limit ${REPORT_TOP}`,
  );
  const products = await rows(
    db,
    unfiltered
      ? sql`select s.product_key as key, max(s.product_id::text) as product_id,
          max(s.name collate "C") as name, sum(s.quantity) as quantity, sum(s.amount) as amount
        from sales_products s where ${slotWhere(query)}
        group by s.product_key
        order by sum(s.amount) desc, s.product_key collate "C" limit ${REPORT_TOP}`
      : sql`select l.product_key as key, max(l.product_id::text) as product_id,
          max(l.description collate "C") as name, sum(l.quantity) as quantity, sum(l.amount) as amount
        from sale_lines l join sales s on s.company_id = l.company_id and s.invoice_id = l.invoice_id
        where l.company_id = ${query.companyId} and l.date >= ${query.firstDay}
          and l.date <= ${query.lastDay} and ${where}
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
