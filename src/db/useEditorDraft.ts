import { useLiveQuery } from 'dexie-react-hooks';
import type { InvoiceEditorDraft } from './db';
import { getEditorDraft, unsavedNewInvoices } from './invoices';

/** What the editor kept of an invoice being typed; null when nothing, undefined while loading. */
export function useEditorDraft(
  companyId: string | null,
  id: string | null,
): InvoiceEditorDraft | null | undefined {
  return useLiveQuery(
    () => (companyId && id ? getEditorDraft(companyId, id) : null),
    [companyId, id],
  );
}

/** Invoices started on this device and never saved, newest first. */
export function useUnsavedNewInvoices(companyId: string | null): InvoiceEditorDraft[] | undefined {
  return useLiveQuery(() => (companyId ? unsavedNewInvoices(companyId) : []), [companyId]);
}
