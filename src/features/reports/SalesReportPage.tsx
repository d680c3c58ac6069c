// /sales: the sales report (spec §1, §2, screens "Sales report: heatmap, tax chart and
// downloads"). The period and filters live in the URL; the figures come from the phone for
// short periods and from the server for long ones, and say which; the charts load on their own
// so the page's first paint does not wait for them.
import { lazy, Suspense, useMemo } from 'react';
import { Alert, Card, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../app/links';
import { usePageTitle } from '../../app/usePageTitle';
import { CompanyPicker } from './CompanyPicker';
import { DownloadsCard } from './DownloadsCard';
import { Freshness } from './Freshness';
import { PeriodPicker } from './PeriodPicker';
import { SalesFilters } from './SalesFilters';
import {
  DailyTable,
  OperatorsRanking,
  PaymentsTable,
  Section,
  TaxGroupsTable,
  TopCustomers,
  TopProducts,
  TotalsFigures,
} from './SalesTables';
import { filterOfSearch, periodOfSearch } from './period';
import type { SalesSearch } from './search';
import { useReportCompany } from './useReportContext';
import { useSalesReport } from './useSalesReport';

const SalesHeatmap = lazy(() =>
  import('./SalesCharts').then((module) => ({ default: module.SalesHeatmap })),
);
const TaxChart = lazy(() =>
  import('./SalesCharts').then((module) => ({ default: module.TaxChart })),
);

const route = getRouteApi('/_app/sales');

function ChartFallback() {
  return <Skeleton h={240} radius="md" />;
}

export function SalesReportPage() {
  const { t } = useLingui();
  usePageTitle(t`Sales report`);
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/sales' });
  const { companyId, phoneCompanyId, admin } = useReportCompany(search.company);
  const now = useMemo(() => new Date(), []);
  const period = periodOfSearch(search, now);
  const filter = useMemo(() => filterOfSearch(search), [search]);
  const state = useSalesReport(companyId, phoneCompanyId, period, filter);
  const { report } = state;

  const update = (changes: Partial<SalesSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });

  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Sales report</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Receipts numbered by the VFD: submitted and issued. Filters choose receipts; their full
            amounts are counted.
          </Trans>{' '}
          <AnchorLink to="/sales-old" search={search}>
            <Trans>Plain table view</Trans>
          </AnchorLink>
        </Text>
      </Stack>

      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          {admin && !phoneCompanyId && (
            <CompanyPicker value={companyId} onChange={(company) => update({ company })} />
          )}
          <PeriodPicker
            value={{ preset: search.preset ?? 'this_month', from: search.from, to: search.to }}
            onChange={(next) => update({ preset: next.preset, from: next.from, to: next.to })}
          />
          <SalesFilters
            search={search}
            report={report}
            phoneCompanyId={companyId === phoneCompanyId ? phoneCompanyId : null}
            onChange={(key, value) => update({ [key]: value })}
          />
        </Stack>
      </Card>

      {!companyId ? (
        <Text c="dimmed">
          <Trans>Choose a company to see its sales.</Trans>
        </Text>
      ) : !period ? (
        <Text c="dimmed">
          <Trans>Choose the first and last day of the period.</Trans>
        </Text>
      ) : state.error ? (
        <Alert color="red" role="alert">
          {state.error}
        </Alert>
      ) : !report ? (
        state.loading ? (
          <Loader role="status" aria-label={t`Loading the report`} />
        ) : (
          <Alert color="orange">
            <Trans>The server cannot be reached. Try again when there is a connection.</Trans>
          </Alert>
        )
      ) : (
        <>
          <Freshness source={state.source} />
          <TotalsFigures report={report} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={t`Sales by weekday and hour`} testId="heatmap-section">
              <Suspense fallback={<ChartFallback />}>
                <SalesHeatmap report={report} />
              </Suspense>
            </Section>
            <Section title={t`Sales and VAT per tax group`} testId="tax-section">
              <Suspense fallback={<ChartFallback />}>
                <TaxChart report={report} />
              </Suspense>
              <TaxGroupsTable report={report} />
            </Section>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={t`Payments`}>
              <PaymentsTable report={report} />
            </Section>
            <DownloadsCard
              companyId={companyId}
              ownCompany={companyId === phoneCompanyId}
              period={period}
              filter={filter}
            />
          </SimpleGrid>
          <Section title={t`Totals per day`}>
            <DailyTable report={report} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <Section title={t`Top products`}>
              <TopProducts report={report} />
            </Section>
            <Section title={t`Top customers`}>
              <TopCustomers report={report} />
            </Section>
            <Section title={t`Sales by operator`}>
              <OperatorsRanking report={report} />
            </Section>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
