// The operator's view of the counter, from this phone alone (it works offline): today's sales,
// what waits (drafts, submissions not yet numbered, receipts waiting for TRA, changes not yet
// sent), and the last invoices.
import { useMemo } from 'react';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { eatDate } from '../../../domain/dates';
import { formatTsh } from '../../../domain/money';
import { useCounterState, useLastSyncAt, useLocalSalesReport } from '../../db/sales';
import { useSyncState } from '../../sync/useSyncState';
import { InvoiceRow } from '../invoices/InvoiceList';
import { useOnline } from '../invoices/useOnline';
import { Freshness } from '../reports/Freshness';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

export function CounterCards({ companyId, today }: { companyId: string; today: Date }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const day = eatDate(today);
  const period = useMemo(() => ({ firstDay: day, lastDay: day }), [day]);
  const filter = useMemo(() => ({}), []);
  const report = useLocalSalesReport(companyId, period, filter);
  const counter = useCounterState(companyId);
  const sync = useSyncState(companyId);
  const lastSyncAt = useLastSyncAt(companyId);
  const receipts = report?.totals.receipts ?? 0;
  const vat = report ? formatTsh(report.totals.tax) : '';
  const unsent = sync && sync.status !== 'synced' ? sync.waitingCount : 0;
  const refused = sync && sync.status !== 'synced' ? sync.failed.length : 0;

  return (
    <Stack gap="md">
      <Freshness source={{ kind: 'phone', lastSyncAt: lastSyncAt ?? null, offline: !online }} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="lg" data-tour="today">
          <Text size="sm" c="dimmed">
            <Trans>Today's sales</Trans>
          </Text>
          <Text fw={700} fz="xl" data-testid="today-sales">
            {report ? formatTsh(report.totals.totalIncl) : '…'}
          </Text>
          <Text size="sm" c="dimmed" data-testid="today-receipts">
            {report
              ? plural(receipts, { one: `# receipt, VAT ${vat}`, other: `# receipts, VAT ${vat}` })
              : ''}
          </Text>
        </Card>
        <Card withBorder radius="lg" padding="lg" data-tour="waiting" data-testid="waiting-card">
          <Text size="sm" c="dimmed" mb={6}>
            <Trans>Waiting</Trans>
          </Text>
          <Stack gap={4}>
            <Count label={t`Drafts`} value={counter?.drafts ?? 0} testId="drafts-count" />
            <Count
              label={t`Submitted, waiting for a connection`}
              value={counter?.unnumbered ?? 0}
              testId="unnumbered-count"
            />
            <Count
              label={t`Numbered, waiting for TRA`}
              value={counter?.waitingForTra ?? 0}
              testId="tra-waiting-count"
            />
            <Count label={t`Changes not yet sent`} value={unsent} testId="unsent-count" />
            {refused > 0 && (
              <Count label={t`Changes the server refused`} value={refused} testId="refused-count" />
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="latest-title">
        <Title order={2} fz="h4" id="latest-title" mb="xs">
          <Trans>Last invoices</Trans>
        </Title>
        {counter && counter.latest.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No invoices yet. Start with “New invoice”.</Trans>
          </Text>
        ) : (
          <div role="list" aria-label={t`Last invoices`} data-testid="latest-invoices">
            {(counter?.latest ?? []).map((invoice) => (
              <div role="listitem" key={invoice.id}>
                <InvoiceRow
                  invoice={invoice}
                  online={online}
                  onOpen={(picked) =>
                    void navigate({ to: '/edit-invoice/$id', params: { id: picked.id } })
                  }
                />
              </div>
            ))}
          </div>
        )}
      </Card>
    </Stack>
  );
}
