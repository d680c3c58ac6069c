import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalProduct } from './db';
import { getProduct } from './products';

/** One product, live; null when it does not exist, undefined while loading. */
export function useProduct(
  companyId: string | null,
  id: string | null,
): LocalProduct | null | undefined {
  return useLiveQuery(() => (companyId && id ? getProduct(companyId, id) : null), [companyId, id]);
}
