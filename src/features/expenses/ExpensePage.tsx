// One expense (spec §2 expense details): the seller, receipt, items, totals with VAT, payments
// and files, where it stands (pending, processed, canceled; a receipt still being read at TRA)
// and what can be done with it. Only a pending expense is edited; marking it processed or
// canceled is final, so both are confirmed first (spec §4).
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  amountTypeLabels,
  canEditExpense,
  expensePaymentMethodLabels,
  expenseTaxTypeLabel,
} from '../../../domain/expense';
import { formatAmount, type Cents } from '../../../domain/money';
import { formatQuantity } from '../../../domain/quantity';
import { changeExpenseStatus, discardExpense, recordScannedReceipt } from '../../db/expenses';
import { getCategory } from '../../db/expense-directory';
import { changedElsewhere } from '../../db/record-changes';
import { useExpense } from '../../db/useExpense';
import { RecordValidationError } from '../../db/validation';
import { BackLink } from '../../app/BackLink';
import { ButtonLink } from '../../app/links';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { AttachmentsCard } from './AttachmentsCard';
import { ExpenseConflict } from './ExpenseConflict';
import { ExpenseStatusBadge } from './ExpenseStatusBadge';
import { categoryName } from './labels';
import { LookupStatusCard } from './LookupStatusCard';
import type { ReceiptCodeValues } from './ReceiptCodeForm';
import { useReceiptLookup } from './useReceiptLookup';
import { useLiveQuery } from 'dexie-react-hooks';
import { calendarDateText } from '../../../domain/calendar-date';

const routeApi = getRouteApi('/_app/expenses/$expenseId/');

export function ExpensePage() {
  const { t, i18n } = useLingui();
  const companyId = useCompanyId();
  const { expenseId } = routeApi.useParams();
  const navigate = useNavigate();
  const expense = useExpense(companyId, expenseId);
  const category = useLiveQuery(
    () => (companyId && expense?.categoryId ? getCategory(companyId, expense.categoryId) : null),
    [companyId, expense?.categoryId],
  );
  const [confirm, setConfirm] = useState<'processed' | 'canceled' | 'discard' | null>(null);
  const [busy, setBusy] = useState(false);
  useReceiptLookup(companyId, expense);
  usePageTitle(expense?.vendor?.name ?? t`Expense`);

  if (!companyId || expense === undefined) return null;
  if (expense === null) {
    return (
      <Stack gap="sm" maw={720}>
        <BackLink to="/expenses">{t`Expenses`}</BackLink>
        <Title order={1} fz="h2">
          <Trans>Expense not found</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            This expense is not on this phone. It appears once the phone has synced with the server.
          </Trans>
        </Text>
      </Stack>
    );
  }

  const filled = expense.items.length > 0;
  const pending = canEditExpense(expense.status);
  const money = (amount: Cents) =>
    `${expense.currency === 'TZS' ? 'Tsh' : expense.currency} ${formatAmount(amount)}`;
  const refusedNew = expense.syncState === 'failed' && expense.version === 0;
  // Changed on another device too: settled first, so what is processed is what was chosen.
  const conflicted = changedElsewhere(expense) !== null;

  const act = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm === 'discard') {
        await discardExpense(companyId, expense.id);
        void navigate({ to: '/expenses' });
      } else {
        await changeExpenseStatus(companyId, expense.id, confirm);
        notifySuccess(
          confirm === 'processed'
            ? t`The expense is marked processed.`
            : t`The expense is canceled.`,
        );
      }
      setConfirm(null);
    } catch (error) {
      if (error instanceof RecordValidationError) {
        notifyFailure({
          code: 'expense_refused',
          message: i18n._(error.fields._ ?? error.message),
        });
      } else throw error;
    } finally {
      setBusy(false);
    }
  };

  /** Reads the receipt again, with its code or time as corrected on the failed card. */
  const retry = async (values: ReceiptCodeValues): Promise<Record<string, string> | void> => {
    setBusy(true);
    try {
      await recordScannedReceipt(companyId, {
        id: expense.id,
        receiptCode: values.receiptCode,
        time: values.time,
        source: expense.source === 'qr' ? 'qr' : 'code',
      });
    } catch (error) {
      if (!(error instanceof RecordValidationError)) throw error;
      const { _: general, ...fields } = error.fields;
      if (general) notifyFailure({ code: 'expense_refused', message: i18n._(general) });
      return Object.fromEntries(Object.entries(fields).map(([key, id]) => [key, i18n._(id)]));
    } finally {
      setBusy(false);
    }
  };

  const total = money(expense.totals.totalAmount);
  const receiptCode = expense.receiptCode;
  const author = expense.createdBy.name;
  return (
    <Stack gap="md" maw={820}>
      <BackLink to="/expenses">{t`Expenses`}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
            {expense.vendor?.name ?? t`Receipt ${receiptCode}`}
          </Title>
          <Text c="dimmed" size="sm">
            {calendarDateText(expense.date)} · {expense.time} · {expense.receiptCode}
          </Text>
        </div>
        <Group gap={6}>
          <ExpenseStatusBadge expense={expense} />
          <RecordSyncBadge state={expense.syncState} />
        </Group>
      </Group>

      {conflicted ? (
        <ExpenseConflict companyId={companyId} expense={expense} />
      ) : (
        expense.syncState === 'failed' &&
        expense.syncError &&
        !expense.lookup && (
          <Alert color="red" title={expense.syncError.message} data-testid="expense-refused">
            <Trans>The server did not accept this expense. Correct it and save it again.</Trans>
          </Alert>
        )
      )}
      {expense.lookup && !filled && (
        <LookupStatusCard
          expense={expense}
          busy={busy}
          onRetry={retry}
          onEnterByHand={() =>
            void navigate({ to: '/expenses/$expenseId/edit', params: { expenseId: expense.id } })
          }
        />
      )}

      {filled && (
        <Card withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Text size="sm">
                <Trans>Category</Trans>: <b>{categoryName(i18n, category) || t`None`}</b>
              </Text>
              <Text size="sm">
                <Trans>TIN</Trans>: <b>{expense.vendor?.tin ?? '—'}</b>
                {expense.vendor?.vrn ? ` · ${t`VRN`} ${expense.vendor.vrn}` : ''}
              </Text>
              <Text size="sm">{i18n._(amountTypeLabels[expense.amountType])}</Text>
              {expense.currency !== 'TZS' && (
                <Text size="sm">
                  <Trans>Rate to TZS</Trans>: <b>{expense.currencyRate}</b>
                </Text>
              )}
            </SimpleGrid>
            <div style={{ overflowX: 'auto' }}>
              <Table striped withTableBorder={false} fz="sm" data-testid="expense-items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Item</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Qty</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Amount</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {expense.items.map((item, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>
                        {item.description}
                        {item.taxType && (
                          <Text size="xs" c="dimmed">
                            {i18n._(expenseTaxTypeLabel(item.taxType))}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(item.quantity)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(expense.lineTotals[index]?.amount ?? (0 as Cents))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <Stack gap={4}>
              {[
                [t`Net amount`, money(expense.totals.netAmount)],
                [t`VAT`, money(expense.totals.totalVat)],
              ].map(([label, value]) => (
                <Group key={label} justify="space-between">
                  <Text size="sm">{label}</Text>
                  <Text size="sm">{value}</Text>
                </Group>
              ))}
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>
                  <Trans>Total</Trans>
                </Text>
                <Text fw={700} data-testid="expense-total">
                  {total}
                </Text>
              </Group>
              {expense.currency !== 'TZS' && (
                <Text size="xs" c="dimmed" ta="right">
                  Tsh {formatAmount(expense.totalAmountTzs)}
                </Text>
              )}
              {expense.payments.map((payment, index) => (
                <Group key={index} justify="space-between">
                  <Text size="sm" c="dimmed">
                    {i18n._(expensePaymentMethodLabels[payment.method])}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {money(payment.amount)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Card>
      )}

      <AttachmentsCard companyId={companyId} expense={expense} />

      {expense.createdBy.name && (
        <Text size="xs" c="dimmed">
          <Trans>Recorded by {author}</Trans>
        </Text>
      )}

      <Group gap="sm">
        {pending && (
          <ButtonLink
            to="/expenses/$expenseId/edit"
            params={{ expenseId: expense.id }}
            variant="default"
            leftSection={<IconPencil size={18} />}
          >
            <Trans>Edit</Trans>
          </ButtonLink>
        )}
        {pending && filled && !refusedNew && !conflicted && (
          <Button
            leftSection={<IconCheck size={18} />}
            onClick={() => setConfirm('processed')}
            data-testid="mark-processed"
          >
            <Trans>Mark processed</Trans>
          </Button>
        )}
        {pending && !refusedNew && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={18} />}
            onClick={() => setConfirm('canceled')}
          >
            <Trans>Cancel expense</Trans>
          </Button>
        )}
        {refusedNew && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} />}
            onClick={() => setConfirm('discard')}
            data-testid="discard-expense"
          >
            <Trans>Discard</Trans>
          </Button>
        )}
      </Group>

      <ConfirmDialog
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => void act()}
        busy={busy}
        color={confirm === 'processed' ? undefined : 'red'}
        title={
          confirm === 'processed'
            ? t`Mark this expense processed?`
            : confirm === 'canceled'
              ? t`Cancel this expense?`
              : t`Discard this expense?`
        }
        confirmLabel={
          confirm === 'processed'
            ? t`Mark processed`
            : confirm === 'canceled'
              ? t`Cancel expense`
              : t`Discard`
        }
      >
        {confirm === 'processed' ? (
          <Trans>An expense of {total} marked processed can no longer be edited or canceled.</Trans>
        ) : confirm === 'canceled' ? (
          <Trans>
            A canceled expense stays in the list but is left out of reports, and cannot be edited
            again.
          </Trans>
        ) : (
          <Trans>
            The server never accepted this expense. It and its files are removed from this phone.
          </Trans>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
