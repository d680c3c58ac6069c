// Where the figures come from and how fresh they are: the server at a given time, or this
// phone's own invoices as of its last sync (offline, or a short period).
import { Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCloudCheck, IconDeviceMobile } from '@tabler/icons-react';
import { isLocale } from '../../../domain/i18n';
import { formatDateTime } from '../../app/dates';
import type { ReportSource } from './useSalesReport';

export function Freshness({ source }: { source: ReportSource | null }) {
  const { t, i18n } = useLingui();
  if (!source) return null;
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  let text: string;
  if (source.kind === 'server') {
    const at = formatDateTime(source.at, locale);
    text = t`From the server, as of ${at}.`;
  } else {
    const at = source.lastSyncAt ? formatDateTime(source.lastSyncAt, locale) : null;
    if (source.offline) {
      text = at
        ? t`No connection: figures from this phone, last synced ${at}.`
        : t`No connection: figures from this phone, which has not synced yet.`;
    } else {
      text = at
        ? t`From this phone, last synced ${at}.`
        : t`From this phone, which has not synced yet.`;
    }
  }
  const Icon = source.kind === 'server' ? IconCloudCheck : IconDeviceMobile;
  return (
    <Group gap={6} wrap="nowrap" data-testid="freshness" data-source={source.kind}>
      <Icon size={16} color="var(--mantine-color-dimmed)" />
      <Text size="sm" c={source.kind === 'phone' && source.offline ? 'orange.8' : 'dimmed'}>
        {text}
      </Text>
    </Group>
  );
}
