import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { InvoiceEditorDraft } from './db';
import { getEditorDraft, unsavedNewInvoices } from './invoices';

/**
 * What the editor kept of an invoice being typed, read once as the editor opens; null when
 * nothing, undefined while loading. Not a live query: the editor keeps the typing at every key,
 * and a live read would render the whole editor again each time.
 */
export function useKeptEditorDraft(
  companyId: string,
  id: string,
): InvoiceEditorDraft | null | undefined {
  const key = `${companyId}/${id}`;
  const [kept, setKept] = useState<{ key: string; draft: InvoiceEditorDraft | null }>();
  useEffect(() => {
    let current = true;
    getEditorDraft(companyId, id)
      .catch((error: unknown) => {
        // Unreadable: the editor opens on the saved draft or a new invoice.
        console.error(error);
        return null;
      })
      .then((draft) => {
        if (current) setKept({ key, draft });
      });
    return () => {
      current = false;
    };
  }, [companyId, id, key]);
  return kept?.key === key ? kept.draft : undefined;
}

/** Invoices started on this device and never saved, newest first. */
export function useUnsavedNewInvoices(companyId: string | null): InvoiceEditorDraft[] | undefined {
  return useLiveQuery(() => (companyId ? unsavedNewInvoices(companyId) : []), [companyId]);
}
