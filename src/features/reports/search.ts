// URL state of the report pages (/sales, /sales-old, /invoices-report): the period and the
// filters. Values that cannot be used are dropped, never an error page.
import * as v from 'valibot';
import { DATE_PRESETS, presetRange, type DatePreset } from '../../../domain/date-range';
import { INVOICE_STATUSES } from '../../../domain/invoice-status';
import { parseCalendarDate } from '../../../domain/schemas/fields';
import {
  REPORT_MAX_DAYS,
  REPORT_PAYMENT_TYPES,
  SALE_STATUSES,
  daysBetween,
  type SalesFilter,
} from '../../../domain/sales-report';
import { TAX_TYPES } from '../../../domain/tax';
import { searchText } from '../../app/search';

const uuid = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined);
const day = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => parseCalendarDate(text) ?? undefined),
    ),
  ),
  undefined,
);
const preset = v.fallback(v.optional(v.picklist(DATE_PRESETS)), undefined);

const periodEntries = { preset, from: day, to: day, company: uuid };

/** /sales and /sales-old */
export const salesSearch = v.object({
  ...periodEntries,
  operator: uuid,
  product: uuid,
  customer: uuid,
  taxType: v.fallback(v.optional(v.picklist(TAX_TYPES)), undefined),
  payment: v.fallback(v.optional(v.picklist(REPORT_PAYMENT_TYPES)), undefined),
  status: v.fallback(v.optional(v.picklist(SALE_STATUSES)), undefined),
});
export type SalesSearch = v.InferOutput<typeof salesSearch>;

/** /invoices-report */
export const invoicesReportSearch = v.object({
  ...periodEntries,
  status: v.fallback(v.optional(v.picklist(INVOICE_STATUSES)), undefined),
  tra: v.fallback(v.optional(v.picklist(['pending', 'accepted', 'rejected'] as const)), undefined),
  q: searchText,
});
export type InvoicesReportSearch = v.InferOutput<typeof invoicesReportSearch>;

/** /dashboard?period=&company= */
export const DASHBOARD_PRESETS = ['today', 'this_week', 'this_month', 'this_year'] as const;
export const dashboardSearch = v.object({
  period: v.fallback(v.optional(v.picklist(DASHBOARD_PRESETS)), undefined),
  company: uuid,
});
export type DashboardSearch = v.InferOutput<typeof dashboardSearch>;

export interface Period {
  preset: DatePreset;
  firstDay: string;
  lastDay: string;
}

/**
 * The days a search asks for; null for a custom period that is incomplete, backwards or longer
 * than the server reports (the picker says why).
 */
export function periodOfSearch(
  search: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
  fallback: Exclude<DatePreset, 'custom'> = 'this_month',
): Period | null {
  const chosen = search.preset ?? fallback;
  if (chosen === 'custom') {
    const { from, to } = search;
    if (!from || !to || to < from) return null;
    if (daysBetween(from, to).length > REPORT_MAX_DAYS) return null;
    return { preset: 'custom', firstDay: from, lastDay: to };
  }
  const range = presetRange(chosen, now);
  return { preset: chosen, firstDay: range.firstDay, lastDay: range.lastDay };
}

export function filterOfSearch(search: SalesSearch): SalesFilter {
  const filter: SalesFilter = {};
  if (search.operator) filter.operator = search.operator;
  if (search.product) filter.product = search.product;
  if (search.customer) filter.customer = search.customer;
  if (search.taxType) filter.taxType = search.taxType;
  if (search.payment) filter.payment = search.payment;
  if (search.status) filter.status = search.status;
  return filter;
}

/** The query of a report request: the period and, for an admin, the company. */
export function periodQuery(
  period: Period,
  companyId: string | null | undefined,
): Record<string, string | undefined> {
  return {
    preset: period.preset,
    ...(period.preset === 'custom' ? { from: period.firstDay, to: period.lastDay } : {}),
    companyId: companyId ?? undefined,
  };
}
