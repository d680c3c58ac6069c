// /new-invoice: a new draft, or a correction of an issued invoice (?corrects=). The invoice gets
// its id at once and keeps it in the address (?id=), so a reload finds what was typed.
import { useEffect } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { formatTsh, parseAmount } from '../../../../domain/money';
import { canCorrectInvoice } from '../../../../domain/invoice-status';
import type { InvoiceEditorDraft } from '../../../db/db';
import { discardEditorDraft } from '../../../db/invoices';
import { useUnsavedNewInvoices } from '../../../db/useEditorDraft';
import { useInvoice } from '../../../db/useInvoice';
import { usePageTitle } from '../../../app/usePageTitle';
import { DraftEditor } from '../../../features/invoices/editor/DraftEditor';
import { correctionOf, emptyForm, type InvoiceFormValues } from '../../../features/invoices/form';
import { syncAndWait } from '../../../features/sync/app-sync';
import { useInvoiceContext } from '../../../features/invoices/useInvoiceContext';

const route = getRouteApi('/_app/new-invoice');

function describe(draft: InvoiceEditorDraft): string {
  const form = draft.form as Partial<InvoiceFormValues>;
  const name = form.customer?.name ?? '';
  const first = form.items?.[0]?.description ?? '';
  const price = parseAmount(form.items?.[0]?.unitPrice ?? '');
  return [name, first, price !== null ? formatTsh(price) : ''].filter(Boolean).join(' · ');
}

/** Other invoices started on this phone and never saved: offered to continue or throw away. */
function UnsavedInvoices({ companyId, current }: { companyId: string; current: string }) {
  const navigate = useNavigate();
  const unsaved = useUnsavedNewInvoices(companyId)?.filter((draft) => draft.id !== current);
  if (!unsaved?.length) return null;
  return (
    <Alert color="blue" title={<Trans>Invoices you started and did not save</Trans>}>
      <Stack gap="xs">
        {unsaved.slice(0, 3).map((draft) => (
          <Group key={draft.id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {describe(draft) || new Date(draft.updatedAt).toLocaleString()}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                onClick={() => void navigate({ to: '/new-invoice', search: { id: draft.id } })}
              >
                <Trans>Continue</Trans>
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void discardEditorDraft(draft.id)}
              >
                <Trans>Discard</Trans>
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

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
        <Loader />
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
