import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalVendor } from './db';
import { findVendors } from './expense-directory';

/** The company's vendors in name order, matching the search; live. */
export function useVendors(
  companyId: string | null,
  search = '',
  activeOnly = false,
): LocalVendor[] | undefined {
  return useLiveQuery(
    () => (companyId ? findVendors(companyId, search, { activeOnly }) : []),
    [companyId, search, activeOnly],
  );
}
