// The invoice list: only the rows on screen are drawn, scrolled with the page, so 10,000
// invoices cost what 20 do. Each row says where the invoice stands: its status with the server
// and TRA, and whether this phone still has changes of it to send.
import { useMemo } from 'react';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCloudUp, IconCloudX } from '@tabler/icons-react';
import { WARNING_TEXT } from '../../app/theme';
import { formatTsh } from '../../../domain/money';
import { HoverTooltip } from '../../app/HoverTooltip';
import { useRowsOnScreen } from '../../app/VirtualList';
import type { LocalInvoice } from '../../db/db';
import { useInvoicesByIds } from '../../db/useInvoices';
import { invoiceState } from './invoice-state';
import { InvoiceStateBadge } from './InvoiceStateBadge';
import classes from './invoice-list.module.css';
import { calendarDateText } from '../../../domain/calendar-date';

export const INVOICE_ROW_HEIGHT = 92;

function SyncMark({ invoice }: { invoice: LocalInvoice }) {
  const { t } = useLingui();
  if (invoice.syncState === 'synced') return null;
  const failed = invoice.syncState === 'failed';
  const label = failed
    ? t`The server did not accept this invoice. Open it to see why.`
    : t`Saved on this phone. It is sent to the server when there is a connection.`;
  const Icon = failed ? IconCloudX : IconCloudUp;
  return (
    <HoverTooltip label={label} multiline w={240} withinPortal>
      <Icon
        size={18}
        stroke={1.8}
        color={failed ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-orange-7)'}
        aria-label={label}
        role="img"
        data-sync-state={invoice.syncState}
      />
    </HoverTooltip>
  );
}

export function InvoiceRow({
  invoice,
  online,
  onOpen,
}: {
  invoice: LocalInvoice;
  online: boolean;
  onOpen(invoice: LocalInvoice): void;
}) {
  const { t } = useLingui();
  const receipt = invoice.fiscal?.receiptNumber;
  const details = [
    calendarDateText(invoice.date),
    receipt !== undefined ? t`No. ${receipt}` : null,
    invoice.reference,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <UnstyledButton
      className={classes.row}
      onClick={() => onOpen(invoice)}
      data-testid="invoice-row"
      data-invoice-id={invoice.id}
    >
      {/* The name and the details each get the whole width; the state and the amount share
          the last line, so a long state such as "Submitted, waiting for TRA" never squeezes
          the name or the date. */}
      <Stack gap={2} w="100%" style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {invoice.customer.name || t`Walk-in customer`}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {details}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <InvoiceStateBadge state={invoiceState(invoice, online)} size="sm" />
            <SyncMark invoice={invoice} />
            {invoice.replacedAt !== null && (
              <Text size="xs" c={WARNING_TEXT} truncate data-testid="replaced-mark">
                {t`Changed on another device`}
              </Text>
            )}
          </Group>
          <Text fw={700} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {formatTsh(invoice.totals.totalInvoice)}
          </Text>
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

/** A row whose invoice is still being read: the same height, so nothing jumps. */
function PlaceholderRow() {
  return <div className={classes.row} aria-busy="true" />;
}

export function InvoiceList({
  companyId,
  ids,
  online,
  label,
  onOpen,
}: {
  companyId: string;
  /** The invoices to list, in order; only those on screen are read. */
  ids: readonly string[];
  online: boolean;
  label: string;
  onOpen(invoice: LocalInvoice): void;
}) {
  const { listRef, virtualizer, scrollMargin } = useRowsOnScreen(
    ids.length,
    INVOICE_ROW_HEIGHT,
    (index) => ids[index]!,
  );
  const rows = virtualizer.getVirtualItems();
  const visible = useMemo(() => rows.map((row) => ids[row.index]!), [rows, ids]);
  const invoices = useInvoicesByIds(companyId, visible);
  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const invoice = invoices?.get(ids[row.index]!);
        return (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={ids.length}
            aria-posinset={row.index + 1}
            className={classes.item}
            style={{
              height: INVOICE_ROW_HEIGHT,
              transform: `translateY(${row.start - scrollMargin}px)`,
            }}
          >
            {invoice ? (
              <InvoiceRow invoice={invoice} online={online} onOpen={onOpen} />
            ) : (
              <PlaceholderRow />
            )}
          </div>
        );
      })}
    </div>
  );
}
