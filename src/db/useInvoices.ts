import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalInvoice } from './db';
import { findInvoices, type InvoiceFilter } from './invoices';

/**
 * The company's invoices matching the filter, newest first; updates by itself on every change
 * (a save here, a pull, a sync answer). Undefined while loading.
 */
export function useInvoices(
  companyId: string | null,
  filter: InvoiceFilter,
): LocalInvoice[] | undefined {
  const { status, firstDay, lastDay, search } = filter;
  return useLiveQuery(
    () => (companyId ? findInvoices(companyId, { status, firstDay, lastDay, search }) : []),
    [companyId, status, firstDay, lastDay, search],
  );
}
