// A submitted, issued or canceled invoice: read-only (spec §4), with where it stands with the
// server and TRA, its fiscal receipt (number, verification code, QR) as soon as the server gave
// it, and the ways to get it to the customer: print, PDF, link, email. An issued invoice can be
// corrected by a new invoice that refers to it.
import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCloudOff,
  IconEdit,
  IconHourglass,
} from '@tabler/icons-react';
import { errorMessages } from '../../../domain/errors';
import { canCorrectInvoice } from '../../../domain/invoice-status';
import { formatTsh } from '../../../domain/money';
import { paymentTypeLabels, unpaidBalance } from '../../../domain/payments';
import { taxTypeLabels } from '../../../domain/tax';
import type { LocalInvoice } from '../../db/db';
import { acknowledgeOvertaken } from '../../db/invoices';
import { useBusinessProfile } from '../../db/useBusinessProfile';
import { ButtonLink } from '../../app/links';
import { refreshBusinessProfile } from './business-profile';
import { EmailButton, EmailStatus } from './EmailButton';
import { invoiceState } from './invoice-state';
import { InvoiceStateBadge } from './InvoiceStateBadge';
import { syncAndWait } from '../sync/app-sync';
import { identificationTypeShort } from '../customers/labels';
import { formatPhone } from '../customers/format';
import { formatUnits, taxGroup } from './print/format';
import { PrintMenu } from './PrintMenu';
import { QrCode } from './QrCode';
import { ShareButton } from './ShareButton';
import { TotalsCard } from './editor/TotalsCard';
import { useOnline } from './useOnline';
import { calendarDateText } from '../../../domain/calendar-date';

/** While the invoice waits for the server or TRA, ask again every few seconds (for a while). */
const POLL_MS = 3_000;
const POLL_FOR_MS = 3 * 60_000;

function useWhileWaiting(invoice: LocalInvoice) {
  const waiting = invoice.status === 'submitted';
  useEffect(() => {
    if (!waiting) return;
    const until = Date.now() + POLL_FOR_MS;
    const timer = window.setInterval(() => {
      if (Date.now() > until) window.clearInterval(timer);
      else if (document.visibilityState === 'visible') void syncAndWait(0);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}

function StateAlert({ invoice, online }: { invoice: LocalInvoice; online: boolean }) {
  const { i18n } = useLingui();
  const state = invoiceState(invoice, online);
  const traMessage = invoice.fiscal?.traMessage ?? '';
  switch (state) {
    case 'waiting':
      return (
        <Alert color="orange" icon={<IconCloudOff />} data-testid="invoice-waiting">
          <Trans>
            Waiting for connection. The invoice is submitted on this phone and gets its fiscal
            receipt number as soon as the phone reaches the server. Until then it prints as a pro
            forma, not a fiscal receipt.
          </Trans>
        </Alert>
      );
    case 'sending':
      return (
        <Alert color="blue" icon={<Loader size="sm" />} data-testid="invoice-sending">
          <Trans>Sending to TRA…</Trans>
        </Alert>
      );
    case 'numbered':
      return (
        <Alert color="yellow" icon={<IconHourglass />}>
          <Trans>
            This is a legal receipt: give it to the customer. TRA has not acknowledged it yet; it is
            sent again until TRA does.
          </Trans>
        </Alert>
      );
    case 'rejected':
      return (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" data-testid="invoice-rejected">
          <Text fw={600}>{i18n._(errorMessages.invoice_tra_error)}</Text>
          {traMessage && <Text>{traMessage}</Text>}
        </Alert>
      );
    case 'issued':
      return (
        <Alert color="risiti" icon={<IconCircleCheck />} data-testid="invoice-issued">
          <Trans>Issued: TRA acknowledged this receipt.</Trans>
        </Alert>
      );
    default:
      return null;
  }
}

export function InvoiceView({ invoice }: { invoice: LocalInvoice }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const profile = useBusinessProfile(invoice.companyId);
  useWhileWaiting(invoice);
  useEffect(() => {
    if (online && !profile) void refreshBusinessProfile(invoice.companyId);
  }, [online, profile, invoice.companyId]);

  const { fiscal, customer } = invoice;
  const state = invoiceState(invoice, online);
  const unpaid = unpaidBalance(invoice.payments, invoice.totals.totalInvoice);
  const receiptNumber = fiscal?.receiptNumber ?? null;
  const legal = fiscal !== null && invoice.status !== 'canceled';
  const unpaidText = formatTsh(unpaid);
  const { reference, accountingNumber, operatorName } = invoice;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {receiptNumber !== null ? <Trans>Receipt {receiptNumber}</Trans> : <Trans>Invoice</Trans>}
        </Title>
        <InvoiceStateBadge state={state} size="lg" />
      </Group>
      <StateAlert invoice={invoice} online={online} />
      {invoice.overtaken && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle />}
          role="alert"
          data-testid="invoice-overtaken"
          title={t`Your change on this phone was not kept`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{invoice.overtaken.message}</Text>
            <Text size="sm">
              <Trans>
                Another device had submitted or canceled this invoice first. It is shown here as the
                server has it.
              </Trans>
            </Text>
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => void acknowledgeOvertaken(invoice.id)}
            >
              <Trans>Close</Trans>
            </Button>
          </Stack>
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {legal && fiscal && (
              <Card withBorder radius="lg" padding="md" data-testid="fiscal-block">
                <Group align="flex-start" gap="lg" wrap="wrap">
                  <QrCode
                    value={fiscal.verificationUrl}
                    size={132}
                    label={t`QR code to verify this receipt with TRA`}
                  />
                  <SimpleGrid
                    cols={{ base: 1, xs: 2 }}
                    spacing="xs"
                    style={{ flex: 1, minWidth: 200 }}
                  >
                    <div>
                      <Text size="xs" c="dimmed">
                        <Trans>Receipt number</Trans>
                      </Text>
                      <Text fw={700} fz="lg" data-testid="receipt-number">
                        {fiscal.receiptNumber}
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        <Trans>Verification code</Trans>
                      </Text>
                      <Text fw={700} fz="lg" data-testid="verification-code">
                        {fiscal.verificationCode}
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        <Trans>Receipt date and time</Trans>
                      </Text>
                      <Text>
                        {calendarDateText(fiscal.receiptDate)} {fiscal.receiptTime}
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        <Trans>Z number</Trans>
                      </Text>
                      <Text>{fiscal.zNumber}</Text>
                    </div>
                    <Anchor href={fiscal.verificationUrl} target="_blank" rel="noopener" size="sm">
                      <Trans>Verify with TRA</Trans>
                    </Anchor>
                  </SimpleGrid>
                </Group>
              </Card>
            )}

            <Card withBorder radius="lg" padding="md">
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  <Trans>Customer</Trans>
                </Text>
                <Text fw={700}>{customer.name || t`Walk-in customer`}</Text>
                <Text size="sm" c="dimmed">
                  {i18n._(identificationTypeShort[customer.identificationType])}
                  {customer.identificationNumber && `: ${customer.identificationNumber}`}
                  {customer.phoneNumber && ` · ${formatPhone(customer.phoneNumber)}`}
                  {customer.email && ` · ${customer.email}`}
                </Text>
              </Stack>
            </Card>

            <Card withBorder radius="lg" padding={0} component="section" aria-label={t`Items`}>
              <Stack gap={0}>
                {invoice.items.map((item, index) => (
                  <Group
                    key={item.id}
                    justify="space-between"
                    align="flex-start"
                    wrap="nowrap"
                    gap="sm"
                    px="md"
                    py="xs"
                    style={{
                      borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined,
                    }}
                  >
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {item.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatUnits(item.quantity)} × {formatTsh(item.unitPrice)}
                        {item.discountPercent > 0 && ` · -${item.discountPercent}%`} ·{' '}
                        {taxGroup(item.taxType)} {i18n._(taxTypeLabels[item.taxType])}
                      </Text>
                    </div>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatTsh(invoice.lineTotals[index]?.amount ?? item.unitPrice)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" padding="md">
            <Stack gap="md">
              <TotalsCard totals={invoice.totals} />
              {invoice.payments.length > 0 && <Divider />}
              {invoice.payments.map((payment, index) => (
                <Group key={index} justify="space-between" gap="xs">
                  <Text size="sm">{i18n._(paymentTypeLabels[payment.type])}</Text>
                  <Text size="sm">{formatTsh(payment.amount)}</Text>
                </Group>
              ))}
              {unpaid > 0 && (
                <Badge color="yellow" variant="light" size="lg" fullWidth>
                  <Trans>On credit: {unpaidText}</Trans>
                </Badge>
              )}
              {invoice.status !== 'canceled' && (
                <Stack gap="xs">
                  <PrintMenu invoice={invoice} variant="filled" fullWidth />
                  {legal && (
                    <>
                      <ShareButton invoice={invoice} businessName={profile?.name ?? ''} fullWidth />
                      <EmailButton invoice={invoice} fullWidth />
                      <EmailStatus invoice={invoice} />
                    </>
                  )}
                  {canCorrectInvoice(invoice.status) && (
                    <ButtonLink
                      to="/new-invoice"
                      search={{ corrects: invoice.id }}
                      variant="light"
                      leftSection={<IconEdit size={18} />}
                    >
                      <Trans>Correct this invoice</Trans>
                    </ButtonLink>
                  )}
                </Stack>
              )}
              {invoice.reference && (
                <Text size="sm" c="dimmed">
                  <Trans>Reference: {reference}</Trans>
                </Text>
              )}
              {invoice.accountingNumber && (
                <Text size="sm" c="dimmed">
                  <Trans>Accounting number: {accountingNumber}</Trans>
                </Text>
              )}
              {invoice.operatorName && (
                <Text size="sm" c="dimmed">
                  <Trans>Served by {operatorName}</Trans>
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
