import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalInvoice } from './db';
import { submittedInvoices } from './invoices';

/** Invoices submitted and not yet issued by TRA, newest first, live. */
export function useSubmittedInvoices(companyId: string | null): LocalInvoice[] | undefined {
  return useLiveQuery(() => (companyId ? submittedInvoices(companyId) : []), [companyId]);
}
