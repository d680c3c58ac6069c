// The addresses of the expense screens, so other screens (the dashboard's "add expense" and
// "scan receipt") can link straight to a way in: /expenses/new?method=scan|code|upload|manual.
// Unusable values are dropped, never an error page. Kept free of the domain's schemas (only their
// dependency-free preset names): these files are part of every page's first load.
import * as v from 'valibot';
import { DATE_PRESETS } from '../../../domain/date-presets';
import { searchText } from '../../app/search';

export const ENTRY_METHODS = ['scan', 'code', 'upload', 'manual'] as const;
export type EntryMethod = (typeof ENTRY_METHODS)[number];

const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);
const uuid = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined);

/** /expenses?q=&status=&from=&to=&categoryId=&vendorId= */
export const expenseListSearch = v.object({
  q: searchText,
  status: v.fallback(
    v.optional(v.picklist(['pending', 'processed', 'canceled'] as const)),
    undefined,
  ),
  from: day,
  to: day,
  categoryId: uuid,
  vendorId: uuid,
});
export type ExpenseListSearch = v.InferOutput<typeof expenseListSearch>;

/** /expenses/new?method=scan&id= (id: go on with an expense already started on this phone). */
export const newExpenseSearch = v.object({
  method: v.fallback(v.optional(v.picklist(ENTRY_METHODS)), undefined),
  id: uuid,
});
export type NewExpenseSearch = v.InferOutput<typeof newExpenseSearch>;

/** /expenses-report?preset=&from=&to=&categoryId=&vendorId=&method=&status= */
export const expenseReportSearch = v.object({
  preset: v.fallback(v.optional(v.picklist(DATE_PRESETS)), undefined),
  from: day,
  to: day,
  categoryId: uuid,
  vendorId: uuid,
  method: v.fallback(
    v.optional(v.picklist(['CASH', 'BANK', 'CHEQUE', 'EMONEY'] as const)),
    undefined,
  ),
  status: v.fallback(v.optional(v.picklist(['open', 'pending', 'processed'] as const)), undefined),
});
export type ExpenseReportSearch = v.InferOutput<typeof expenseReportSearch>;

/** /vendors?q=&active= */
export const vendorListSearch = v.object({
  q: searchText,
  active: v.fallback(v.optional(v.picklist(['active', 'inactive'] as const)), undefined),
});
