// /invoices-report (spec §2, §6): invoices across the companies the user reaches — an owner's
// company, an organization admin's companies — with their status and their receipt's state at
// TRA, newest first, a page at a time. It reads the server (other companies' invoices are not on
// this phone), so it needs a connection.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSearch } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { HTTPError } from 'ky';
import { INVOICE_STATUSES, invoiceStatusLabels } from '../../../domain/invoice-status';
import type { ErrorBody } from '../../../domain/errors';
import { formatTsh, type Cents } from '../../../domain/money';
import {
  fetchInvoicesReport,
  type InvoicesReportAnswer,
  type InvoicesReportItem,
} from '../../api/reports';
import { usePageTitle } from '../../app/usePageTitle';
import {
  invoiceStateColors,
  invoiceStateLabels,
  type InvoiceState,
} from '../invoices/invoice-state';
import { CompanyPicker } from './CompanyPicker';
import { PeriodPicker } from './PeriodPicker';
import { periodOfSearch, periodQuery } from './period';
import type { InvoicesReportSearch } from './search';
import { useReportCompany } from './useReportContext';
import { calendarDateText } from '../../../domain/calendar-date';

const route = getRouteApi('/_app/invoices-report');

function stateOf(item: InvoicesReportItem): InvoiceState {
  if (item.status !== 'submitted') return item.status;
  return item.traStatus === 'rejected' ? 'rejected' : 'numbered';
}

function Row({ item, showCompany }: { item: InvoicesReportItem; showCompany: boolean }) {
  const { t, i18n } = useLingui();
  const state = stateOf(item);
  const receipt = item.receiptNumber;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="report-invoice"
      data-invoice-id={item.id}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {item.customerName || t`Walk-in customer`}
        </Text>
        <Text size="sm" c="dimmed">
          {[
            calendarDateText(item.date),
            receipt !== null ? t`No. ${receipt}` : null,
            showCompany ? item.companyName : null,
            item.operatorName,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Badge color={invoiceStateColors[state]} variant="light" size="sm">
            {i18n._(invoiceStateLabels[state])}
          </Badge>
          <Text fw={700} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {formatTsh(item.totalIncludingTax as Cents)}
          </Text>
        </Group>
        {item.traMessage && (
          <Text size="xs" c="red.8">
            {item.traMessage}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function InvoicesReportPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Invoices report`);
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/invoices-report' });
  const { admin } = useReportCompany(search.company);
  const now = useMemo(() => new Date(), []);
  const period = periodOfSearch(search, now, 'this_month');
  const [text, setText] = useState(search.q ?? '');
  const [q] = useDebouncedValue(text, 300);
  const update = (changes: Partial<InvoicesReportSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });

  const query = period
    ? {
        ...periodQuery(period, search.company),
        status: search.status,
        tra: search.tra,
        q: q || undefined,
        limit: '50',
      }
    : null;
  const key = query ? JSON.stringify(query) : null;
  const [result, setResult] = useState<{
    key: string;
    pages: InvoicesReportAnswer[];
    error: string | null;
  } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const messageOf = async (failure: unknown): Promise<string> => {
    if (failure instanceof HTTPError) {
      const body = (await failure.response.json().catch(() => null)) as ErrorBody | null;
      return body?.message ?? t`The invoices could not be loaded.`;
    }
    return t`The server cannot be reached. Try again when there is a connection.`;
  };

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    fetchInvoicesReport(JSON.parse(key) as Record<string, string>, controller.signal).then(
      (page) => setResult({ key, pages: [page], error: null }),
      async (failure: unknown) => {
        if (controller.signal.aborted) return;
        const error = await messageOf(failure);
        setResult({ key, pages: [], error });
      },
    );
    return () => controller.abort();
    // messageOf only translates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = result?.key === key ? result : null;
  const pages = current?.pages ?? [];
  const error = current?.error ?? null;
  const loading = key !== null && !current;

  const loadMore = async (cursor: string) => {
    if (!key) return;
    setLoadingMore(true);
    try {
      const page = await fetchInvoicesReport({
        ...(JSON.parse(key) as Record<string, string>),
        cursor,
      });
      setResult((previous) =>
        previous?.key === key ? { ...previous, pages: [...previous.pages, page] } : previous,
      );
    } catch (failure) {
      const message = await messageOf(failure);
      setResult((previous) => (previous?.key === key ? { ...previous, error: message } : previous));
    } finally {
      setLoadingMore(false);
    }
  };

  const items = pages.flatMap((page) => page.items);
  const counts = pages[0]?.counts ?? [];
  const cursor = pages[pages.length - 1]?.cursor ?? null;
  const count = (state: InvoiceState) =>
    counts
      .filter(
        (c) =>
          stateOf({ status: c.status, traStatus: c.traStatus } as InvoicesReportItem) === state,
      )
      .reduce((sum, c) => sum + c.count, 0);

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Invoices report</Trans>
      </Title>
      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          {admin && (
            <CompanyPicker
              everyCompany
              value={search.company ?? ''}
              onChange={(company) => update({ company: company || undefined })}
            />
          )}
          <PeriodPicker
            value={{ preset: search.preset ?? 'this_month', from: search.from, to: search.to }}
            onChange={(next) => update({ preset: next.preset, from: next.from, to: next.to })}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Select
              label={t`Status`}
              placeholder={t`All`}
              clearable
              data={INVOICE_STATUSES.map((status) => ({
                value: status,
                label: i18n._(invoiceStatusLabels[status]),
              }))}
              value={search.status ?? null}
              onChange={(status) =>
                update({ status: (status ?? undefined) as InvoicesReportSearch['status'] })
              }
            />
            <Select
              label={t`At TRA`}
              placeholder={t`All`}
              clearable
              data={[
                { value: 'pending', label: t`Waiting for TRA` },
                { value: 'accepted', label: t`Accepted by TRA` },
                { value: 'rejected', label: t`Rejected by TRA` },
              ]}
              value={search.tra ?? null}
              onChange={(tra) => update({ tra: (tra ?? undefined) as InvoicesReportSearch['tra'] })}
            />
            <TextInput
              label={t`Search`}
              placeholder={t`Customer, number or company`}
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onBlur={() => update({ q: text || undefined })}
            />
          </SimpleGrid>
        </Stack>
      </Card>

      {counts.length > 0 && (
        <Group gap="xs" data-testid="report-counts">
          {(['issued', 'numbered', 'rejected', 'draft', 'canceled'] as const).map((state) => (
            <Badge key={state} color={invoiceStateColors[state]} variant="light" size="lg">
              {i18n._(invoiceStateLabels[state])}: {count(state)}
            </Badge>
          ))}
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Stack gap="xs">
        {items.map((item) => (
          <Row key={item.id} item={item} showCompany={admin} />
        ))}
      </Stack>
      {(loading || loadingMore) && <Loader role="status" aria-label={t`Loading`} />}
      {!loading && !error && items.length === 0 && (
        <Text c="dimmed">
          <Trans>No invoices in this period.</Trans>
        </Text>
      )}
      {cursor && !loading && !loadingMore && (
        <Button variant="light" onClick={() => void loadMore(cursor)}>
          <Trans>Show more</Trans>
        </Button>
      )}
    </Stack>
  );
}
