// Opens the editor on what the user last had: their unsaved typing when the editor kept some,
// else the saved draft, else a new invoice. The starting point is taken once, when the editor
// opens; later typing is the editor's own.
import { useState, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import type { InvoiceEditorDraft, LocalInvoice } from '../../../db/db';
import { discardEditorDraft, type InvoiceContext } from '../../../db/invoices';
import { useKeptEditorDraft } from '../../../db/useEditorDraft';
import { formFromInvoice, type InvoiceFormValues } from '../form';
import { InvoiceEditor } from './InvoiceEditor';

/** A kept form from this app version; anything else (damaged, older) is not offered back. */
function keptForm(draft: InvoiceEditorDraft | null): InvoiceFormValues | null {
  const form = draft?.form as Partial<InvoiceFormValues> | undefined;
  if (!form || typeof form !== 'object') return null;
  if (!Array.isArray(form.items) || !Array.isArray(form.payments) || !form.customer) return null;
  return form as InvoiceFormValues;
}

export interface DraftEditorProps {
  context: InvoiceContext;
  invoiceId: string;
  saved: LocalInvoice | null;
  /** The form of a new invoice (empty, or a correction). */
  fresh(): InvoiceFormValues;
  corrects?: { receiptNumber: number | null } | null;
  onSaved(invoice: LocalInvoice): void;
  onSubmitted(invoice: LocalInvoice): void;
  actions?: ReactNode;
}

interface Start {
  generation: number;
  initial: InvoiceFormValues;
  baseVersion: number | null;
  restoredAt: number | null;
}

export function DraftEditor(props: DraftEditorProps) {
  const { context, invoiceId, saved, fresh } = props;
  const draft = useKeptEditorDraft(context.companyId, invoiceId);
  const [generation, setGeneration] = useState(0);
  const [start, setStart] = useState<Start | null>(null);
  if (draft === undefined) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  let current = start;
  if (!current || current.generation !== generation) {
    // Taken once per opening: the typing that follows is kept as a draft too, and must not
    // be mistaken for something restored.
    const kept = draft && draft.updatedAt > generation ? draft : null;
    const form = keptForm(kept);
    current = {
      generation,
      initial: form ?? (saved ? formFromInvoice(saved) : fresh()),
      baseVersion: form ? kept!.baseVersion : (saved?.version ?? null),
      restoredAt: form ? kept!.updatedAt : null,
    };
    setStart(current);
  }
  return (
    <InvoiceEditor
      key={current.generation}
      context={context}
      invoiceId={invoiceId}
      saved={saved}
      initial={current.initial}
      baseVersion={current.baseVersion}
      restoredAt={current.restoredAt}
      corrects={props.corrects ?? null}
      onSaved={props.onSaved}
      onSubmitted={props.onSubmitted}
      actions={props.actions}
      onDiscard={() => {
        void discardEditorDraft(invoiceId).then(() => setGeneration(Date.now()));
      }}
    />
  );
}
