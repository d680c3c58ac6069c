// URL state of the report pages (/sales, /sales-old, /invoices-report): the period and the
// filters. Values that cannot be used are dropped, never an error page. Part of every page's
// first load (the route tree validates with it), so it imports no date arithmetic: the period
// a search means is worked out in ./period.ts.
import * as v from 'valibot';
import { parseCalendarDate } from '../../../domain/calendar-date';
import { DATE_PRESETS } from '../../../domain/date-presets';
import { INVOICE_STATUSES } from '../../../domain/invoice-status';
import { REPORT_PAYMENT_TYPES, SALE_STATUSES } from '../../../domain/sales-filter-values';
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
