// /potential-clients: registration requests, newest first. The platform admin sets a business up
// from one (organization, company and owner in one form) or sets it aside.
import { useDeferredValue, useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { WARNING_TEXT } from '../../app/theme';
import { isLocale } from '../../../domain/i18n';
import {
  dismissPotentialClient,
  fetchPotentialClients,
  type PotentialClient,
} from '../../api/admin';
import { readFailure } from '../../api/errors';
import { formatDateTime } from '../../app/dates';
import { ButtonLink } from '../../app/links';
import { notifyFailure } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { TinText } from '../admin/fields';
import { FilterControl } from '../admin/FilterControl';
import { LoadState } from '../admin/LoadState';
import { ListMore } from '../admin/ListMore';
import { useServerPages } from '../admin/useServerData';
import classes from '../admin/admin.module.css';
import { ConfirmDialog } from '../invoices/ConfirmDialog';

type Filter = PotentialClient['status'] | 'all';

export function PotentialClientsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Potential clients`);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const [status, setStatus] = useState<Filter>('new');
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const requests = useServerPages(
    (offset) => fetchPotentialClients({ status: status === 'all' ? '' : status, search, offset }),
    [status, search],
  );
  const [dismissing, setDismissing] = useState<PotentialClient | null>(null);
  const [busy, setBusy] = useState(false);
  const dismissName = dismissing?.companyName ?? '';
  const statusLabel = {
    new: t`New`,
    converted: t`Set up`,
    dismissed: t`Set aside`,
  };

  const dismiss = async () => {
    if (!dismissing) return;
    setBusy(true);
    try {
      await dismissPotentialClient(dismissing.id);
      setDismissing(null);
      requests.reload();
    } catch (error) {
      notifyFailure(await readFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Potential clients</Trans>
        </Title>
        <ButtonLink to="/new-potential-client" leftSection={<IconPlus size={18} />} variant="light">
          <Trans>New potential client</Trans>
        </ButtonLink>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t`Search`}
          placeholder={t`Name, company, email, phone or TIN`}
          leftSection={<IconSearch size={18} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <FilterControl<Filter>
          value={status}
          onChange={setStatus}
          aria-label={t`Status`}
          data={[
            { value: 'new', label: statusLabel.new },
            { value: 'converted', label: statusLabel.converted },
            { value: 'dismissed', label: statusLabel.dismissed },
            { value: 'all', label: t`All` },
          ]}
        />
      </Group>
      <LoadState
        loading={requests.loading && !requests.items}
        failure={requests.failure}
        onRetry={requests.reload}
      />
      {requests.items?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>No registration request here.</Trans>
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label={t`Potential clients`}>
        {requests.items?.map((request) => (
          <div key={request.id} className={classes.row} role="listitem" data-testid="request-row">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {request.companyName}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {request.fullName} · {request.email} · +255 {request.phone}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <TinText tin={request.tin} />
                    {request.promoCode && ` · ${request.promoCode}`} ·{' '}
                    {formatDateTime(new Date(request.createdAt), locale)}
                  </Text>
                </div>
                <Badge
                  variant="light"
                  color={request.status === 'new' ? 'blue' : 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {statusLabel[request.status]}
                </Badge>
              </Group>
              {request.emailRegistered && request.status === 'new' && (
                <Text size="sm" c={WARNING_TEXT}>
                  <Trans>The email is already registered! Use another email for the owner.</Trans>
                </Text>
              )}
              {request.status === 'new' && (
                <Group gap="xs">
                  <ButtonLink
                    size="sm"
                    to="/potential-clients/$requestId"
                    params={{ requestId: request.id }}
                    data-testid="set-up"
                  >
                    <Trans>Set up this business</Trans>
                  </ButtonLink>
                  <Button
                    size="sm"
                    variant="subtle"
                    color="gray"
                    onClick={() => setDismissing(request)}
                  >
                    <Trans>Set aside</Trans>
                  </Button>
                </Group>
              )}
              {request.status === 'converted' && request.companyId && (
                <ButtonLink
                  size="sm"
                  variant="light"
                  to="/companies/$companyId"
                  params={{ companyId: request.companyId }}
                  style={{ alignSelf: 'flex-start' }}
                >
                  <Trans>Open the company</Trans>
                </ButtonLink>
              )}
            </Stack>
          </div>
        ))}
      </Stack>
      <ListMore list={requests} />
      <ConfirmDialog
        opened={dismissing !== null}
        title={t`Set aside the request of ${dismissName}?`}
        confirmLabel={t`Set aside`}
        busy={busy}
        onConfirm={() => void dismiss()}
        onClose={() => setDismissing(null)}
      >
        <Trans>It stays in the list under "Set aside"; nothing is sent to the applicant.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
