import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalCustomer } from './db';
import { getCustomer } from './customers';

/** One customer, live; null when it does not exist (or was deleted), undefined while loading. */
export function useCustomer(
  companyId: string | null,
  id: string | null,
): LocalCustomer | null | undefined {
  return useLiveQuery(() => (companyId && id ? getCustomer(companyId, id) : null), [companyId, id]);
}
