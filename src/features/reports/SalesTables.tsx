// The sales report's figures as tables: totals, VAT per tax group, payments, the days, and who
// and what sold most. Amounts are integer cents shown with formatTsh; nothing is rounded here.
import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount, formatTsh, type Cents } from '../../../domain/money';
import { formatQuantity, type Quantity } from '../../../domain/quantity';
import {
  REPORT_PAYMENT_TYPES,
  REPORT_TAX_GROUPS,
  reportPaymentLabels,
  taxGroupLabels,
  type SalesReport,
} from '../../../domain/sales-report';
import { calendarDateText } from '../../../domain/calendar-date';

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

export function TotalsFigures({ report }: { report: SalesReport }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure
        label={t`Sales (incl. VAT)`}
        value={formatTsh(report.totals.totalIncl)}
        testId="total-incl"
      />
      <Figure label={t`VAT`} value={formatTsh(report.totals.tax)} testId="total-vat" />
      <Figure label={t`Receipts`} value={String(report.totals.receipts)} testId="total-receipts" />
      <Figure
        label={t`Discounts`}
        value={formatTsh(report.totals.discount)}
        testId="total-discount"
      />
    </SimpleGrid>
  );
}

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

export function TaxGroupsTable({ report }: { report: SalesReport }) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table striped data-testid="tax-groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Tax group`}</Table.Th>
            <Table.Th {...num}>{t`Net`}</Table.Th>
            <Table.Th {...num}>{t`VAT`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {REPORT_TAX_GROUPS.map((group) => (
            <Table.Tr key={group}>
              <Table.Td>{i18n._(taxGroupLabels[group])}</Table.Td>
              <Table.Td {...num}>{formatAmount(report.groups[group].net)}</Table.Td>
              <Table.Td {...num}>{formatAmount(report.groups[group].tax)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t`Total`}</Table.Th>
            <Table.Th {...num}>{formatAmount(report.totals.totalExcl)}</Table.Th>
            <Table.Th {...num}>{formatAmount(report.totals.tax)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PaymentsTable({ report }: { report: SalesReport }) {
  const { t, i18n } = useLingui();
  return (
    <Table striped data-testid="payments">
      <Table.Tbody>
        {REPORT_PAYMENT_TYPES.map((type) => (
          <Table.Tr key={type}>
            <Table.Td>{i18n._(reportPaymentLabels[type])}</Table.Td>
            <Table.Td {...num}>{formatAmount(report.payments[type])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>{t`Total`}</Table.Th>
          <Table.Th {...num}>{formatAmount(report.totals.totalIncl)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** The days with sales (a year has 365 rows otherwise), newest first. */
export function DailyTable({ report }: { report: SalesReport }) {
  const { t } = useLingui();
  const days = report.days.filter((day) => day.receipts > 0).reverse();
  if (days.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No sales in this period.</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560} maxHeight={480}>
      <Table striped stickyHeader data-testid="daily-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th {...num}>{t`Receipts`}</Table.Th>
            {/* Each group's net, as in the tax groups above and the downloads: with the VAT
                they add up to the total. */}
            {REPORT_TAX_GROUPS.map((group) => (
              <Table.Th key={group} {...num}>
                {t`Group ${group} net`}
              </Table.Th>
            ))}
            <Table.Th {...num}>{t`VAT`}</Table.Th>
            <Table.Th {...num}>{t`Total including VAT`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.date}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{calendarDateText(day.date)}</Table.Td>
              <Table.Td {...num}>{day.receipts}</Table.Td>
              {REPORT_TAX_GROUPS.map((group) => (
                <Table.Td key={group} {...num}>
                  {formatAmount(day.groups[group].net)}
                </Table.Td>
              ))}
              <Table.Td {...num}>{formatAmount(day.tax)}</Table.Td>
              <Table.Td {...num}>{formatAmount(day.totalIncl)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Ranking({
  rows,
  testId,
}: {
  rows: Array<{ key: string; name: string; detail: string; amount: Cents }>;
  testId: string;
}) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>Nothing sold in this period.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid={testId}>
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            {/* Two lines before a name is cut: beside an amount, one line left "Walk-in custo…". */}
            <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.detail}
            </Text>
          </div>
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatTsh(row.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function TopProducts({ report, limit = 10 }: { report: SalesReport; limit?: number }) {
  const { t } = useLingui();
  return (
    <Ranking
      testId="top-products"
      rows={report.products.slice(0, limit).map((p) => {
        const quantity = formatQuantity(p.quantity as Quantity);
        return { key: p.key, name: p.name, detail: t`Quantity ${quantity}`, amount: p.amount };
      })}
    />
  );
}

export function TopCustomers({ report, limit = 10 }: { report: SalesReport; limit?: number }) {
  const { t } = useLingui();
  return (
    <Ranking
      testId="top-customers"
      rows={report.customers.slice(0, limit).map((c) => {
        const receipts = c.receipts;
        return {
          key: c.key,
          name: c.name || t`Walk-in customer`,
          detail: plural(receipts, { one: '# receipt', other: '# receipts' }),
          amount: c.totalIncl,
        };
      })}
    />
  );
}

export function OperatorsRanking({ report }: { report: SalesReport }) {
  const { t } = useLingui();
  return (
    <Ranking
      testId="operators"
      rows={report.operators.map((o) => {
        const receipts = o.receipts;
        return {
          key: o.operatorId ?? '',
          name: o.name || t`Operator`,
          detail: plural(receipts, { one: '# receipt', other: '# receipts' }),
          amount: o.totalIncl,
        };
      })}
    />
  );
}
