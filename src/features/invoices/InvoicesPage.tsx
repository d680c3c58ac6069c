// /invoices (spec §2, §4, §9): the company's invoices on this phone, filtered by status and by
// the date presets of spec §9, searched by customer, number, reference or item; a section for
// submitted invoices that refreshes on a visible countdown and by a button, until TRA has
// issued them.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NativeSelect,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  IconFileInvoice,
  IconInfoCircle,
  IconPlus,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { datePresetLabels, DATE_PRESETS } from '../../../domain/date-range';
import { INVOICE_STATUSES, invoiceStatusLabels } from '../../../domain/invoice-status';
import type { LocalInvoice } from '../../db/db';
import { useInvoiceListIds } from '../../db/useInvoices';
import { useSubmittedInvoices } from '../../db/useSubmittedInvoices';
import { DayInput } from '../../forms/DayInput';
import { ButtonLink } from '../../app/links';
import { PopoverAfterPage } from '../../app/OverlayAfterPage';
import { UnsavedInvoices } from './UnsavedInvoices';
import { usePageTitle } from '../../app/usePageTitle';
import { useSearchInAddress } from '../../app/useSearchInAddress';
import { InvoiceList, InvoiceRow } from './InvoiceList';
import { syncAndWait } from '../sync/app-sync';
import type { InvoiceListSearch } from './search';
import { useInvoiceContext } from './useInvoiceContext';
import { periodDays } from './list-read-ahead';
import { useOnline } from './useOnline';

const route = getRouteApi('/_app/invoices');

/**
 * Seconds between two refreshes of the submitted section: TRA usually answers within seconds
 * of a submit, so recent submissions are checked often; older ones wait for TRA's queue.
 */
export const RECENT_REFRESH_S = 3;
export const SUBMITTED_REFRESH_S = 15;
const RECENT_MS = 2 * 60_000;

function refreshDelay(invoices: readonly LocalInvoice[], now: number): number {
  const recent = invoices.some(
    (invoice) =>
      !invoice.fiscal ||
      (invoice.submittedAt !== null && now - Date.parse(invoice.submittedAt) < RECENT_MS),
  );
  return recent ? RECENT_REFRESH_S : SUBMITTED_REFRESH_S;
}

function SubmittedSection({
  invoices,
  online,
  onOpen,
}: {
  invoices: LocalInvoice[];
  online: boolean;
  onOpen(invoice: LocalInvoice): void;
}) {
  const { t } = useLingui();
  const latest = useRef(invoices);
  useEffect(() => {
    latest.current = invoices;
  }, [invoices]);
  // The first refresh comes soon after the page opens.
  const [left, setLeft] = useState(RECENT_REFRESH_S);
  const [refreshing, setRefreshing] = useState(false);
  const seconds = useRef(left);
  const busy = useRef(false);
  const count = invoices.length;

  const refresh = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setRefreshing(true);
    try {
      await syncAndWait();
    } finally {
      busy.current = false;
      const next = refreshDelay(latest.current, Date.now());
      seconds.current = next;
      setRefreshing(false);
      setLeft(next);
    }
  }, []);

  // The visible countdown; at zero the section refreshes (a pull of what TRA has issued).
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (busy.current) return;
      seconds.current -= 1;
      if (seconds.current <= 0) void refresh();
      else setLeft(seconds.current);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [refresh]);

  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-labelledby="submitted-title"
      data-testid="submitted-section"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="submitted-title">
            <Trans>Submitted, waiting for TRA ({count})</Trans>
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="refresh-countdown">
              {/* Offline it still tries on time, but says what it waits for. */}
              {refreshing
                ? t`Refreshing…`
                : online
                  ? t`Refreshing in ${left} s`
                  : t`Waiting for connection`}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={refreshing}
              onClick={() => void refresh()}
            >
              <Trans>Refresh</Trans>
            </Button>
          </Group>
        </Group>
        <Stack gap={0}>
          {invoices.slice(0, 5).map((invoice) => (
            <div key={invoice.id} style={{ height: 68 }}>
              <InvoiceRow invoice={invoice} online={online} onOpen={onOpen} />
            </div>
          ))}
        </Stack>
        {count > 5 && (
          <ButtonLink to="/invoices" search={{ status: 'submitted' }} variant="subtle" size="xs">
            <Trans>Show all {count}</Trans>
          </ButtonLink>
        )}
      </Stack>
    </Card>
  );
}

function SearchTips() {
  const { t } = useLingui();
  return (
    <PopoverAfterPage
      width={280}
      position="bottom-end"
      withArrow
      shadow="md"
      target={
        <ActionIcon variant="subtle" size="lg" aria-label={t`Search tips`}>
          <IconInfoCircle size={20} />
        </ActionIcon>
      }
    >
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            <Trans>Search tips</Trans>
          </Text>
          <Text size="sm">
            <Trans>
              Type the start of a customer name, phone, TIN, receipt number, verification code,
              reference or item.
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>Several words find invoices that have all of them, e.g. “juma sabuni”.</Trans>
          </Text>
          <Text size="sm">
            <Trans>Combine the search with a status and a period.</Trans>
          </Text>
        </Stack>
      </Popover.Dropdown>
    </PopoverAfterPage>
  );
}

export function InvoicesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Invoices`);
  const search = route.useSearch();
  const navigate = useNavigate();
  const context = useInvoiceContext();
  const companyId = context?.companyId ?? null;
  const online = useOnline();
  const [typed, setTyped] = useState(search.q ?? '');
  // "Today" is re-read every minute, so a list left open past midnight moves with the day.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const setSearch = (changes: Partial<InvoiceListSearch>) =>
    void navigate({ to: '/invoices', search: { ...search, ...changes }, replace: true });

  // The list follows every key (a search reads only its words' index ranges); the address, whose
  // change renders the whole route again, catches up once typing pauses.
  useSearchInAddress(typed, search.q, (q) => setSearch({ q }));

  // Opening the list brings what other devices did (unless a sync is running already).
  useEffect(() => {
    if (companyId) void syncAndWait(0);
  }, [companyId]);

  const days = useMemo(() => periodDays(search, now), [search, now]);
  // The list follows what is typed directly; the address catches up for Back and reloads.
  const list = useInvoiceListIds(companyId, { status: search.status, search: typed, ...days });
  const ids = list?.ids;
  const submitted = useSubmittedInvoices(companyId);
  const open = (invoice: LocalInvoice) =>
    void navigate({ to: '/edit-invoice/$id', params: { id: invoice.id } });
  const count = list?.total ?? 0;
  const filtered = Boolean(search.status || search.period || typed.trim());

  if (!companyId) return null;
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" gap="xs">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Invoices</Trans>
        </Title>
        <ButtonLink to="/new-invoice" leftSection={<IconPlus size={18} />}>
          <Trans>New invoice</Trans>
        </ButtonLink>
      </Group>

      <UnsavedInvoices companyId={companyId} />

      {submitted && submitted.length > 0 && (
        <SubmittedSection invoices={submitted} online={online} onOpen={open} />
      )}

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <NativeSelect
          label={t`Status`}
          value={search.status ?? 'all'}
          data={[
            { value: 'all', label: t`All statuses` },
            ...INVOICE_STATUSES.map((status) => ({
              value: status,
              label: i18n._(invoiceStatusLabels[status]),
            })),
          ]}
          onChange={({ currentTarget: { value } }) =>
            setSearch({
              status: value && value !== 'all' ? (value as InvoiceListSearch['status']) : undefined,
            })
          }
        />
        <NativeSelect
          label={t`Period`}
          value={search.period ?? 'all'}
          data={[
            { value: 'all', label: t`All time` },
            ...DATE_PRESETS.map((preset) => ({
              value: preset,
              label: i18n._(datePresetLabels[preset]),
            })),
          ]}
          onChange={({ currentTarget: { value } }) =>
            setSearch({
              period: value && value !== 'all' ? (value as InvoiceListSearch['period']) : undefined,
            })
          }
        />
        <TextInput
          label={t`Search`}
          placeholder={t`Customer, number, item…`}
          leftSection={<IconSearch size={18} />}
          rightSection={<SearchTips />}
          rightSectionWidth={42}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          type="search"
        />
      </SimpleGrid>
      {search.period === 'custom' && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <DayInput label={t`From`} value={search.from} onChange={(from) => setSearch({ from })} />
          <DayInput
            label={t`To`}
            value={search.to}
            min={search.from}
            onChange={(to) => setSearch({ to })}
          />
        </SimpleGrid>
      )}

      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="invoice-count">
          {ids === undefined
            ? t`Loading…`
            : plural(count, { one: '# invoice', other: '# invoices' })}
        </Text>
      </Group>

      {ids && ids.length > 0 && (
        <InvoiceList
          companyId={companyId}
          ids={ids}
          online={online}
          label={t`Invoices`}
          onOpen={open}
        />
      )}
      {ids && ids.length === 0 && (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="sm">
            <IconFileInvoice size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" ta="center">
              {filtered ? (
                <Trans>No invoice matches. Change the filters or the search.</Trans>
              ) : (
                <Trans>No invoices yet. Write the first one.</Trans>
              )}
            </Text>
            {!filtered && (
              <ButtonLink to="/new-invoice" leftSection={<IconPlus size={18} />}>
                <Trans>New invoice</Trans>
              </ButtonLink>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
