import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from './db';
import { pendingInvoiceEntries } from './invoices';

/** The changes of this invoice still waiting to be sent, oldest first, live. */
export function useInvoiceEntries(id: string | null): OutboxEntry[] | undefined {
  return useLiveQuery(() => (id ? pendingInvoiceEntries(id) : []), [id]);
}
