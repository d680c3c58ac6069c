// The company's expenses (spec §2 /expenses): newest first, searched by vendor, TIN, receipt
// code or item, filtered by status, period, category and vendor; each with its status and where
// it stands with the server. Reads the phone's database, so it works offline.
import { useDeferredValue, useMemo, useState } from 'react';
import { Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCategory, IconPlus, IconQrcode, IconSearch } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EXPENSE_STATUSES, expenseStatusLabels, type ExpenseStatus } from '../../../domain/expense';
import { formatAmount } from '../../../domain/money';
import type { LocalExpense } from '../../db/db';
import { useExpenseCategories } from '../../db/useExpenseCategories';
import { useExpenses } from '../../db/useExpenses';
import { useVendors } from '../../db/useVendors';
import { DayInput } from '../../forms/DayInput';
import { ButtonLink } from '../../app/links';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { rowClasses, VirtualList } from '../../app/VirtualList';
import { useSearchInAddress } from '../../app/useSearchInAddress';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { ExpenseStatusBadge } from './ExpenseStatusBadge';
import { isLookupWaiting, useReceiptLookup } from './useReceiptLookup';
import { categoryName } from './labels';
import { WRAPPING_BUTTON } from './wrapping-button';
import { calendarDateText } from '../../../domain/calendar-date';

const routeApi = getRouteApi('/_app/expenses/');
/** Three lines, as an invoice's row. */
const ROW_HEIGHT = 92;

function ExpenseRow({ expense, category }: { expense: LocalExpense; category: string }) {
  const { t } = useLingui();
  const total =
    expense.items.length > 0
      ? `${expense.currency === 'TZS' ? 'Tsh' : expense.currency} ${formatAmount(expense.totals.totalAmount)}`
      : '';
  const receiptCode = expense.receiptCode;
  const details = [calendarDateText(expense.date), receiptCode, category]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link
      to="/expenses/$expenseId"
      params={{ expenseId: expense.id }}
      className={rowClasses.row}
      data-testid="expense-row"
    >
      {/* As the invoices' rows: the seller and the details each get the whole width, and the
          status and the amount share the last line, so a long Swahili status never squeezes
          the seller's name on a narrow phone. */}
      <Stack gap={2} w="100%" style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {expense.vendor?.name ?? t`Receipt ${receiptCode}`}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {details}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <ExpenseStatusBadge expense={expense} size="sm" />
            <RecordSyncBadge state={expense.syncState} compact />
          </Group>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {total}
          </Text>
        </Group>
      </Stack>
    </Link>
  );
}

export function ExpensesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Expenses`);
  const companyId = useCompanyId();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const [text, setText] = useState(search.q ?? '');
  const deferred = useDeferredValue(text);
  const expenses = useExpenses(companyId, {
    status: search.status,
    from: search.from,
    to: search.to,
    categoryId: search.categoryId,
    vendorId: search.vendorId,
    search: deferred,
  });
  const categories = useExpenseCategories(companyId);
  const vendors = useVendors(companyId);
  // A receipt still read at TRA is followed from the list too, one at a time: without it the
  // list learnt the result only at the next timed sync, up to half a minute later.
  useReceiptLookup(companyId, expenses?.find(isLookupWaiting) ?? null);

  useSearchInAddress(text, search.q, (q) => {
    void navigate({ search: (previous) => ({ ...previous, q }), replace: true });
  });

  const names = useMemo(
    () =>
      new Map((categories ?? []).map((category) => [category.id, categoryName(i18n, category)])),
    [categories, i18n],
  );
  const setFilter = (change: Record<string, string | undefined>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });

  const count = expenses?.length ?? 0;
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>Expenses</Trans>
          </Title>
          {expenses && (
            <Text c="dimmed" size="sm" data-testid="expense-count">
              {t({ message: plural(count, { one: '# expense', other: '# expenses' }) })}
            </Text>
          )}
        </div>
        <ButtonLink
          to="/expenses/categories"
          variant="subtle"
          leftSection={<IconCategory size={18} />}
        >
          <Trans>Categories</Trans>
        </ButtonLink>
      </Group>
      <SimpleGrid cols={2} spacing="xs" maw={{ sm: 440 }}>
        <ButtonLink
          to="/expenses/new"
          search={{ method: 'scan' }}
          leftSection={<IconQrcode size={18} />}
          {...WRAPPING_BUTTON}
        >
          <Trans>Scan receipt</Trans>
        </ButtonLink>
        <ButtonLink
          to="/expenses/new"
          search={{ method: 'manual' }}
          variant="default"
          leftSection={<IconPlus size={18} />}
          {...WRAPPING_BUTTON}
        >
          <Trans>Add expense</Trans>
        </ButtonLink>
      </SimpleGrid>

      <Stack gap="xs">
        <TextInput
          type="search"
          label={t`Search`}
          placeholder={t`Vendor, TIN, receipt code or item`}
          leftSection={<IconSearch size={18} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
          <Select
            label={t`Status`}
            value={search.status ?? ''}
            allowDeselect={false}
            data={[
              { value: '', label: t`All statuses` },
              ...EXPENSE_STATUSES.map((status) => ({
                value: status,
                label: i18n._(expenseStatusLabels[status]),
              })),
            ]}
            onChange={(value) =>
              setFilter({ status: (value || undefined) as ExpenseStatus | undefined })
            }
          />
          <Select
            label={t`Category`}
            value={search.categoryId ?? ''}
            allowDeselect={false}
            searchable
            data={[
              { value: '', label: t`All categories` },
              ...[...names].map(([value, label]) => ({ value, label })),
            ]}
            onChange={(value) => setFilter({ categoryId: value || undefined })}
          />
          <Select
            label={t`Vendor`}
            value={search.vendorId ?? ''}
            allowDeselect={false}
            searchable
            data={[
              { value: '', label: t`All vendors` },
              ...(vendors ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name })),
            ]}
            onChange={(value) => setFilter({ vendorId: value || undefined })}
          />
          <DayInput label={t`From`} value={search.from} onChange={(from) => setFilter({ from })} />
          <DayInput
            label={t`To`}
            value={search.to}
            min={search.from}
            onChange={(to) => setFilter({ to })}
          />
        </SimpleGrid>
      </Stack>

      {expenses === undefined ? null : count === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600}>
            <Trans>No expenses here yet</Trans>
          </Text>
          <Text c="dimmed" ta="center">
            <Trans>
              Scan the QR code of a receipt, type its code, upload it or enter it by hand.
            </Trans>
          </Text>
        </Stack>
      ) : (
        <VirtualList
          items={expenses}
          rowHeight={ROW_HEIGHT}
          getKey={(expense) => expense.id}
          renderRow={(expense) => (
            <ExpenseRow expense={expense} category={names.get(expense.categoryId ?? '') ?? ''} />
          )}
          label={t`Expenses`}
        />
      )}
    </Stack>
  );
}
