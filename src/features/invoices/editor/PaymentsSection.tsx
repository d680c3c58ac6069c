// Payments of spec §9 (cash, credit card, e-money, cheque), several at once. Their total may
// not exceed the invoice; what stays unpaid makes it a credit invoice (INVOICE at TRA).
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCash, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatAmount, formatTsh, parseAmount, type Cents } from '../../../../domain/money';
import {
  PAYMENT_TYPES,
  paymentTypeLabels,
  paymentsExceedTotal,
  type PaymentType,
} from '../../../../domain/payments';
import { emptyPayment } from '../form';
import { tidyAmount, type InvoiceForm } from './editor-form';

export interface PaymentsSectionProps {
  form: InvoiceForm;
  total: Cents;
  paid: Cents;
  balance: Cents;
  overpaid: boolean;
}

export function PaymentsSection({ form, total, paid, balance, overpaid }: PaymentsSectionProps) {
  const { t, i18n } = useLingui();
  const payments = form.values.payments;
  const unpaid = formatTsh(balance);
  const paymentsError = form.errors.payments;

  /** The row takes whatever is still unpaid (with its own amount counted back in). */
  const fillBalance = (index: number) => {
    const own = parseAmount(payments[index]!.amount) ?? 0;
    const rest = Math.max(0, total - (paid - own));
    form.setFieldValue(`payments.${index}.amount`, formatAmount(rest as Cents));
    form.clearFieldError('payments');
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="invoice-payments">
      <Title order={2} fz="h4" id="invoice-payments">
        <Trans>Payments</Trans>
      </Title>
      {payments.map((payment, index) => {
        const number = index + 1;
        return (
          <Group
            key={payment.id}
            gap="xs"
            align="flex-end"
            wrap="nowrap"
            data-testid="invoice-payment"
          >
            <Select
              label={t`Payment ${number}`}
              data={PAYMENT_TYPES.map((type) => ({
                value: type,
                label: i18n._(paymentTypeLabels[type]),
              }))}
              allowDeselect={false}
              style={{ flex: '0 0 36%' }}
              value={payment.type}
              onChange={(value) =>
                value && form.setFieldValue(`payments.${index}.type`, value as PaymentType)
              }
            />
            <TextInput
              label={t`Amount`}
              leftSection={<Text size="xs">Tsh</Text>}
              rightSection={
                <Tooltip label={t`Pay the rest`}>
                  <ActionIcon
                    variant="light"
                    size={30}
                    aria-label={t`Pay the rest with payment ${number}`}
                    onClick={() => fillBalance(index)}
                  >
                    <IconCash size={18} />
                  </ActionIcon>
                </Tooltip>
              }
              rightSectionWidth={38}
              inputMode="decimal"
              style={{ flex: 1, minWidth: 0 }}
              {...form.getInputProps(`payments.${index}.amount`)}
              onBlur={(event) =>
                form.setFieldValue(
                  `payments.${index}.amount`,
                  tidyAmount(event.currentTarget.value),
                )
              }
            />
            <Tooltip label={t`Remove payment ${number}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size={42}
                aria-label={t`Remove payment ${number}`}
                onClick={() => form.removeListItem('payments', index)}
              >
                <IconTrash size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={18} />}
          onClick={() => {
            const rest = Math.max(0, total - paid) as Cents;
            form.insertListItem(
              'payments',
              emptyPayment('cash', rest > 0 ? formatAmount(rest) : ''),
            );
          }}
        >
          <Trans>Add payment</Trans>
        </Button>
      </Group>
      {(overpaid || paymentsError) && (
        <Text c="red" size="sm" role="alert" data-testid="payments-error">
          {paymentsError ?? i18n._(paymentsExceedTotal)}
        </Text>
      )}
      {!overpaid && balance > 0 && (
        <Alert color="yellow" variant="light" data-testid="credit-balance">
          <Trans>
            {unpaid} is not paid: this is a credit invoice, reported to TRA as a sale on credit.
          </Trans>
        </Alert>
      )}
    </Stack>
  );
}
