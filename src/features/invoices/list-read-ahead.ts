// What the invoice list shows, started by its route while the list's code loads (see
// prefetchInvoiceList): on a reload the database opens and reads the first rows meanwhile.
import { presetRange } from '../../../domain/date-range';
import { prefetchInvoiceList } from '../../db/useInvoices';
import { useSession } from '../../stores/session';
import type { InvoiceListSearch } from './search';
import { invoiceContextOf } from './useInvoiceContext';

/** The days of the chosen period (EAT), or none for all time. */
export function periodDays(
  search: Pick<InvoiceListSearch, 'period' | 'from' | 'to'>,
  now: number,
): { firstDay?: string; lastDay?: string } {
  if (!search.period) return {};
  if (search.period === 'custom') return { firstDay: search.from, lastDay: search.to };
  const range = presetRange(search.period, now);
  return { firstDay: range.firstDay, lastDay: range.lastDay };
}

/**
 * Starts reading the first screen of the list of this status and period. With a search typed
 * the screen waits for the whole list, but the database is then open already.
 */
export function readInvoiceListAhead(
  search: Pick<InvoiceListSearch, 'status' | 'period' | 'from' | 'to'>,
): void {
  const { user, actingCompany } = useSession.getState();
  const companyId = invoiceContextOf(user, actingCompany)?.companyId;
  if (companyId) {
    void prefetchInvoiceList(companyId, {
      status: search.status,
      ...periodDays(search, Date.now()),
    });
  }
}
