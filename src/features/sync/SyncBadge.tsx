// The sync state in the app shell: synced, N changes waiting, offline or refused changes.
// Tapping it opens the panel that lists what waits and what the server refused.
import { Box, Button, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  IconCloudCheck,
  IconCloudDown,
  IconCloudOff,
  IconCloudUp,
  IconCloudX,
} from '@tabler/icons-react';
import { useSyncState } from '../../sync/useSyncState';
import { useConnection } from '../../stores/connection';
import { useDrawnAfterPage } from '../../app/useDrawnAfterPage';
import { SyncPanel } from './SyncPanel';
import classes from './SyncBadge.module.css';

export function SyncBadge({ companyId }: { companyId: string }) {
  const { t, i18n } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const panelDrawn = useDrawnAfterPage() || opened;
  const state = useSyncState(companyId);
  const connection = useConnection((s) => s.status);
  if (!state) return null;

  const waiting = state.status === 'synced' ? 0 : state.waitingCount;
  const failed = state.status === 'synced' ? 0 : state.failed.length;
  // The API client may know of a silence before the next sync attempt does.
  const offline = state.status === 'offline' || connection === 'offline';
  // Nothing waits, but the company's records are still coming.
  const downloading = state.status === 'synced' && state.downloading;
  const look = offline
    ? {
        color: 'orange',
        Icon: IconCloudOff,
        text: waiting
          ? t({
              message: plural(waiting, {
                one: 'Offline · # waiting',
                other: 'Offline · # waiting',
              }),
            })
          : t`Offline`,
      }
    : failed
      ? {
          color: 'red',
          Icon: IconCloudX,
          text: t({
            message: plural(failed, { one: '# change refused', other: '# changes refused' }),
          }),
        }
      : waiting
        ? {
            color: 'blue',
            Icon: IconCloudUp,
            text: t({
              message: plural(waiting, { one: '# change waiting', other: '# changes waiting' }),
            }),
          }
        : downloading
          ? { color: 'blue', Icon: IconCloudDown, text: t`Getting your data…` }
          : { color: 'risiti', Icon: IconCloudCheck, text: t`Synced` };

  // A phone's header has room for the icon, a count and, offline, the word itself (what the
  // help describes); the full words are the button's name.
  const count = offline ? waiting : failed || waiting;
  return (
    <>
      <Box role="status" aria-live="polite" data-testid="sync-state">
        <Button
          size="compact-sm"
          variant="light"
          color={look.color}
          leftSection={<look.Icon size={16} stroke={1.8} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
          aria-label={look.text}
          title={look.text}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          <Box component="span" visibleFrom="xs">
            {look.text}
          </Box>
          {(offline || count > 0) && (
            <Box component="span" hiddenFrom="xs" aria-hidden>
              {offline && <span className={classes.word}>{t`Offline`}</span>}
              {offline && count > 0 && ' '}
              {count > 0 && i18n.number(count)}
            </Box>
          )}
        </Button>
      </Box>
      {panelDrawn && (
        <Drawer
          opened={opened}
          onClose={close}
          position="right"
          size="md"
          title={t`Sync with the server`}
          closeButtonProps={{ 'aria-label': t`Close` }}
          styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        >
          <SyncPanel state={state} onNavigate={close} />
        </Drawer>
      )}
    </>
  );
}
