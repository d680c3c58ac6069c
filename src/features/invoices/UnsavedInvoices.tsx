// Invoices started on this phone and never saved (what was typed is kept at every change):
// listed where the user looks for invoices, to continue or throw away.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { eatTime, formatDayMonthYear } from '../../../domain/dates';
import { formatTsh, type Cents } from '../../../domain/money';
import type { InvoiceEditorDraft } from '../../db/db';
import { discardEditorDraft } from '../../db/invoices';
import { useUnsavedNewInvoices } from '../../db/useEditorDraft';
import { ConfirmDialog } from './ConfirmDialog';
import { liveTotals, type InvoiceFormValues } from './form';

/** The customer, the first item and the total so far, as the editor showed them. */
function describe(draft: InvoiceEditorDraft): string {
  const form = draft.form as Partial<InvoiceFormValues>;
  const name = form.customer?.name ?? '';
  const first = form.items?.[0]?.description ?? '';
  const total = typedTotal(form);
  return [name, first, total ? formatTsh(total) : ''].filter(Boolean).join(' · ');
}

/** The total of what the editor could read, or null for a form kept in an older shape. */
function typedTotal(form: Partial<InvoiceFormValues>): Cents | null {
  const whole =
    Array.isArray(form.items) &&
    Array.isArray(form.payments) &&
    form.items.every((item) =>
      [item.quantity, item.unitPrice, item.discountPercent].every((v) => typeof v === 'string'),
    );
  if (!whole) return null;
  const live = liveTotals(form as InvoiceFormValues);
  return live.tooLarge ? null : live.totals.totalInvoice;
}

const SHOWN = 10;

function LastTyped({ at }: { at: number }) {
  const day = formatDayMonthYear(at);
  const time = eatTime(at).slice(0, 5);
  return (
    <Text size="xs" c="dimmed">
      <Trans>
        Last typed {day} {time}
      </Trans>
    </Text>
  );
}

/** Invoices started on this phone and never saved: offered to continue or throw away. */
export function UnsavedInvoices({ companyId, current }: { companyId: string; current?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState<InvoiceEditorDraft | null>(null);
  const unsaved = useUnsavedNewInvoices(companyId)?.filter((draft) => draft.id !== current);
  if (!unsaved?.length) return null;
  const count = unsaved.length;
  const more = count - SHOWN;
  return (
    <Alert
      color="blue"
      title={<Trans>Invoices you started and did not save ({count})</Trans>}
      data-testid="unsaved-invoices"
      // The alert's body would grow with its widest line: the rows' names are cut instead.
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap="xs">
        {unsaved.slice(0, SHOWN).map((draft) => (
          // On a narrow phone the buttons go under the words, which keep the row's width.
          <Group key={draft.id} justify="space-between" gap="xs">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text size="sm" truncate>
                {describe(draft) || t`Nothing typed yet`}
              </Text>
              <LastTyped at={draft.updatedAt} />
            </Stack>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Button
                size="xs"
                variant="light"
                onClick={() => void navigate({ to: '/new-invoice', search: { id: draft.id } })}
              >
                <Trans>Continue</Trans>
              </Button>
              {/* Light, not subtle: red words straight on the alert's blue are hard to read. */}
              <Button size="xs" variant="light" color="red" onClick={() => setDiscarding(draft)}>
                <Trans>Discard</Trans>
              </Button>
            </Group>
          </Group>
        ))}
        {more > 0 && (
          <Text size="xs" c="dimmed">
            <Trans>And {more} more, oldest last.</Trans>
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={discarding !== null}
        title={t`Discard this invoice?`}
        confirmLabel={t`Discard`}
        color="red"
        onClose={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void discardEditorDraft(discarding.id);
          setDiscarding(null);
        }}
      >
        <Trans>What you typed for it is deleted from this phone. It was never saved.</Trans>
      </ConfirmDialog>
    </Alert>
  );
}
