import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalInvoice } from './db';
import {
  invoiceIdsWithWords,
  invoicesByIds,
  keepMatching,
  listedInvoiceIds,
  searchWordsOf,
  type InvoiceFilter,
} from './invoices';

/**
 * The ids of the company's invoices matching the filter, newest first; updates by itself on
 * every change (a save here, a pull, a sync answer). Undefined while loading.
 */
export function useInvoiceIds(
  companyId: string | null,
  filter: InvoiceFilter,
): string[] | undefined {
  const { status, firstDay, lastDay, search } = filter;
  // The list and the search are two queries: typing re-reads only the index ranges of its
  // words, and the list (10,000 keys) is read again only when it changes.
  const listed = useLiveQuery(
    () => (companyId ? listedInvoiceIds(companyId, { status, firstDay, lastDay }) : []),
    [companyId, status, firstDay, lastDay],
  );
  const words = searchWordsOf(search).join(' ');
  const matching = useLiveQuery(
    () => (words ? invoiceIdsWithWords(words.split(' ')) : null),
    [words],
  );
  return useMemo(() => {
    // Until the first matches of a new search arrive, the list stays as it was.
    if (!listed || !words || !matching) return listed;
    return keepMatching(listed, matching);
  }, [listed, words, matching]);
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
