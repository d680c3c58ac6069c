// URL state of the invoice pages, validated like every route's search (values that cannot be
// used are dropped, never an error page).
import * as v from 'valibot';
import { parseCalendarDate } from '../../../domain/calendar-date';
import { DATE_PRESETS } from '../../../domain/date-presets';
import { INVOICE_STATUSES } from '../../../domain/invoice-status';
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

/** /invoices?status=&period=&from=&to=&q= */
export const invoiceListSearch = v.object({
  status: v.fallback(v.optional(v.picklist(INVOICE_STATUSES)), undefined),
  period: v.fallback(v.optional(v.picklist(DATE_PRESETS)), undefined),
  from: day,
  to: day,
  q: searchText,
});
export type InvoiceListSearch = v.InferOutput<typeof invoiceListSearch>;

/** /new-invoice?id=&corrects= : the new invoice's own id (kept across reloads) and what it corrects. */
export const newInvoiceSearch = v.object({ id: uuid, corrects: uuid });

/** /print-invoice/{id}?layout=&print= */
export const printSearch = v.object({
  layout: v.fallback(v.optional(v.picklist(['a4', '80mm', '58mm'] as const), '80mm'), '80mm'),
  print: v.fallback(v.optional(v.boolean(), false), false),
});
