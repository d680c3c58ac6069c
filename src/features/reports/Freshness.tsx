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
  // Offline, the icon carries the warning's colour and the words stay in the text colour:
  // orange words on white are below the contrast WCAG AA asks (3.6:1 for 4.5:1).
  const offline = source.kind === 'phone' && source.offline;
  return (
    <Group gap={6} wrap="nowrap" data-testid="freshness" data-source={source.kind}>
      <Icon
        size={16}
        color={offline ? 'var(--mantine-color-orange-8)' : 'var(--mantine-color-dimmed)'}
        style={{ flexShrink: 0 }}
      />
      <Text size="sm" c={offline ? undefined : 'dimmed'} fw={offline ? 600 : undefined}>
        {text}
      </Text>
    </Group>
  );
}
