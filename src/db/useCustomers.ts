import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalCustomer } from './db';
import { countCustomerRows, findCustomers, firstCustomers, type FirstCustomers } from './customers';
import { ListCache, unwatched } from './list-cache';

/**
 * The company's customers in name order, filtered by the search words; updates by itself when
 * any change lands (a save on this device, a pull, a sync result). Undefined while loading.
 */
export function useCustomers(companyId: string | null, search = ''): LocalCustomer[] | undefined {
  return useLiveQuery(
    () => (companyId ? findCustomers(companyId, search) : []),
    [companyId, search],
  );
}

/** Each company's whole customer list, as the list screen last read it (see ListCache). */
const customerLists = new ListCache<LocalCustomer[]>('customers');

/** Each company's first screen of customers and their count (see ListCache). */
const firstReads = new ListCache<FirstCustomers>('customers');

/** Rows read first when the list is not in memory: more than a phone's screen shows. */
export const FIRST_CUSTOMERS = 40;

const readFirst = (companyId: string) =>
  firstReads.share(companyId, () => firstCustomers(companyId, FIRST_CUSTOMERS));

/**
 * Starts reading the list's first screen for the screen to find when it renders: the route
 * calls it while the screen's code loads, so the database opens and reads meanwhile.
 */
export function prefetchCustomerList(companyId: string): Promise<void> {
  return readFirst(companyId).then(
    () => undefined,
    // The screen reads them itself and says what went wrong.
    () => undefined,
  );
}

export interface CustomerList {
  /** In name order: all of them once `complete`, before that the first of them. */
  customers: LocalCustomer[];
  /** How many customers the company has. */
  total: number;
  /** False while only the first customers are read: filters and counts of matches wait. */
  complete: boolean;
}

/**
 * The customer list screen's customers, live. Opened again with the list in memory, it is there
 * at once; otherwise the first screen of rows and the count come first, then the whole list,
 * which starts with the same rows: nothing shown first disappears, and the count stays.
 * Undefined until the first rows are read.
 */
export function useCustomerList(companyId: string | null): CustomerList | undefined {
  const all = useLiveQuery(
    async () => {
      if (!companyId) return [];
      // Read even when in memory: any write in the list's range runs this again, and what is
      // in memory is shown meanwhile, from the first render. The rows are read unwatched.
      await countCustomerRows();
      return unwatched(() => customerLists.load(companyId, () => findCustomers(companyId)));
    },
    [companyId],
    companyId ? customerLists.get(companyId) : undefined,
  );
  // Read ahead by the route, the first screen is there from the first render.
  const [first, setFirst] = useState<(FirstCustomers & { companyId: string }) | undefined>(() => {
    if (!companyId) return undefined;
    const read = firstReads.get(companyId);
    return read && { ...read, companyId };
  });
  const needFirst = Boolean(companyId) && all === undefined;
  useEffect(() => {
    if (!companyId || !needFirst) return;
    let current = true;
    void readFirst(companyId).then((read) => {
      if (current) setFirst({ ...read, companyId });
    });
    return () => {
      current = false;
    };
  }, [companyId, needFirst]);
  if (all) return { customers: all, total: all.length, complete: true };
  if (first && first.companyId === companyId) {
    return { customers: first.rows, total: first.total, complete: false };
  }
  return undefined;
}
