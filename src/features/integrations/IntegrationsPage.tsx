// /apps-integration: the company's Xero and QuickBooks connections. Connecting goes to the
// provider's sign-in and comes back here with a code, which this page hands to the server once
// and then removes from the address. Every action needs the server, so each says so offline.
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isLocale } from '../../../domain/i18n';
import {
  integrationProviderNames,
  integrationVariables,
  skipReasonLabels,
  type IntegrationProvider,
  type IntegrationStatus,
} from '../../../domain/integrations';
import { readFailure, type ApiFailure } from '../../api/errors';
import {
  disconnectIntegration,
  fetchIntegrations,
  finishIntegration,
  importFromIntegration,
  startIntegration,
} from '../../api/integrations';
import { formatDateTime } from '../../app/dates';
import { notifyFailure, notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { ConfirmDialog } from '../invoices/ConfirmDialog';
import { useOnline } from '../invoices/useOnline';

const route = getRouteApi('/_app/apps-integration');

function ImportFacts({ status }: { status: IntegrationStatus }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const connectedBy = status.connectedBy ?? '—';
  const connectedAt = status.connectedAt
    ? formatDateTime(new Date(status.connectedAt), locale)
    : '';
  const lastImport = status.lastImport;
  const imported = lastImport?.imported ?? 0;
  const updated = lastImport?.updated ?? 0;
  const skipped = lastImport?.skipped ?? 0;
  const lastAt = status.lastImportAt ? formatDateTime(new Date(status.lastImportAt), locale) : '';
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Trans>
          Connected by {connectedBy} on {connectedAt}
        </Trans>
      </Text>
      {lastImport ? (
        <>
          <Text size="sm" data-testid={`${status.provider}-last-import`}>
            <Trans>
              Last import {lastAt}: {imported} new drafts, {updated} updated, {skipped} skipped
            </Trans>
          </Text>
          {lastImport.more && (
            <Text size="sm">
              <Trans>More invoices are waiting: import again to bring the rest.</Trans>
            </Text>
          )}
        </>
      ) : (
        <Text size="sm">
          <Trans>No import yet.</Trans>
        </Text>
      )}
      {status.skipped.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            <Trans>Skipped invoices</Trans>
          </Text>
          <List size="sm" spacing={2}>
            {status.skipped.map((item) => {
              const reason = i18n._(skipReasonLabels[item.reason]);
              const number = item.number;
              return (
                <List.Item key={`${number}-${item.reason}`}>{`${number}: ${reason}`}</List.Item>
              );
            })}
          </List>
        </div>
      )}
    </Stack>
  );
}

function ProviderCard({
  status,
  companyId,
  onChange,
}: {
  status: IntegrationStatus;
  companyId: string;
  onChange(status: IntegrationStatus): void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [busy, setBusy] = useState<'connect' | 'import' | 'disconnect' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = integrationProviderNames[status.provider];
  const titleId = `integration-${status.provider}`;

  const run = async <T,>(action: typeof busy, call: () => Promise<T>): Promise<T | null> => {
    setBusy(action);
    try {
      return await call();
    } catch (error) {
      notifyFailure(await readFailure(error));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const connect = async () => {
    const started = await run('connect', () => startIntegration(companyId, status.provider));
    if (started) window.location.assign(started.url);
  };
  const importNow = async () => {
    const done = await run('import', () => importFromIntegration(companyId, status.provider));
    if (!done) {
      // The failure is stored on the connection: show it there too.
      const fresh = await fetchIntegrations(companyId).catch(() => null);
      const mine = fresh?.providers.find((p) => p.provider === status.provider);
      if (mine) onChange(mine);
      return;
    }
    onChange(done);
    const imported = done.result.imported;
    const updated = done.result.updated;
    const skipped = done.result.skipped;
    notifySuccess(
      t`Import from ${name} done: ${imported} new drafts, ${updated} updated, ${skipped} skipped.`,
    );
  };
  const disconnect = async () => {
    const done = await run('disconnect', () => disconnectIntegration(companyId, status.provider));
    setConfirming(false);
    if (done) {
      onChange(done);
      notifySuccess(t`${name} is disconnected.`);
    }
  };

  const variables = integrationVariables[status.provider].join(', ');
  const organisation = status.organisationName ?? '';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h3" id={titleId}>
            {name}
          </Title>
          {!status.configured ? (
            <Badge color="gray" variant="light">
              <Trans>Not available</Trans>
            </Badge>
          ) : status.connected ? (
            <Badge color="risiti" variant="light">
              <Trans>Connected</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="outline">
              <Trans>Not connected</Trans>
            </Badge>
          )}
        </Group>
        {!status.configured ? (
          <div data-testid={`${status.provider}-not-configured`}>
            <Text size="sm">
              <Trans>
                {name} is not offered on this Risiti server yet. Ask the people who run it to set it
                up.
              </Trans>
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              <Trans>For the server’s administrator: set {variables}.</Trans>
            </Text>
          </div>
        ) : status.connected ? (
          <>
            <Text>
              <Trans>
                Organisation: <strong>{organisation}</strong>
              </Trans>
            </Text>
            <ImportFacts status={status} />
            {status.lastError && (
              <Alert color="red" role="alert" title={t`Last problem`}>
                {status.lastError.message}
              </Alert>
            )}
            <Group gap="sm" wrap="wrap">
              <Button onClick={importNow} loading={busy === 'import'} disabled={!online}>
                <Trans>Import now</Trans>
              </Button>
              <Button
                variant="default"
                color="red"
                onClick={() => setConfirming(true)}
                disabled={!online || busy !== null}
              >
                <Trans>Disconnect</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              <Trans>
                Sales invoices you make in {name} come to Risiti as drafts, to check and submit to
                TRA from the invoice list.
              </Trans>
            </Text>
            <Group>
              <Button onClick={connect} loading={busy === 'connect'} disabled={!online}>
                <Trans>Connect {name}</Trans>
              </Button>
            </Group>
          </>
        )}
        {status.configured && !online && (
          <Text size="sm" c="dimmed" data-testid={`${status.provider}-offline`}>
            <Trans>You are offline. Connecting and importing need the internet.</Trans>
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t`Disconnect ${name}?`}
        confirmLabel={t`Disconnect`}
        color="red"
        busy={busy === 'disconnect'}
        onConfirm={disconnect}
        onClose={() => setConfirming(false)}
      >
        <Trans>
          Risiti stops importing from {name} and forgets its access. The drafts already imported
          stay.
        </Trans>
      </ConfirmDialog>
    </Card>
  );
}

/** Hands the provider's code to the server once, then takes it out of the address. */
function useProviderReturn(onDone: (status: IntegrationStatus) => void): {
  finishing: boolean;
  failure: ApiFailure | null;
} {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [finishing, setFinishing] = useState(Boolean(search.code));
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  useEffect(() => {
    if (!search.code || handled.current) return;
    handled.current = true;
    const provider: IntegrationProvider = search.realmId ? 'quickbooks' : 'xero';
    const input = {
      code: search.code,
      state: search.state ?? '',
      ...(search.realmId ? { realmId: search.realmId } : {}),
    };
    void navigate({ to: '/apps-integration', search: {}, replace: true });
    finishIntegration(provider, input).then(
      (status) => {
        setFinishing(false);
        onDone(status);
        const name = integrationProviderNames[provider];
        const organisation = status.organisationName ?? '';
        notifySuccess(t`${name} is connected to ${organisation}.`);
      },
      async (error: unknown) => {
        setFinishing(false);
        setFailure(await readFailure(error));
      },
    );
  }, [search, navigate, onDone, t]);
  return { finishing, failure };
}

export function IntegrationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Apps integration`);
  const companyId = useCompanyId() ?? '';
  const statuses = useServerData(() => fetchIntegrations(companyId), [companyId]);
  const { reload } = statuses;
  const returned = useProviderReturn(reload);
  const providers = statuses.data?.providers ?? [];
  const replace = (next: IntegrationStatus) => {
    statuses.set({
      providers: providers.map((p) => (p.provider === next.provider ? next : p)),
    });
  };
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Apps integration</Trans>
        </Title>
        <Text c="dimmed" mt={4}>
          <Trans>
            Connect your accounting package: its sales invoices become Risiti drafts, ready to check
            and submit to TRA.
          </Trans>
        </Text>
      </div>
      {returned.finishing && (
        <Alert color="blue" data-testid="integration-finishing">
          <Trans>Finishing the connection…</Trans>
        </Alert>
      )}
      {returned.failure && (
        <Alert color="red" role="alert" title={t`The connection was not made`}>
          {returned.failure.message}
        </Alert>
      )}
      <LoadState
        loading={statuses.loading && !statuses.data}
        failure={statuses.failure}
        onRetry={statuses.reload}
      />
      {providers.map((status) => (
        <ProviderCard
          key={status.provider}
          status={status}
          companyId={companyId}
          onChange={replace}
        />
      ))}
    </Stack>
  );
}
