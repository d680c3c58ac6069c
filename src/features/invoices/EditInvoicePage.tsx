// /edit-invoice/{id}: a draft opens in the editor; a submitted, issued or canceled invoice is
// shown read-only, since it never changes again.
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBan } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { errorMessages } from '../../../domain/errors';
import type { Invoice } from '../../../domain/schemas/invoice';
import { api } from '../../api/client';
import type { LocalInvoice } from '../../db/db';
import {
  cancelInvoice,
  NOT_A_DRAFT_ON_SERVER,
  storeServerInvoice,
  type InvoiceContext,
} from '../../db/invoices';
import { useInvoice } from '../../db/useInvoice';
import { RecordValidationError } from '../../db/validation';
import { ButtonLink } from '../../app/links';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { ConfirmDialog } from './ConfirmDialog';
import { DraftEditor } from './editor/DraftEditor';
import { emptyForm } from './form';
import { InvoiceView } from './InvoiceView';
import { syncAndWait } from '../sync/app-sync';
import { PrintMenu } from './PrintMenu';
import { useInvoiceContext } from './useInvoiceContext';

const route = getRouteApi('/_app/edit-invoice/$id');

/** The server said this invoice is no longer a draft (another device submitted it): fetch it. */
function useServerCopyWhenLocked(invoice: LocalInvoice | null | undefined) {
  const code = invoice?.syncError?.code;
  const id = invoice?.id;
  const companyId = invoice?.companyId;
  useEffect(() => {
    if (!id || !companyId || !code || !NOT_A_DRAFT_ON_SERVER.has(code)) return;
    void api
      .get(`v1/accounting/invoices/${id}`)
      .json<Invoice>()
      .then((server) => storeServerInvoice(companyId, server))
      .catch(() => undefined);
  }, [id, companyId, code]);
}

function CancelDraftButton({
  context,
  invoice,
}: {
  context: InvoiceContext;
  invoice: LocalInvoice;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const cancel = async () => {
    try {
      await cancelInvoice(context, invoice.id);
      setOpen(false);
      notifySuccess(t`Invoice canceled`);
      void navigate({ to: '/invoices' });
    } catch (error) {
      setOpen(false);
      if (!(error instanceof RecordValidationError)) throw error;
      notifyFailure({
        code: 'invoice_not_canceled',
        message: i18n._(Object.values(error.fields)[0]!),
      });
    }
  };
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconBan size={18} />}
        onClick={() => setOpen(true)}
      >
        <Trans>Cancel invoice</Trans>
      </Button>
      <ConfirmDialog
        opened={open}
        title={t`Cancel this invoice?`}
        confirmLabel={t`Cancel invoice`}
        color="red"
        onConfirm={() => void cancel()}
        onClose={() => setOpen(false)}
      >
        <Trans>
          The draft is kept as canceled and can no longer be submitted. It never takes a fiscal
          receipt number.
        </Trans>
      </ConfirmDialog>
    </>
  );
}

/**
 * An invoice not on this phone may simply not be pulled yet (a link from another device): one
 * sync first, then say it is not here.
 */
function useLookedFor(companyId: string | null, missing: boolean): boolean {
  const [looked, setLooked] = useState(false);
  useEffect(() => {
    if (!companyId || !missing || looked) return;
    let live = true;
    void syncAndWait().finally(() => live && setLooked(true));
    return () => {
      live = false;
    };
  }, [companyId, missing, looked]);
  return looked;
}

export function EditInvoicePage() {
  const { t, i18n } = useLingui();
  const { id } = route.useParams();
  const context = useInvoiceContext();
  const invoice = useInvoice(context?.companyId ?? null, id);
  usePageTitle(invoice?.status === 'draft' ? t`Edit invoice` : t`Invoice`);
  useServerCopyWhenLocked(invoice);
  const looked = useLookedFor(context?.companyId ?? null, invoice === null);

  if (!context || invoice === undefined || (invoice === null && !looked)) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Center>
    );
  }
  if (invoice === null) {
    return (
      <Stack gap="md" maw={640}>
        <Alert color="orange" title={i18n._(errorMessages.invoice_not_found)}>
          <Text>
            <Trans>
              This invoice is not on this phone. It appears once the phone has synced with the
              server.
            </Trans>
          </Text>
        </Alert>
        <ButtonLink to="/invoices" variant="light">
          <Trans>Back to the invoices</Trans>
        </ButtonLink>
      </Stack>
    );
  }
  if (invoice.status !== 'draft') return <InvoiceView invoice={invoice} />;
  return (
    <DraftEditor
      key={invoice.id}
      context={context}
      invoiceId={invoice.id}
      saved={invoice}
      fresh={emptyForm}
      onSaved={() => undefined}
      onSubmitted={() => void syncAndWait()}
      actions={
        <>
          <PrintMenu invoice={invoice} />
          <CancelDraftButton context={context} invoice={invoice} />
        </>
      }
    />
  );
}
