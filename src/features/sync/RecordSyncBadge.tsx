// Where one record stands with the server, for list rows and record pages.
import { Badge } from '@mantine/core';
import { HoverTooltip } from '../../app/HoverTooltip';
import { useLingui } from '@lingui/react/macro';
import { IconCloudCheck, IconCloudUp, IconCloudX } from '@tabler/icons-react';
import type { RecordSyncState } from '../../db/db';
import { recordSyncLabels } from './labels';

const look = {
  synced: { color: 'risiti', Icon: IconCloudCheck },
  pending: { color: 'orange', Icon: IconCloudUp },
  failed: { color: 'red', Icon: IconCloudX },
} as const;

export function RecordSyncBadge({
  state,
  compact = false,
}: {
  state: RecordSyncState;
  /** Icon only (narrow list rows); the words stay in the tooltip and for screen readers. */
  compact?: boolean;
}) {
  const { t, i18n } = useLingui();
  const { color, Icon } = look[state];
  const label = i18n._(recordSyncLabels[state]);
  const explanation =
    state === 'synced'
      ? t`This record is on the server.`
      : state === 'pending'
        ? t`Saved on this phone. It is sent to the server when there is a connection.`
        : t`The server did not accept this record. Open it to see why.`;
  return (
    <HoverTooltip label={explanation} multiline w={240} withinPortal>
      <Badge
        color={color}
        variant={state === 'synced' && compact ? 'transparent' : 'light'}
        px={compact ? 4 : undefined}
        leftSection={<Icon size={16} stroke={1.8} aria-hidden />}
        // Only the icon shows when compact: it is then an image named by the state.
        {...(compact ? { role: 'img', 'aria-label': label } : {})}
        data-sync-state={state}
      >
        {compact ? null : label}
      </Badge>
    </HoverTooltip>
  );
}
