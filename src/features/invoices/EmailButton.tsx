// Emails the invoice with its PDF to the customer (or another address). The request goes
// through the outbox, so it is sent later when the phone is offline; what became of it shows
// on the invoice.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMail } from '@tabler/icons-react';
import type { LocalInvoice } from '../../db/db';
import { emailInvoice } from '../../db/invoices';
import { RecordValidationError } from '../../db/validation';
import { notifySuccess } from '../../app/notify';
import { syncAndWait } from '../sync/app-sync';

export function EmailButton({
  invoice,
  fullWidth,
}: {
  invoice: LocalInvoice;
  fullWidth?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState(invoice.customer.email ?? '');
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setError(null);
    try {
      const address = to.trim();
      await emailInvoice(invoice.companyId, invoice.id, address || null);
      void syncAndWait();
      setOpen(false);
      notifySuccess(t`The invoice will be emailed to ${address}.`);
    } catch (refusal) {
      if (!(refusal instanceof RecordValidationError)) throw refusal;
      setError(i18n._(Object.values(refusal.fields)[0]!));
    }
  };

  return (
    <>
      <Button
        variant="default"
        fullWidth={fullWidth}
        leftSection={<IconMail size={18} />}
        onClick={() => {
          setTo(invoice.customer.email ?? '');
          setError(null);
          setOpen(true);
        }}
      >
        <Trans>Email</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Email the invoice`} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">
              <Trans>The customer receives the invoice as a PDF.</Trans>
            </Text>
            <TextInput
              label={t`Email address`}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" leftSection={<IconMail size={18} />}>
                <Trans>Send</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** What became of the last email of this invoice asked for on this device. */
export function EmailStatus({ invoice }: { invoice: LocalInvoice }) {
  const { email } = invoice;
  if (!email) return null;
  const to = email.to ?? '';
  if (email.status === 'failed') {
    return (
      <Alert color="red" variant="light" data-testid="email-status" data-status="failed">
        {email.error?.message}
      </Alert>
    );
  }
  return (
    <Text
      size="sm"
      c={email.status === 'sent' ? 'risiti' : 'dimmed'}
      data-testid="email-status"
      data-status={email.status}
    >
      {email.status === 'sent' ? (
        <Trans>Emailed to {to}.</Trans>
      ) : (
        <Trans>Waiting to email it to {to}.</Trans>
      )}
    </Text>
  );
}
