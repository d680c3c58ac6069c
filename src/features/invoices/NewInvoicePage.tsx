// /new-invoice: a new draft, or a correction of an issued invoice (?corrects=). The invoice gets
// its id at once and keeps it in the address (?id=), so a reload finds what was typed.
import { useEffect } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { canCorrectInvoice } from '../../../domain/invoice-status';
import { useInvoice } from '../../db/useInvoice';
import { usePageTitle } from '../../app/usePageTitle';
import { DraftEditor } from './editor/DraftEditor';
import { UnsavedInvoices } from './UnsavedInvoices';
import { correctionOf, emptyForm } from './form';
import { syncAndWait } from '../sync/app-sync';
import { useInvoiceContext } from './useInvoiceContext';

const route = getRouteApi('/_app/new-invoice');

export function NewInvoicePage() {
  const { t } = useLingui();
  usePageTitle(t`New invoice`);
  const { id, corrects } = route.useSearch();
  const navigate = useNavigate();
  const context = useInvoiceContext();
  const companyId = context?.companyId ?? null;
  const saved = useInvoice(companyId, id ?? null);
  const corrected = useInvoice(companyId, corrects ?? null);

  useEffect(() => {
    if (!id) {
      void navigate({
        to: '/new-invoice',
        search: { id: crypto.randomUUID(), corrects },
        replace: true,
      });
    }
  }, [id, corrects, navigate]);

  useEffect(() => {
    // Already saved (the address was kept after a save): it is edited where drafts are.
    if (id && saved) void navigate({ to: '/edit-invoice/$id', params: { id }, replace: true });
  }, [id, saved, navigate]);

  if (!context || !id || saved === undefined || saved || corrected === undefined) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Center>
    );
  }
  const correcting = corrected && canCorrectInvoice(corrected.status) ? corrected : null;

  return (
    <Stack gap="md">
      <UnsavedInvoices companyId={context.companyId} current={id} />
      <DraftEditor
        key={id}
        context={context}
        invoiceId={id}
        saved={null}
        fresh={() => (correcting ? correctionOf(correcting) : emptyForm())}
        corrects={correcting ? { receiptNumber: correcting.fiscal?.receiptNumber ?? null } : null}
        onSaved={(invoice) =>
          void navigate({ to: '/edit-invoice/$id', params: { id: invoice.id }, replace: true })
        }
        onSubmitted={(invoice) => {
          void syncAndWait();
          void navigate({ to: '/edit-invoice/$id', params: { id: invoice.id }, replace: true });
        }}
      />
    </Stack>
  );
}
