// What the sync badge opens: the state in words, "sync now", the changes the server refused
// (with its message and a way to open the record) and the changes still waiting to be sent.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconRefresh } from '@tabler/icons-react';
import { WARNING_TEXT } from '../../app/theme';
import type { SyncedEntity } from '../../db/db';
import { isLocale } from '../../../domain/i18n';
import { formatDateTime, formatTime } from '../../app/dates';
import { ButtonLink } from '../../app/links';
import type { SyncState } from '../../sync/sync-state';
import { useConnection } from '../../stores/connection';
import { syncAndWait } from './app-sync';
import { entityLabels, outboxActionLabels } from './labels';

function RecordLink({
  entity,
  id,
  code,
  onNavigate,
}: {
  entity: SyncedEntity;
  id: string;
  /** The refusal's code: a change another device made too is settled on the record's page. */
  code: string;
  onNavigate: () => void;
}) {
  const { t } = useLingui();
  const common = { size: 'compact-sm', variant: 'light', onClick: onNavigate } as const;
  if (entity === 'invoice') {
    return (
      <ButtonLink to="/edit-invoice/$id" params={{ id }} {...common}>
        {t`Open`}
      </ButtonLink>
    );
  }
  if (entity === 'expense') {
    return (
      <ButtonLink to="/expenses/$expenseId" params={{ expenseId: id }} {...common}>
        {t`Open`}
      </ButtonLink>
    );
  }
  if (entity === 'vendor') {
    return (
      <ButtonLink to="/vendors/$vendorId" params={{ vendorId: id }} {...common}>
        {t`Open`}
      </ButtonLink>
    );
  }
  if (entity === 'expense_category') {
    return (
      <ButtonLink to="/expenses/categories" {...common}>
        {t`Open`}
      </ButtonLink>
    );
  }
  if (entity === 'expense_attachment') return null;
  if (entity === 'customer' && code === 'record_changed') {
    return (
      <ButtonLink to="/customers/$customerId" params={{ customerId: id }} {...common}>
        {t`Open`}
      </ButtonLink>
    );
  }
  return entity === 'customer' ? (
    <ButtonLink to="/customers/$customerId/edit" params={{ customerId: id }} {...common}>
      {t`Open`}
    </ButtonLink>
  ) : (
    <ButtonLink to="/products/$productId" params={{ productId: id }} {...common}>
      {t`Open`}
    </ButtonLink>
  );
}

/** Whether the browser promised to keep this app's data when the phone runs low on space. */
function usePersisted(): boolean | null {
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void navigator.storage
      ?.persisted?.()
      .then((value) => live && setPersisted(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return persisted;
}

export function SyncPanel({ state, onNavigate }: { state: SyncState; onNavigate: () => void }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const connection = useConnection((s) => s.status);
  const persisted = usePersisted();
  const [syncing, setSyncing] = useState(false);
  const syncNow = async () => {
    setSyncing(true);
    try {
      await syncAndWait();
    } finally {
      setSyncing(false);
    }
  };

  const offline = state.status === 'offline' || connection === 'offline';
  const waiting = state.status === 'synced' ? [] : state.waiting;
  const waitingCount = state.status === 'synced' ? 0 : state.waitingCount;
  const failed = state.status === 'synced' ? [] : state.failed;
  const lastSyncAt = state.status === 'synced' ? state.lastSyncAt : null;
  const downloading = state.status === 'synced' && state.downloading;
  const lastSyncText = lastSyncAt === null ? '' : formatDateTime(lastSyncAt, locale);
  const notListed = waitingCount - waiting.length;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {offline ? (
          <Text>
            <Trans>
              The server cannot be reached. Risiti keeps working on this phone and sends your
              changes when the server answers again.
            </Trans>
          </Text>
        ) : failed.length ? (
          <Text>
            <Trans>
              The server refused some changes. Open each one, correct it and save it again, or
              delete it.
            </Trans>
          </Text>
        ) : waitingCount ? (
          <Text>
            <Trans>These changes are saved on this phone and are being sent to the server.</Trans>
          </Text>
        ) : downloading ? (
          <Text>
            <Trans>
              Your company's records are still coming from the server. Lists and exports are
              complete once this is done.
            </Trans>
          </Text>
        ) : (
          <Text>
            <Trans>Everything saved on this phone is on the server.</Trans>
          </Text>
        )}
        {lastSyncAt !== null && (
          <Text size="sm" c="dimmed">
            {t`Last synced: ${lastSyncText}`}
          </Text>
        )}
        <Group>
          <Button
            leftSection={<IconRefresh size={18} />}
            onClick={syncNow}
            loading={syncing}
            variant="light"
          >
            <Trans>Sync now</Trans>
          </Button>
        </Group>
        {persisted === false && (
          <Text size="sm" c="dimmed">
            <Trans>
              This browser may clear Risiti's data when the phone runs out of space. Install the app
              to keep it safe.
            </Trans>
          </Text>
        )}
      </Stack>

      {failed.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="sync-refused">
          <Title order={3} fz="h4" id="sync-refused">
            <Trans>Refused by the server</Trans>
          </Title>
          {failed.map((change) => (
            <Card key={`${change.entity}:${change.recordId}`} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {change.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i18n._(entityLabels[change.entity])}
                  </Text>
                  <Text size="sm" c="red.8">
                    {change.error.message}
                  </Text>
                </div>
                <RecordLink
                  entity={change.entity}
                  id={change.recordId}
                  code={change.error.code}
                  onNavigate={onNavigate}
                />
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      {waitingCount > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="sync-waiting">
          <Title order={3} fz="h4" id="sync-waiting">
            {t({
              message: plural(waitingCount, {
                one: '# change waiting to be sent',
                other: '# changes waiting to be sent',
              }),
            })}
          </Title>
          {waiting.map((change) => {
            const reason =
              change.lastError === 'offline' ? t`no connection` : (change.lastError ?? '');
            const next = formatTime(change.nextAttemptAt, locale);
            return (
              <Card key={change.seq} withBorder padding="sm">
                <Text fw={600} truncate>
                  {change.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    i18n._(entityLabels[change.entity]),
                    ...[...new Set(change.actions)].map((action) =>
                      i18n._(outboxActionLabels[action]),
                    ),
                  ].join(' · ')}
                </Text>
                {change.attempts > 0 && (
                  <Text size="sm" c={WARNING_TEXT}>
                    {t`Not sent yet (${reason}). Next try at ${next}.`}
                  </Text>
                )}
              </Card>
            );
          })}
          {waitingCount > waiting.length && (
            <Text size="sm" c="dimmed">
              {t`… and ${notListed} more.`}
            </Text>
          )}
        </Stack>
      )}

      {offline && waitingCount === 0 && failed.length === 0 && (
        <Alert color="gray" variant="light">
          <Trans>Nothing is waiting: every change made on this phone reached the server.</Trans>
        </Alert>
      )}
    </Stack>
  );
}
