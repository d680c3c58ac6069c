import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { invoiceStateColors, invoiceStateLabels, type InvoiceState } from './invoice-state';

export function InvoiceStateBadge({
  state,
  size = 'md',
}: {
  state: InvoiceState;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { i18n } = useLingui();
  return (
    <Badge
      color={invoiceStateColors[state]}
      variant="light"
      size={size}
      data-state={state}
      data-testid="invoice-state"
    >
      {i18n._(invoiceStateLabels[state])}
    </Badge>
  );
}
