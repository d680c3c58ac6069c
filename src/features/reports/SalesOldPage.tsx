// /sales-old: the same sales report in the plain table form of the old screen — no charts, one
// table of figures after another — for those used to it and for printing from the browser.
import { useMemo } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../app/links';
import { usePageTitle } from '../../app/usePageTitle';
import { CompanyPicker } from './CompanyPicker';
import { DownloadsCard } from './DownloadsCard';
import { Freshness } from './Freshness';
import { PeriodPicker } from './PeriodPicker';
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

const route = getRouteApi('/_app/sales-old');

export function SalesOldPage() {
  const { t } = useLingui();
  usePageTitle(t`Sales report`);
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/sales-old' });
  const { companyId, phoneCompanyId, admin } = useReportCompany(search.company);
  const now = useMemo(() => new Date(), []);
  const period = periodOfSearch(search, now);
  const filter = useMemo(() => filterOfSearch(search), [search]);
  const state = useSalesReport(companyId, phoneCompanyId, period, filter);
  const update = (changes: Partial<SalesSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });
  const { report } = state;

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Sales report</Trans>
      </Title>
      <Text size="sm">
        <AnchorLink to="/sales" search={search}>
          <Trans>Open the report with charts and filters</Trans>
        </AnchorLink>
      </Text>
      {admin && !phoneCompanyId && (
        <CompanyPicker value={companyId} onChange={(company) => update({ company })} />
      )}
      <PeriodPicker
        value={{ preset: search.preset ?? 'this_month', from: search.from, to: search.to }}
        onChange={(next) => update({ preset: next.preset, from: next.from, to: next.to })}
      />
      {!companyId || !period ? null : state.error ? (
        <Alert color="red">{state.error}</Alert>
      ) : !report ? (
        state.loading ? (
          <Loader role="status" aria-label={t`Loading`} />
        ) : (
          <Alert color="orange">
            <Trans>The server cannot be reached. Try again when there is a connection.</Trans>
          </Alert>
        )
      ) : (
        <>
          <Freshness source={state.source} />
          <TotalsFigures report={report} />
          <Section title={t`VAT by tax group`}>
            <TaxGroupsTable report={report} />
          </Section>
          <Section title={t`Payments`}>
            <PaymentsTable report={report} />
          </Section>
          <Section title={t`Totals per day`}>
            <DailyTable report={report} />
          </Section>
          <Section title={t`Top products`}>
            <TopProducts report={report} />
          </Section>
          <Section title={t`Top customers`}>
            <TopCustomers report={report} />
          </Section>
          <Section title={t`Sales by operator`}>
            <OperatorsRanking report={report} />
          </Section>
          <DownloadsCard
            companyId={companyId}
            ownCompany={companyId === phoneCompanyId}
            period={period}
            filter={filter}
          />
        </>
      )}
    </Stack>
  );
}
