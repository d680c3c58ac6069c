// The owner's figures for a period against the one before: sales, VAT and receipts, the trend,
// the best products and customers, receipts TRA has not accepted, and the VFD with its last Z
// report. The expenses of the period slot in beside sales and VAT as one more figure card.
import { lazy, Suspense, type ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { isLocale } from '../../../domain/i18n';
import { formatTsh, type Cents } from '../../../domain/money';
import type { SalesReport } from '../../../domain/sales-report';
import { formatDateTime } from '../../app/dates';
import { AnchorLink } from '../../app/links';
import { WARNING_TEXT } from '../../app/theme';
import { TopCustomers, TopProducts } from '../reports/SalesTables';
import type { DashboardFigures, DashboardSource } from './useOwnerDashboard';
import { calendarDateText } from '../../../domain/calendar-date';

const TrendChart = lazy(() =>
  import('../reports/SalesCharts').then((module) => ({ default: module.TrendChart })),
);

/** "+12%" / "−5%"; null when there is nothing to compare with. */
function change(now: number, before: number): { text: string; up: boolean } | null {
  if (before === 0) return null;
  const percent = Math.round(((now - before) * 100) / before);
  return {
    text: `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`,
    up: percent >= 0,
  };
}

export function FigureCard({
  label,
  now,
  before,
  format,
  testId,
}: {
  label: string;
  now: number;
  before: number;
  format(value: number): string;
  testId: string;
}) {
  const { t } = useLingui();
  const delta = change(now, before);
  const previous = format(before);
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} data-testid={`${testId}-value`}>
        {format(now)}
      </Text>
      <Group gap={4} wrap="nowrap">
        {delta && (
          <Badge
            color={delta.up ? 'risiti' : 'red'}
            variant="light"
            size="sm"
            leftSection={
              delta.up ? <IconArrowUpRight size={12} /> : <IconArrowDownRight size={12} />
            }
          >
            {delta.text}
          </Badge>
        )}
        <Text size="xs" c="dimmed" truncate>
          {t`before: ${previous}`}
        </Text>
      </Group>
    </Card>
  );
}

function Panel({
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
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function DashboardFreshness({ source }: { source: DashboardSource | null }) {
  const { t, i18n } = useLingui();
  if (!source) return null;
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  let text: string;
  let warn = false;
  if (source.kind === 'server') {
    const at = formatDateTime(source.at, locale);
    text = t`Up to date: from the server at ${at}.`;
  } else if (source.kind === 'copy') {
    const at = formatDateTime(source.at, locale);
    text = t`No connection: figures the server gave at ${at}.`;
    warn = true;
  } else {
    const at = source.lastSyncAt ? formatDateTime(source.lastSyncAt, locale) : null;
    text = at
      ? t`No connection: sales from this phone, last synced ${at}. TRA and VFD figures need the server.`
      : t`No connection: sales from this phone, which has not synced yet.`;
    warn = true;
  }
  return (
    <Text
      size="sm"
      c={warn ? WARNING_TEXT : 'dimmed'}
      data-testid="freshness"
      data-source={source.kind}
    >
      {text}
    </Text>
  );
}

export function OwnerOverview({
  figures,
  source,
  /** Extra figure cards for the period, beside sales, VAT and receipts (expenses). */
  extraFigures,
}: {
  figures: DashboardFigures;
  source: DashboardSource | null;
  extraFigures?: ReactNode;
}) {
  const { t } = useLingui();
  const money = (value: number) => formatTsh(value as Cents);
  const { firstDay, lastDay } = figures.previousPeriod;
  const before =
    firstDay === lastDay
      ? calendarDateText(firstDay)
      : `${calendarDateText(firstDay)} – ${calendarDateText(lastDay)}`;
  const asReport = { products: figures.products, customers: figures.customers } as SalesReport;
  const pending = figures.vfd?.queue?.pending ?? 0;
  const overdue = figures.vfd?.queue?.overdue ?? 0;
  const zDay = figures.lastZReport ? calendarDateText(figures.lastZReport.date) : '';
  const zTotal = figures.lastZReport ? money(figures.lastZReport.dailyTotal) : '';
  return (
    <Stack gap="md">
      <DashboardFreshness source={source} />
      <Text size="xs" c="dimmed" data-testid="compared-with">
        {t`Compared with ${before}.`}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <FigureCard
          label={t`Sales (incl. VAT)`}
          now={figures.current.totalIncl}
          before={figures.previous.totalIncl}
          format={money}
          testId="figure-sales"
        />
        <FigureCard
          label={t`VAT collected`}
          now={figures.current.tax}
          before={figures.previous.tax}
          format={money}
          testId="figure-vat"
        />
        <FigureCard
          label={t`Receipts`}
          now={figures.current.receipts}
          before={figures.previous.receipts}
          format={String}
          testId="figure-receipts"
        />
        {extraFigures}
      </SimpleGrid>
      <Panel title={t`Sales trend`}>
        <Suspense fallback={<Skeleton h={200} radius="md" />}>
          <TrendChart days={figures.days} />
        </Suspense>
      </Panel>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title={t`Top products`}>
          <TopProducts report={asReport} limit={5} />
        </Panel>
        <Panel title={t`Top customers`}>
          <TopCustomers report={asReport} limit={5} />
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title={t`Receipts TRA has not accepted`} testId="tra-panel">
          {!figures.vfd ? (
            <Text size="sm" c="dimmed">
              <Trans>Shown when the server can be reached.</Trans>
            </Text>
          ) : (
            <Stack gap={6}>
              <Text size="sm" data-testid="tra-pending">
                {t`Waiting for TRA: ${pending}`}
                {overdue ? ` · ${t`overdue: ${overdue}`}` : ''}
              </Text>
              {(figures.rejected ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>TRA has refused no receipt.</Trans>
                </Text>
              ) : (
                (figures.rejected ?? []).map((receipt) => {
                  const number = receipt.receiptNumber;
                  return (
                    <div key={receipt.invoiceId}>
                      <AnchorLink
                        to="/edit-invoice/$id"
                        params={{ id: receipt.invoiceId }}
                        fw={600}
                      >
                        {t`Receipt ${number}`}
                      </AnchorLink>
                      <Text size="xs" c="red.8">
                        {receipt.message ?? t`Rejected by TRA`}
                      </Text>
                    </div>
                  );
                })
              )}
            </Stack>
          )}
        </Panel>
        <Panel title={t`VFD`} testId="vfd-panel">
          {!figures.vfd ? (
            <Text size="sm" c="dimmed">
              <Trans>Shown when the server can be reached.</Trans>
            </Text>
          ) : (
            <Stack gap={6}>
              <Group gap="xs">
                <Badge
                  color={
                    figures.vfd.blockedByTra
                      ? 'red'
                      : figures.vfd.status === 'registered'
                        ? 'risiti'
                        : 'orange'
                  }
                  variant="light"
                  data-testid="vfd-status"
                >
                  {figures.vfd.blockedByTra
                    ? t`Blocked by TRA`
                    : figures.vfd.status === 'registered'
                      ? t`Registered with TRA`
                      : figures.vfd.status === 'inactive'
                        ? t`Inactive: upload the certificate again`
                        : t`Not registered yet`}
                </Badge>
              </Group>
              {figures.lastZReport ? (
                <Text size="sm" data-testid="last-z-report">
                  {t`Last Z report: ${zDay}, ${zTotal}`}{' '}
                  <Badge
                    size="xs"
                    variant="light"
                    color={
                      figures.lastZReport.status === 'accepted'
                        ? 'risiti'
                        : figures.lastZReport.status === 'rejected'
                          ? 'red'
                          : 'yellow'
                    }
                  >
                    {figures.lastZReport.status === 'accepted'
                      ? t`Accepted by TRA`
                      : figures.lastZReport.status === 'rejected'
                        ? t`Rejected by TRA`
                        : t`Waiting for TRA`}
                  </Badge>
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>No Z report yet.</Trans>
                </Text>
              )}
            </Stack>
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
