import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalProduct } from './db';
import { findProducts } from './products';

/** The company's products and services in name order, filtered by the search words, live. */
export function useProducts(companyId: string | null, search = ''): LocalProduct[] | undefined {
  return useLiveQuery(
    () => (companyId ? findProducts(companyId, search) : []),
    [companyId, search],
  );
}
