// A company's Virtual Fiscal Device as TRA knows it: registered or not, the certificate and
// its expiry, the last receipt and its TRA state, what waits in the queue (and how much is
// overdue), the last Z report, and whether TRA blocked the company.
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import { isLocale } from '../../../domain/i18n';
import type { VfdState } from '../../api/admin';
import { formatDateTime } from '../../app/dates';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function VfdCard({ vfd }: { vfd: VfdState }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const when = (iso: string) => formatDateTime(new Date(iso), locale);
  const traState = {
    pending: t`waiting for TRA`,
    accepted: t`accepted by TRA`,
    rejected: t`refused by TRA`,
  };
  const statusLabel = {
    registered: t`Registered with TRA`,
    unregistered: t`Not registered: upload the certificate`,
    inactive: t`Inactive at TRA: upload the certificate again`,
  }[vfd.status];
  const receipt = vfd.lastReceipt;
  const zReport = vfd.lastZReport;
  const queue = vfd.queue;
  const pending = queue?.pending ?? 0;
  const overdue = queue?.overdue ?? 0;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="vfd-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h3" id="vfd-title">
            <Trans>Virtual fiscal device</Trans>
          </Title>
          <Badge
            color={vfd.status === 'registered' ? 'green' : 'orange'}
            variant="light"
            data-testid="vfd-status"
          >
            {statusLabel}
          </Badge>
        </Group>
        {vfd.blockedByTra && (
          <Alert color="red" icon={<IconLock />} role="alert">
            <Trans>TRA has blocked this company: it cannot issue receipts.</Trans>
          </Alert>
        )}
        {vfd.status !== 'unregistered' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {vfd.registration && (
              <Fact
                label={t`Registered`}
                value={`${when(vfd.registration.registeredAt)} · ${vfd.registration.SERIAL ?? ''}`}
              />
            )}
            {vfd.certificate && (
              <Fact label={t`Certificate valid until`} value={when(vfd.certificate.notAfter)} />
            )}
            <Fact
              label={t`Last receipt`}
              value={
                receipt
                  ? `${receipt.number} · ${when(receipt.issuedAt)} · ${traState[receipt.traStatus]}`
                  : t`None yet`
              }
              testId="vfd-last-receipt"
            />
            <Fact
              label={t`Last Z report`}
              value={zReport ? `${zReport.date} · ${traState[zReport.status]}` : t`None yet`}
            />
            {queue && (
              <Fact
                label={t`Waiting for TRA`}
                value={
                  overdue > 0 ? t`${pending} receipts, ${overdue} overdue` : t`${pending} receipts`
                }
                testId="vfd-queue"
              />
            )}
            {vfd.queue && vfd.queue.rejected > 0 && (
              <Fact label={t`Refused by TRA`} value={String(vfd.queue.rejected)} />
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
