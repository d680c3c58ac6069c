import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalInvoice } from './db';
import { getInvoice } from './invoices';

/** One invoice, live; null when this device does not have it, undefined while loading. */
export function useInvoice(
  companyId: string | null,
  id: string | null,
): LocalInvoice | null | undefined {
  return useLiveQuery(() => (companyId && id ? getInvoice(companyId, id) : null), [companyId, id]);
}
