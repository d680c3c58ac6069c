import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalInvoice } from './db';
import {
  countListedInvoices,
  firstInvoices,
  invoiceIdsWithWords,
  invoicesByIds,
  keepMatching,
  listedInvoiceIds,
  searchWordsOf,
  type InvoiceFilter,
} from './invoices';
import { ListCache, unwatched } from './list-cache';
import { useLiveAnswer } from './live-answer';

/** The list's ids by company and filter, and the rows last shown, as last read (see ListCache). */
const listedIds = new ListCache<string[]>('invoices');
const shownRows = new ListCache<Map<string, LocalInvoice>>('invoices');
/** The first screen of a list (its first ids and its count) by company and filter. */
const firstIds = new ListCache<{ ids: string[]; total: number }>('invoices');
/** The invoices of those first ids, by company, so the first rows show from the first render. */
const firstRows = new ListCache<Map<string, LocalInvoice>>('invoices');

/** Ids read first when the list is not in memory: more than a phone's screen shows. */
export const FIRST_INVOICES = 30;

type ListFilter = Omit<InvoiceFilter, 'search'>;

const listKey = (companyId: string | null, { status, firstDay, lastDay }: ListFilter) =>
  `${companyId}|${status ?? ''}|${firstDay ?? ''}|${lastDay ?? ''}`;

/** The first screen's ids and count, its invoices kept for the rows' first render. */
function readFirstIds(companyId: string, { status, firstDay, lastDay }: ListFilter) {
  return firstIds.share(listKey(companyId, { status, firstDay, lastDay }), async () => {
    const first = await firstInvoices(companyId, { status, firstDay, lastDay }, FIRST_INVOICES);
    await firstRows.load(companyId, () =>
      Promise.resolve(new Map(first.invoices.map((invoice) => [invoice.id, invoice]))),
    );
    return { ids: first.ids, total: first.total };
  });
}

/**
 * Starts reading the list's first screen (its first ids, count and invoices) for the screen to
 * find when it renders: the route calls it while the screen's code loads, so the database opens
 * and reads meanwhile instead of after the first render.
 */
export function prefetchInvoiceList(companyId: string, filter: ListFilter): Promise<void> {
  return readFirstIds(companyId, filter).then(
    () => undefined,
    // The screen reads them itself and says what went wrong.
    () => undefined,
  );
}

/** These invoices from the first rows read ahead, if every one of them is there. */
function firstRowsOf(companyId: string, ids: readonly string[]) {
  const rows = firstRows.get(companyId);
  if (!rows || !ids.every((id) => rows.has(id))) return undefined;
  return new Map(ids.map((id) => [id, rows.get(id)!]));
}

/**
 * The company's invoice ids in the filter's status and days (its search aside), newest first,
 * live; at once when in memory (the query still reads them, which keeps them live). Undefined
 * while a filter not in memory is read: never the ids of the filter before it.
 */
function useListedIds(companyId: string | null, filter: ListFilter) {
  const { status, firstDay, lastDay } = filter;
  const key = listKey(companyId, filter);
  const { answer } = useLiveAnswer(key, async () => {
    if (!companyId) return [];
    const filter = { status, firstDay, lastDay };
    // Any write in the list's range runs this again; the ids themselves are read unwatched.
    await countListedInvoices(companyId, filter);
    return unwatched(() => listedIds.load(key, () => listedInvoiceIds(companyId, filter)));
  });
  return answer ?? (companyId ? listedIds.get(key) : undefined);
}

/** The ids matching the search words, null without words; undefined while reading. */
function useMatching(search: string | undefined) {
  const words = searchWordsOf(search).join(' ');
  const matching = useLiveQuery(
    () => (words ? invoiceIdsWithWords(words.split(' ')) : null),
    [words],
  );
  return { words, matching };
}

/**
 * The ids of the company's invoices matching the filter, newest first; updates by itself on
 * every change (a save here, a pull, a sync answer). Undefined while loading.
 */
export function useInvoiceIds(
  companyId: string | null,
  filter: InvoiceFilter,
): string[] | undefined {
  // The list and the search are two queries: typing re-reads only the index ranges of its
  // words, and the list (10,000 keys) is read again only when it changes.
  const listed = useListedIds(companyId, filter);
  const { words, matching } = useMatching(filter.search);
  return useMemo(() => {
    // Until the first matches of a new search arrive, the list stays as it was.
    if (!listed || !words || !matching) return listed;
    return keepMatching(listed, matching);
  }, [listed, words, matching]);
}

export interface InvoiceListIds {
  /** Newest first: all that match once `complete`, before that the first of them. */
  ids: string[];
  /** How many invoices match. */
  total: number;
  complete: boolean;
}

/**
 * The list screen's ids: as useInvoiceIds, but when the list is not in memory and no search is
 * typed, the first screen of ids and the count come first (the whole list starts with the same
 * ids, so nothing shown disappears and the count stays). Undefined until there is something.
 */
export function useInvoiceListIds(
  companyId: string | null,
  filter: InvoiceFilter,
): InvoiceListIds | undefined {
  const { status, firstDay, lastDay } = filter;
  const all = useInvoiceIds(companyId, filter);
  const key = listKey(companyId, filter);
  // Read ahead by the route, the first screen is there from the first render.
  const [first, setFirst] = useState<{ key: string; ids: string[]; total: number } | undefined>(
    () => {
      const read = companyId ? firstIds.get(key) : undefined;
      return read && { key, ...read };
    },
  );
  const needFirst = Boolean(companyId) && all === undefined;
  useEffect(() => {
    if (!companyId || !needFirst) return;
    let current = true;
    void readFirstIds(companyId, { status, firstDay, lastDay }).then((read) => {
      if (current) setFirst({ key, ...read });
    });
    return () => {
      current = false;
    };
  }, [companyId, needFirst, key, status, firstDay, lastDay]);
  if (all) return { ids: all, total: all.length, complete: true };
  if (first && first.key === key && !searchWordsOf(filter.search).length) {
    return { ids: first.ids, total: first.total, complete: false };
  }
  return undefined;
}

/** These invoices (the rows on screen), live, by id; undefined while loading. */
export function useInvoicesByIds(
  companyId: string | null,
  ids: readonly string[],
): Map<string, LocalInvoice> | undefined {
  const joined = ids.join(',');
  const key = `${companyId}|${joined}`;
  const { answer, last } = useLiveAnswer(key, async () => {
    if (!companyId || !joined) return new Map<string, LocalInvoice>();
    return shownRows.load(key, async () => {
      const invoices = await invoicesByIds(companyId, joined.split(','));
      return new Map(invoices.map((invoice) => [invoice.id, invoice]));
    });
  });
  // Meanwhile: these rows as last read, or the first screen read ahead, or those of the rows
  // shown before (the ones still on screen keep showing while the others are read).
  return (
    answer ?? shownRows.get(key) ?? (companyId ? firstRowsOf(companyId, ids) : undefined) ?? last
  );
}
