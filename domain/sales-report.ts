// The sales report (spec §1, §2 /sales, §9): what a numbered receipt contributes to it, the
// filters that pick receipts, and the report itself. The phone computes it from its own
// invoices with `aggregateSales`; the server computes the same shape in SQL over the rows
// `saleOf` gives. Both add whole cents only, so they agree to the cent.
//
// A sale is an invoice with a fiscal receipt (submitted or issued): drafts and canceled drafts
// never sold anything. Filters pick whole receipts (a receipt "with product X", "paid by
// e-money"); the figures are always those receipts' full amounts, so the days, tax groups and
// payments of a filtered report still add up to its totals.
import * as v from 'valibot';
import type { Message } from './i18n';
import { cents, type Cents } from './money';
import type { Invoice } from './schemas/invoice';
import { uuidSchema } from './schemas/record';
import { TAX_TYPES, type TaxType } from './tax';
import { TRA_TAX_GROUP, traPayments } from './tra';
import {
  REPORT_PAYMENT_TYPES,
  SALE_STATUSES,
  type ReportPaymentType,
  type SaleStatus,
} from './sales-filter-values';

export {
  REPORT_PAYMENT_TYPES,
  SALE_STATUSES,
  type ReportPaymentType,
  type SaleStatus,
} from './sales-filter-values';

/** The TRA tax groups the product uses (B is never used: spec/tra-vfd.md). */
export const REPORT_TAX_GROUPS = ['A', 'C', 'D', 'E'] as const;
export type ReportTaxGroup = (typeof REPORT_TAX_GROUPS)[number];

/** How many products and customers the report ranks. */
export const REPORT_TOP = 10;

/** A custom period may cover at most this many days (three years). */
export const REPORT_MAX_DAYS = 1096;

export const reportPaymentLabels: Record<ReportPaymentType, Message> = {
  CASH: /*i18n*/ { id: 'Cash' },
  CHEQUE: /*i18n*/ { id: 'Cheque' },
  CCARD: /*i18n*/ { id: 'Credit card' },
  EMONEY: /*i18n*/ { id: 'E-money' },
  INVOICE: /*i18n*/ { id: 'On credit (unpaid)' },
};

export const taxGroupLabels: Record<ReportTaxGroup, Message> = {
  A: /*i18n*/ { id: 'A: standard 18%' },
  C: /*i18n*/ { id: 'C: zero rated' },
  D: /*i18n*/ { id: 'D: special relief' },
  E: /*i18n*/ { id: 'E: exempted' },
};

export const GROUP_OF_TAX_TYPE = TRA_TAX_GROUP;

export interface GroupAmounts {
  net: Cents;
  tax: Cents;
}

export interface SaleLine {
  productId: string | null;
  /** The saved product's id, else the description as printed: what "top products" groups by. */
  productKey: string;
  description: string;
  taxType: TaxType;
  /** Thousandths of a unit. */
  quantity: number;
  net: Cents;
  tax: Cents;
  amount: Cents;
  discount: Cents;
}

/** One numbered receipt as the report sees it. */
export interface Sale {
  invoiceId: string;
  /** EAT day and time of the receipt (YYYY-MM-DD, HH:mm:ss). */
  date: string;
  time: string;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  hour: number;
  status: SaleStatus;
  traStatus: 'pending' | 'accepted' | 'rejected';
  receiptNumber: number;
  verificationCode: string;
  operatorId: string | null;
  operatorName: string;
  customerId: string | null;
  /** The saved customer's id, else "name:" + the name printed (walk-ins share ""). */
  customerKey: string;
  customerName: string;
  totalExcl: Cents;
  tax: Cents;
  totalIncl: Cents;
  discount: Cents;
  /** Only the groups the receipt has. */
  groups: Partial<Record<ReportTaxGroup, GroupAmounts>>;
  /** TRA's payment types (traPayments): the unpaid part as INVOICE; they add up to the total. */
  payments: Partial<Record<ReportPaymentType, Cents>>;
  lines: SaleLine[];
}

/** Monday = 0 … Sunday = 6 for a calendar day. */
export function weekdayOf(day: string): number {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 6) % 7;
}

export function customerKeyOf(customerId: string | null, name: string): string {
  return customerId ?? `name:${name}`;
}

/** The receipt an invoice became, or null for a draft, a canceled one or one not yet numbered. */
export function saleOf(invoice: Invoice): Sale | null {
  const fiscal = invoice.fiscal;
  if (!fiscal || (invoice.status !== 'submitted' && invoice.status !== 'issued')) return null;
  const groups: Partial<Record<ReportTaxGroup, GroupAmounts>> = {};
  for (const group of invoice.totals.groups) {
    const letter = TRA_TAX_GROUP[group.taxType];
    const known = groups[letter];
    groups[letter] = {
      net: cents((known?.net ?? 0) + group.netAmount),
      tax: cents((known?.tax ?? 0) + group.taxAmount),
    };
  }
  const payments: Partial<Record<ReportPaymentType, Cents>> = {};
  for (const payment of traPayments(invoice.payments, invoice.totals.totalIncludingTax)) {
    payments[payment.type] = cents((payments[payment.type] ?? 0) + payment.amount);
  }
  const customerName = invoice.customer.name ?? '';
  return {
    invoiceId: invoice.id,
    date: fiscal.receiptDate,
    time: fiscal.receiptTime,
    weekday: weekdayOf(fiscal.receiptDate),
    hour: Number(fiscal.receiptTime.slice(0, 2)),
    status: invoice.status,
    traStatus: fiscal.traStatus,
    receiptNumber: fiscal.receiptNumber,
    verificationCode: fiscal.verificationCode,
    operatorId: invoice.operatorId,
    operatorName: invoice.operatorName ?? '',
    customerId: invoice.customerId,
    customerKey: customerKeyOf(invoice.customerId, customerName),
    customerName,
    totalExcl: invoice.totals.totalExcludingTax,
    tax: invoice.totals.taxAmount,
    totalIncl: invoice.totals.totalIncludingTax,
    discount: invoice.totals.totalDiscount,
    groups,
    payments,
    lines: invoice.items.map((item, index) => {
      const line = invoice.lineTotals[index]!;
      return {
        productId: item.productId,
        productKey: item.productId ?? item.description,
        description: item.description,
        taxType: item.taxType,
        quantity: Math.round(item.quantity * 1000),
        net: line.netAmount,
        tax: line.taxAmount,
        amount: line.amount,
        discount: line.discount,
      };
    }),
  };
}

export const salesFilterMessages = {
  filterInvalid: /*i18n*/ { id: 'Choose a value from the list' },
} satisfies Record<string, Message>;

const optionalId = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.trim().toLowerCase()),
    v.union([v.literal(''), uuidSchema], salesFilterMessages.filterInvalid.id),
    v.transform((s) => s || undefined),
  ),
);

/** What the report's receipts may be narrowed to (spec: operator, product, customer, tax type, payment type, status). */
export const salesFilterSchema = v.object({
  operator: optionalId,
  product: optionalId,
  customer: optionalId,
  taxType: v.optional(v.picklist(TAX_TYPES, salesFilterMessages.filterInvalid.id)),
  payment: v.optional(v.picklist(REPORT_PAYMENT_TYPES, salesFilterMessages.filterInvalid.id)),
  status: v.optional(v.picklist(SALE_STATUSES, salesFilterMessages.filterInvalid.id)),
});
export type SalesFilter = v.InferOutput<typeof salesFilterSchema>;

export const FILTER_KEYS = [
  'operator',
  'product',
  'customer',
  'taxType',
  'payment',
  'status',
] as const;

export function saleMatches(sale: Sale, filter: SalesFilter): boolean {
  if (filter.operator && sale.operatorId !== filter.operator) return false;
  if (filter.customer && sale.customerId !== filter.customer) return false;
  if (filter.status && sale.status !== filter.status) return false;
  if (filter.taxType && !sale.groups[TRA_TAX_GROUP[filter.taxType]]) return false;
  if (filter.payment && !((sale.payments[filter.payment] ?? 0) > 0)) return false;
  if (filter.product && !sale.lines.some((line) => line.productId === filter.product)) {
    return false;
  }
  return true;
}

export interface SalesTotals {
  receipts: number;
  totalExcl: Cents;
  tax: Cents;
  totalIncl: Cents;
  discount: Cents;
}

export interface SalesDay extends SalesTotals {
  date: string;
  groups: Record<ReportTaxGroup, GroupAmounts>;
}

export interface HeatCell {
  receipts: number;
  amount: Cents;
}

export interface RankedOperator {
  operatorId: string | null;
  name: string;
  receipts: number;
  totalIncl: Cents;
}

export interface RankedProduct {
  key: string;
  productId: string | null;
  name: string;
  /** Thousandths of a unit. */
  quantity: number;
  amount: Cents;
}

export interface RankedCustomer {
  key: string;
  customerId: string | null;
  name: string;
  receipts: number;
  totalIncl: Cents;
}

export interface SalesReport {
  firstDay: string;
  lastDay: string;
  totals: SalesTotals;
  groups: Record<ReportTaxGroup, GroupAmounts>;
  payments: Record<ReportPaymentType, Cents>;
  /** Every day of the period, in order, days without sales included. */
  days: SalesDay[];
  /** [weekday 0 = Monday][hour 0–23]. */
  heatmap: HeatCell[][];
  /** Every operator with sales, most sold first. */
  operators: RankedOperator[];
  /** The REPORT_TOP best products by amount, and customers by total. */
  products: RankedProduct[];
  customers: RankedCustomer[];
}

/** Code point order, as PostgreSQL's "C" collation compares: ties are broken the same way. */
export function compareKeys(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

const maxKey = (a: string, b: string) => (compareKeys(a, b) >= 0 ? a : b);

export function zeroTotals(): SalesTotals {
  const zero = cents(0);
  return { receipts: 0, totalExcl: zero, tax: zero, totalIncl: zero, discount: zero };
}

export function zeroGroups(): Record<ReportTaxGroup, GroupAmounts> {
  const zero = cents(0);
  return {
    A: { net: zero, tax: zero },
    C: { net: zero, tax: zero },
    D: { net: zero, tax: zero },
    E: { net: zero, tax: zero },
  };
}

export function zeroPayments(): Record<ReportPaymentType, Cents> {
  const zero = cents(0);
  return { CASH: zero, CHEQUE: zero, CCARD: zero, EMONEY: zero, INVOICE: zero };
}

export function addTotals(into: SalesTotals, add: SalesTotals): SalesTotals {
  return {
    receipts: into.receipts + add.receipts,
    totalExcl: cents(into.totalExcl + add.totalExcl),
    tax: cents(into.tax + add.tax),
    totalIncl: cents(into.totalIncl + add.totalIncl),
    discount: cents(into.discount + add.discount),
  };
}

/** Every calendar day from first to last, inclusive. */
export function daysBetween(firstDay: string, lastDay: string): string[] {
  const days: string[] = [];
  const [y, mo, d] = firstDay.split('-').map(Number) as [number, number, number];
  for (let i = 0; ; i++) {
    const day = new Date(Date.UTC(y, mo - 1, d + i)).toISOString().slice(0, 10);
    if (day > lastDay) return days;
    days.push(day);
  }
}

export function emptyHeatmap(): HeatCell[][] {
  return Array.from({ length: 7 }, () =>
    Array.from({ length: 24 }, () => ({ receipts: 0, amount: cents(0) })),
  );
}

/** Sorts most first, then by key in code point order (the server's ORDER BY). */
export function byAmountThenKey<T>(amount: (item: T) => number, key: (item: T) => string) {
  return (a: T, b: T) => amount(b) - amount(a) || compareKeys(key(a), key(b));
}

/**
 * The report of the sales from `firstDay` to `lastDay` (inclusive) that match the filter: the
 * phone's computation, and the reference the server's SQL is tested against. Product, customer
 * and operator names are the greatest (code point order) of those printed on the receipts the
 * filter counts, as the server takes them under every filter.
 */
export function aggregateSales(
  sales: Iterable<Sale>,
  period: { firstDay: string; lastDay: string },
  filter: SalesFilter = {},
): SalesReport {
  const days = new Map(
    daysBetween(period.firstDay, period.lastDay).map((date) => [
      date,
      { date, ...zeroTotals(), groups: zeroGroups() } as SalesDay,
    ]),
  );
  const heatmap = emptyHeatmap();
  const payments = zeroPayments();
  const operators = new Map<string, RankedOperator>();
  const products = new Map<string, RankedProduct>();
  const customers = new Map<string, RankedCustomer>();

  for (const sale of sales) {
    const day = days.get(sale.date);
    if (!day || !saleMatches(sale, filter)) continue;
    Object.assign(day, addTotals(day, { ...sale, receipts: 1 }));
    for (const group of REPORT_TAX_GROUPS) {
      const amounts = sale.groups[group];
      if (!amounts) continue;
      day.groups[group] = {
        net: cents(day.groups[group].net + amounts.net),
        tax: cents(day.groups[group].tax + amounts.tax),
      };
    }
    for (const type of REPORT_PAYMENT_TYPES) {
      payments[type] = cents(payments[type] + (sale.payments[type] ?? 0));
    }
    const cell = heatmap[sale.weekday]![sale.hour]!;
    cell.receipts += 1;
    cell.amount = cents(cell.amount + sale.totalIncl);

    const operatorKey = sale.operatorId ?? '';
    const operator = operators.get(operatorKey) ?? {
      operatorId: sale.operatorId,
      name: '',
      receipts: 0,
      totalIncl: cents(0),
    };
    operator.name = maxKey(operator.name, sale.operatorName);
    operator.receipts += 1;
    operator.totalIncl = cents(operator.totalIncl + sale.totalIncl);
    operators.set(operatorKey, operator);

    const customer = customers.get(sale.customerKey) ?? {
      key: sale.customerKey,
      customerId: sale.customerId,
      name: '',
      receipts: 0,
      totalIncl: cents(0),
    };
    customer.name = maxKey(customer.name, sale.customerName);
    customer.receipts += 1;
    customer.totalIncl = cents(customer.totalIncl + sale.totalIncl);
    customers.set(sale.customerKey, customer);

    for (const line of sale.lines) {
      const product = products.get(line.productKey) ?? {
        key: line.productKey,
        productId: line.productId,
        name: '',
        quantity: 0,
        amount: cents(0),
      };
      product.name = maxKey(product.name, line.description);
      product.quantity += line.quantity;
      product.amount = cents(product.amount + line.amount);
      products.set(line.productKey, product);
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
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    totals,
    groups,
    payments,
    days: dayList,
    heatmap,
    operators: [...operators.values()].sort(
      byAmountThenKey(
        (o) => o.totalIncl,
        (o) => o.operatorId ?? '',
      ),
    ),
    products: [...products.values()]
      .sort(
        byAmountThenKey(
          (p) => p.amount,
          (p) => p.key,
        ),
      )
      .slice(0, REPORT_TOP),
    customers: [...customers.values()]
      .sort(
        byAmountThenKey(
          (c) => c.totalIncl,
          (c) => c.key,
        ),
      )
      .slice(0, REPORT_TOP),
  };
}

/** Filter values as the URL and the API carry them (absent keys left out). */
export function filterQuery(filter: SalesFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) query[key] = value;
  }
  return query;
}

export const reportMessages = {
  periodTooLong: /*i18n*/ { id: 'A period may cover at most three years' },
} satisfies Record<string, Message>;

function shiftDay(day: string, days: number): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

function monthEnd(day: string): string {
  const [y, mo] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
}

/**
 * The period a dashboard compares with: the one before, cut to as many days as the current
 * one has had so far (a month on its 10th is compared with the 1st–10th of the month before),
 * so a period still under way is not measured against a whole one. A calendar month or year is
 * compared with the month or year before; any other period with the same number of days just
 * before it.
 */
export function previousPeriod(
  period: { firstDay: string; lastDay: string },
  today: string,
): { firstDay: string; lastDay: string } {
  const { firstDay, lastDay } = period;
  const elapsedLast = today >= firstDay && today < lastDay ? today : lastDay;
  const elapsed = daysBetween(firstDay, elapsedLast).length;
  const span = daysBetween(firstDay, lastDay).length;
  let start: string;
  let end: string;
  if (firstDay.endsWith('-01-01') && lastDay === `${firstDay.slice(0, 4)}-12-31`) {
    start = `${Number(firstDay.slice(0, 4)) - 1}-01-01`;
    end = `${start.slice(0, 4)}-12-31`;
  } else if (firstDay.endsWith('-01') && lastDay === monthEnd(firstDay)) {
    start = `${shiftDay(firstDay, -1).slice(0, 7)}-01`;
    end = monthEnd(start);
  } else {
    start = shiftDay(firstDay, -span);
    end = shiftDay(firstDay, -1);
  }
  // A period that is over is compared with the whole period before (a leap year included).
  if (elapsed === span) return { firstDay: start, lastDay: end };
  const cut = shiftDay(start, elapsed - 1);
  return { firstDay: start, lastDay: cut < end ? cut : end };
}
