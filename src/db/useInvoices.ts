import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalInvoice } from './db';
import { findInvoiceIds, invoicesByIds, type InvoiceFilter } from './invoices';

/**
 * The ids of the company's invoices matching the filter, newest first; updates by itself on
 * every change (a save here, a pull, a sync answer). Undefined while loading.
 */
export function useInvoiceIds(
  companyId: string | null,
  filter: InvoiceFilter,
): string[] | undefined {
  const { status, firstDay, lastDay, search } = filter;
  return useLiveQuery(
    () => (companyId ? findInvoiceIds(companyId, { status, firstDay, lastDay, search }) : []),
    [companyId, status, firstDay, lastDay, search],
  );
}

/** These invoices (the rows on screen), live, by id; undefined while loading. */
export function useInvoicesByIds(
  companyId: string | null,
  ids: readonly string[],
): Map<string, LocalInvoice> | undefined {
  const key = ids.join(',');
  return useLiveQuery(async () => {
    if (!companyId || !key) return new Map<string, LocalInvoice>();
    const invoices = await invoicesByIds(companyId, key.split(','));
    return new Map(invoices.map((invoice) => [invoice.id, invoice]));
  }, [companyId, key]);
}
