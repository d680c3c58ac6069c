// The expenses report (spec §2 /expenses-report, §9): a period from the date presets, filters by
// category, vendor, payment method and status, totals with VAT, charts by category and over time
// (@mantine/charts), and downloads as PDF and Excel. The figures are drawn from the phone's own
// copy with the domain's report, so they show offline too; the downloads are made by the server
// from the same function.
import '@mantine/charts/styles.layer.css';
import { useMemo, useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  DATE_PRESETS,
  datePresetLabels,
  type DatePreset,
  type DayRange,
} from '../../../domain/date-range';
import { EXPENSE_PAYMENT_METHODS, expensePaymentMethodLabels } from '../../../domain/expense';
import { expenseReport } from '../../../domain/expense-report';
import { formatAmount, toDecimalString, type Cents } from '../../../domain/money';
import { api } from '../../api/client';
import { findExpenses } from '../../db/expenses';
import { useExpenseCategories } from '../../db/useExpenseCategories';
import { useVendors } from '../../db/useVendors';
import { DayInput } from '../../forms/DayInput';
import { notifyFailure } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { customPeriodErrors, periodOfSearch } from '../reports/period';
import { categoryName } from './labels';
import type { ExpenseReportSearch } from './search';
import { calendarDateText } from '../../../domain/calendar-date';

const routeApi = getRouteApi('/_app/expenses-report');
const tsh = (amount: Cents) => `Tsh ${formatAmount(amount)}`;
const chartNumber = (amount: Cents) => Number(toDecimalString(amount));

/**
 * The period the address names: a preset, or the custom days; null for custom days that are
 * missing, backwards or longer than a report, which the period's fields then name.
 */
export function reportRange(
  search: ExpenseReportSearch,
  now: number,
): Pick<DayRange, 'firstDay' | 'lastDay'> | null {
  const period = periodOfSearch(search, new Date(now));
  return period && { firstDay: period.firstDay, lastDay: period.lastDay };
}

function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Card>
  );
}

export function ExpensesReportPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Expenses report`);
  const companyId = useCompanyId();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const [downloading, setDownloading] = useState<'pdf' | 'xlsx' | null>(null);
  // The period is fixed when the page opens (or the search changes), not on every render.
  const [openedAt] = useState(() => Date.now());
  const range = useMemo(() => reportRange(search, openedAt), [search, openedAt]);
  const categories = useExpenseCategories(companyId);
  const vendors = useVendors(companyId);
  const expenses = useLiveQuery(
    () =>
      companyId && range
        ? findExpenses(companyId, { from: range.firstDay, to: range.lastDay })
        : [],
    [companyId, range?.firstDay, range?.lastDay],
  );
  const report = useMemo(
    () =>
      expenses &&
      range &&
      expenseReport(expenses, {
        range,
        categoryId: search.categoryId,
        vendorId: search.vendorId,
        method: search.method,
        status: search.status,
      }),
    [expenses, range, search.categoryId, search.vendorId, search.method, search.status],
  );
  const names = useMemo(
    () =>
      new Map((categories ?? []).map((category) => [category.id, categoryName(i18n, category)])),
    [categories, i18n],
  );
  const nameOf = (id: string | null) => (id ? names.get(id) : undefined) ?? t`No category`;

  const setSearch = (change: Partial<ExpenseReportSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });

  const download = async (format: 'pdf' | 'xlsx') => {
    if (!companyId || !range) return;
    setDownloading(format);
    try {
      const query: Record<string, string> = {
        companyId,
        format,
        preset: 'custom',
        from: range.firstDay,
        to: range.lastDay,
      };
      if (search.categoryId) query.categoryId = search.categoryId;
      if (search.vendorId) query.vendorId = search.vendorId;
      if (search.method) query.method = search.method;
      if (search.status) query.status = search.status;
      const blob = await api
        .get('v1/accounting/expenses/report', { searchParams: query, timeout: 120_000 })
        .blob();
      saveBlob(`expenses-${range.firstDay}-${range.lastDay}.${format}`, blob);
    } catch {
      notifyFailure({
        code: 'report_download_failed',
        message: t`The report could not be downloaded. Downloads need a connection to the server.`,
      });
    } finally {
      setDownloading(null);
    }
  };

  const preset: DatePreset = search.preset ?? 'this_month';
  const periodError = customPeriodErrors(search, i18n);
  const byCategory = (report?.byCategory ?? []).slice(0, 8).map((entry) => ({
    category: nameOf(entry.categoryId),
    [t`Total`]: chartNumber(entry.totalAmount),
  }));
  const totalKey = t`Total`;
  const netKey = t`Net amount`;
  const vatKey = t`VAT`;
  const overTime = (report?.overTime ?? []).map((entry) => ({
    bucket: report?.granularity === 'day' ? entry.bucket.slice(8) : entry.bucket,
    [netKey]: chartNumber((entry.totalAmount - entry.totalVat) as Cents),
    [vatKey]: chartNumber(entry.totalVat),
  }));
  const compact = (value: number) => i18n.number(value, { notation: 'compact' });
  // Wide enough for the longest tick, which the highest bar's figure is as long as: "elfu 300"
  // in Swahili is twice "300K".
  const highest = Math.max(0, ...(report?.overTime ?? []).map((e) => chartNumber(e.totalAmount)));
  const amountAxisWidth = Math.max(48, 12 + 7 * compact(highest).length);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>Expenses report</Trans>
          </Title>
          {range && (
            <Text c="dimmed" size="sm" data-testid="report-period">
              {calendarDateText(range.firstDay)} – {calendarDateText(range.lastDay)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={18} />}
            loading={downloading === 'pdf'}
            disabled={!range}
            onClick={() => void download('pdf')}
            data-testid="download-pdf"
          >
            PDF
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} />}
            loading={downloading === 'xlsx'}
            disabled={!range}
            onClick={() => void download('xlsx')}
            data-testid="download-xlsx"
          >
            Excel
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 5 }} spacing="xs">
        <Select
          label={t`Period`}
          value={preset}
          allowDeselect={false}
          data={DATE_PRESETS.map((value) => ({ value, label: i18n._(datePresetLabels[value]) }))}
          onChange={(value) =>
            setSearch(
              value === 'custom'
                ? { preset: 'custom', from: range?.firstDay, to: range?.lastDay }
                : {
                    preset: (value ?? undefined) as DatePreset | undefined,
                    from: undefined,
                    to: undefined,
                  },
            )
          }
        />
        {preset === 'custom' && (
          <>
            <DayInput
              label={t`From`}
              value={search.from}
              onChange={(from) => setSearch({ from })}
              error={periodError.from}
            />
            <DayInput
              label={t`To`}
              value={search.to}
              min={search.from}
              onChange={(to) => setSearch({ to })}
              error={periodError.to}
            />
          </>
        )}
        <Select
          label={t`Category`}
          value={search.categoryId ?? ''}
          allowDeselect={false}
          searchable
          data={[
            { value: '', label: t`All categories` },
            ...[...names].map(([value, label]) => ({ value, label })),
          ]}
          onChange={(value) => setSearch({ categoryId: value || undefined })}
        />
        <Select
          label={t`Vendor`}
          value={search.vendorId ?? ''}
          allowDeselect={false}
          searchable
          data={[
            { value: '', label: t`All vendors` },
            ...(vendors ?? []).map((v) => ({ value: v.id, label: v.name })),
          ]}
          onChange={(value) => setSearch({ vendorId: value || undefined })}
        />
        <Select
          label={t`Payment method`}
          description={search.method ? t`Only the part paid this way is counted` : undefined}
          value={search.method ?? ''}
          allowDeselect={false}
          data={[
            { value: '', label: t`All methods` },
            ...EXPENSE_PAYMENT_METHODS.map((value) => ({
              value,
              label: i18n._(expensePaymentMethodLabels[value]),
            })),
          ]}
          onChange={(value) =>
            setSearch({ method: (value || undefined) as ExpenseReportSearch['method'] })
          }
        />
        <Select
          label={t`Status`}
          value={search.status ?? 'open'}
          allowDeselect={false}
          data={[
            { value: 'open', label: t`Pending and processed` },
            { value: 'pending', label: t`Pending` },
            { value: 'processed', label: t`Processed` },
          ]}
          onChange={(value) =>
            setSearch({ status: (value ?? undefined) as ExpenseReportSearch['status'] })
          }
        />
      </SimpleGrid>

      {!range && (
        <Text c="dimmed" data-testid="period-needed">
          <Trans>Choose the first and last day of the period.</Trans>
        </Text>
      )}
      {report && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <Figure
              label={t`Expenses`}
              value={i18n.number(report.totals.count)}
              testId="report-count"
            />
            <Figure
              label={t`Net amount`}
              value={tsh(report.totals.netAmount)}
              testId="report-net"
            />
            <Figure label={t`VAT`} value={tsh(report.totals.totalVat)} testId="report-vat" />
            <Figure label={t`Total`} value={tsh(report.totals.totalAmount)} testId="report-total" />
          </SimpleGrid>

          {report.totals.count === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              <Trans>No expenses in this period.</Trans>
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card withBorder radius="lg" padding="md" data-testid="chart-category">
                <Title order={2} fz="h4" mb="sm">
                  <Trans>By category</Trans>
                </Title>
                <BarChart
                  h={Math.max(160, byCategory.length * 36)}
                  data={byCategory}
                  dataKey="category"
                  orientation="vertical"
                  yAxisProps={{ width: 110 }}
                  xAxisProps={{ tickFormatter: compact }}
                  series={[{ name: totalKey, color: 'risiti.6' }]}
                  valueFormatter={(value) => formatAmount(Math.round(value * 100) as Cents)}
                  gridAxis="none"
                />
              </Card>
              <Card withBorder radius="lg" padding="md" data-testid="chart-time">
                <Title order={2} fz="h4" mb="sm">
                  {report.granularity === 'day' ? <Trans>By day</Trans> : <Trans>By month</Trans>}
                </Title>
                <BarChart
                  h={220}
                  data={overTime}
                  dataKey="bucket"
                  type="stacked"
                  series={[
                    { name: netKey, color: 'risiti.6' },
                    { name: vatKey, color: 'orange.5' },
                  ]}
                  yAxisProps={{ tickFormatter: compact, width: amountAxisWidth }}
                  valueFormatter={(value) => formatAmount(Math.round(value * 100) as Cents)}
                  withLegend
                />
              </Card>
            </SimpleGrid>
          )}

          {report.totals.count > 0 && (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card withBorder radius="lg" padding="md">
                <Title order={2} fz="h4" mb="xs">
                  <Trans>By payment method</Trans>
                </Title>
                <Table fz="sm">
                  <Table.Tbody>
                    {report.byMethod.map((entry) => (
                      <Table.Tr key={entry.method}>
                        <Table.Td>{i18n._(expensePaymentMethodLabels[entry.method])}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {tsh(entry.amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
              <Card withBorder radius="lg" padding="md">
                <Title order={2} fz="h4" mb="xs">
                  <Trans>By vendor</Trans>
                </Title>
                <Table fz="sm">
                  <Table.Tbody>
                    {report.byVendor.slice(0, 10).map((entry) => (
                      <Table.Tr key={entry.key}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.name}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {tsh(entry.totalAmount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
