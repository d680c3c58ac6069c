// The invoice's totals as domain/totals computes them (the server computes the same), updated
// with every keystroke.
import type { ReactNode } from 'react';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatTsh } from '../../../../domain/money';
import { invoiceMessages } from '../../../../domain/schemas/invoice';
import type { InvoiceTotals } from '../../../../domain/totals';

function Line({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

export function TotalsCard({
  totals,
  tooLarge = false,
}: {
  totals: Omit<InvoiceTotals, 'lines'>;
  /** The lines add up past what an invoice may hold: said here, where the total would be. */
  tooLarge?: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={6} aria-label={t`Totals`} role="group">
      {tooLarge && (
        <Text c="red.8" size="sm" role="alert" data-testid="total-too-large">
          {i18n._(invoiceMessages.totalTooLarge)}
        </Text>
      )}
      <Line label={t`Subtotal`} value={formatTsh(totals.subTotal)} testId="total-subtotal" />
      <Line
        label={t`Total discount`}
        value={formatTsh(totals.totalDiscount)}
        testId="total-discount"
      />
      <Line
        label={t`Total excluding tax`}
        value={formatTsh(totals.totalExcludingTax)}
        testId="total-excluding-tax"
      />
      <Line label={t`Tax (VAT)`} value={formatTsh(totals.taxAmount)} testId="total-tax" />
      <Divider />
      <Line
        label={t`Total including tax`}
        value={formatTsh(totals.totalIncludingTax)}
        testId="total-including-tax"
        strong
      />
    </Stack>
  );
}
