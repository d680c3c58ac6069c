import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalCustomer } from './db';
import { findCustomers } from './customers';

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
