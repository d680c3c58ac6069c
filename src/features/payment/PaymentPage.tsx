// /payment (spec §1): the yearly subscription and the installation with 18% VAT and totals, the
// company's paid-until day, and how to pay — instructions the platform admin writes here.
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatTsh } from '../../../domain/money';
import {
  paymentInstructionsSchema,
  type PaymentInstructions,
} from '../../../domain/schemas/payment';
import { fetchPayment, savePaymentInstructions, type Payment } from '../../api/admin';
import { notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { useSession } from '../../stores/session';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { useForm } from '@mantine/form';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { calendarDateText } from '../../../domain/calendar-date';

function Prices({ prices }: { prices: Payment['prices'] }) {
  const { t } = useLingui();
  const rows = [
    { label: t`Annual subscription`, line: prices.subscription },
    { label: t`Installation (once)`, line: prices.installation },
    { label: t`First year`, line: prices.firstYear },
  ];
  const amount = (label: string, value: string, bold = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={bold ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="prices">
      {rows.map(({ label, line }) => (
        <Card key={label} withBorder radius="md" padding="md" bg="gray.0">
          <Stack gap={6}>
            <Text fw={700}>{label}</Text>
            {amount(t`Price`, formatTsh(line.net))}
            {amount(t`VAT 18%`, formatTsh(line.vat))}
            {amount(t`Total`, formatTsh(line.total), true)}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function InstructionsEditor({
  value,
  onSaved,
}: {
  value: PaymentInstructions | null;
  onSaved(value: PaymentInstructions): void;
}) {
  const { t } = useLingui();
  const form = useForm<PaymentInstructions>({
    initialValues: value ?? { en: '', sw: '' },
    validate: valibotValidate(paymentInstructionsSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(async (values) => {
    const saved = await submitToServer(form, () => savePaymentInstructions(values));
    if (!saved) return;
    form.resetDirty(saved);
    notifySuccess(t`The payment instructions are published.`);
    onSaved(saved);
  });
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3">
            <Trans>Edit how to pay</Trans>
          </Title>
          <Textarea
            label={t`In English`}
            autosize
            minRows={3}
            required
            {...form.getInputProps('en')}
          />
          <Textarea
            label={t`In Kiswahili`}
            autosize
            minRows={3}
            required
            {...form.getInputProps('sw')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
              <Trans>Publish</Trans>
            </Button>
          </Group>
        </Stack>
        {leave.dialog}
      </form>
    </Card>
  );
}

export function PaymentPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Payment`);
  const companyId = useCompanyId();
  const platform = useSession((state) => state.user?.role === 'platform_admin');
  const payment = useServerData(() => fetchPayment(companyId), [companyId]);
  const data = payment.data;
  const instructions = data?.instructions?.[i18n.locale === 'sw' ? 'sw' : 'en'];
  const paidUntil = data?.company?.paidUntil ? calendarDateText(data.company.paidUntil) : '';
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Payment</Trans>
      </Title>
      <LoadState
        loading={payment.loading && !data}
        failure={payment.failure}
        onRetry={payment.reload}
      />
      {data && (
        <>
          {data.company && (
            <Alert color={paidUntil ? 'green' : 'yellow'} data-testid="paid-until">
              {paidUntil ? (
                <Trans>Your subscription is paid until {paidUntil}.</Trans>
              ) : (
                <Trans>Your subscription is not paid yet.</Trans>
              )}
            </Alert>
          )}
          <Card withBorder radius="lg" padding="lg" component="section">
            <Stack gap="sm">
              <Title order={2} fz="h3">
                <Trans>What Risiti costs</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Prices in Tanzanian shillings, without VAT; the VAT is added at 18%.</Trans>
              </Text>
              <Prices prices={data.prices} />
            </Stack>
          </Card>
          <Card withBorder radius="lg" padding="lg" component="section">
            <Stack gap="sm">
              <Title order={2} fz="h3">
                <Trans>How to pay</Trans>
              </Title>
              {instructions ? (
                <Text style={{ whiteSpace: 'pre-line' }} data-testid="payment-instructions">
                  {instructions}
                </Text>
              ) : (
                <Text c="dimmed">
                  <Trans>Contact us to pay: the payment details are sent to you.</Trans>
                </Text>
              )}
            </Stack>
          </Card>
          {platform && (
            <InstructionsEditor
              value={data.instructions}
              onSaved={(saved) => payment.set({ ...data, instructions: saved })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
