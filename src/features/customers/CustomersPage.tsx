// The company's customers (spec §2 /customers): search by name, phone, TIN or email, filters by
// identification type and sync state, each row with its sync state; new, import and export of
// what the filters show. Reads the phone's database, so it works offline.
import { useDeferredValue, useMemo, useState } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { eatDate } from '../../../domain/dates';
import { IDENTIFICATION_TYPES, type IdentificationType } from '../../../domain/schemas/customer';
import type { LocalCustomer, RecordSyncState } from '../../db/db';
import { useCustomerList } from '../../db/useCustomers';
import { downloadText } from '../../app/download';
import { ButtonLink } from '../../app/links';
import { notifyFailure } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { rowClasses, VirtualList } from '../../app/VirtualList';
import { useSearchInAddress } from '../../app/useSearchInAddress';
import { filterCustomers } from './filter';
import { formatPhone } from './format';
import { identificationTypeLabels, identificationTypeShort } from './labels';
import { recordSyncLabels } from '../sync/labels';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { customerCsvWorker } from '../../workers/customer-csv-client';
import { useStillDownloading } from '../../sync/useSyncState';

const routeApi = getRouteApi('/_app/customers/');

export const CUSTOMER_ROW_HEIGHT = 68;

function CustomerRow({ customer }: { customer: LocalCustomer }) {
  const { i18n } = useLingui();
  const identification =
    customer.identificationType === 'NO_IDENTIFICATION'
      ? i18n._(identificationTypeShort.NO_IDENTIFICATION)
      : `${i18n._(identificationTypeShort[customer.identificationType])} ${customer.identificationNumber ?? ''}`;
  const details = [identification, formatPhone(customer.phoneNumber), customer.email]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link
      to="/customers/$customerId"
      params={{ customerId: customer.id }}
      className={rowClasses.row}
      data-testid="customer-row"
    >
      <div className={rowClasses.main}>
        <Text fw={600} truncate>
          {customer.name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {details}
        </Text>
      </div>
      <RecordSyncBadge state={customer.syncState} compact={customer.syncState === 'synced'} />
    </Link>
  );
}

export function CustomersPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Customers`);
  const companyId = useCompanyId();
  const search = routeApi.useSearch();
  const type = (IDENTIFICATION_TYPES as readonly string[]).includes(search.type ?? '')
    ? (search.type as IdentificationType)
    : undefined;
  const navigate = routeApi.useNavigate();
  const list = useCustomerList(companyId);
  const downloading = useStillDownloading(companyId);
  const customers = list?.customers;
  const [text, setText] = useState(search.q ?? '');
  const deferredText = useDeferredValue(text);
  const [exporting, setExporting] = useState(false);

  useSearchInAddress(text, search.q, (q) => {
    void navigate({ search: (previous) => ({ ...previous, q }), replace: true });
  });

  const filtered = useMemo(
    () =>
      customers
        ? filterCustomers(customers, { search: deferredText, type, sync: search.sync })
        : [],
    [customers, deferredText, type, search.sync],
  );

  const setFilter = (change: { type?: IdentificationType; sync?: RecordSyncState }) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await customerCsvWorker().exportCustomers(
        filtered.map((c) => ({
          name: c.name,
          identificationType: c.identificationType,
          identificationNumber: c.identificationNumber,
          phoneNumber: c.phoneNumber,
          email: c.email,
          vatRegistrationNumber: c.vatRegistrationNumber,
        })),
      );
      downloadText(`customers-${eatDate(Date.now())}.csv`, csv);
    } catch (error) {
      console.error(error);
      notifyFailure({ code: 'export_failed', message: t`The export could not be made.` });
    } finally {
      setExporting(false);
    }
  };

  const total = list?.total ?? 0;
  const complete = list?.complete ?? false;
  const shown = filtered.length;
  const narrowed = Boolean(deferredText.trim() || type || search.sync);
  const shownText = i18n.number(shown);
  const totalText = i18n.number(total);
  // Until the whole list is read only the first rows are at hand: the company's count is known
  // (read with them), the count of matches is not yet.
  const count = !complete
    ? narrowed
      ? t`Searching ${totalText} customers…`
      : t({ message: plural(total, { one: '# customer', other: '# customers' }) })
    : shown !== total
      ? t`${shownText} of ${totalText} customers`
      : t({ message: plural(total, { one: '# customer', other: '# customers' }) });

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>Customers</Trans>
          </Title>
          {customers && (
            <Text c="dimmed" size="sm" data-testid="customer-count">
              {count}
            </Text>
          )}
          {downloading && (
            <Text c="blue.8" size="sm" data-testid="customers-downloading">
              <Trans>Customers are still coming from the server.</Trans>
            </Text>
          )}
        </div>
        <Group gap="xs" w={{ base: '100%', xs: 'auto' }}>
          <ButtonLink
            to="/customers/new"
            leftSection={<IconPlus size={18} />}
            w={{ base: '100%', xs: 'auto' }}
          >
            <Trans>New customer</Trans>
          </ButtonLink>
          <ButtonLink
            to="/customers/import"
            variant="default"
            leftSection={<IconUpload size={18} />}
          >
            <Trans>Import</Trans>
          </ButtonLink>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={exportCsv}
            loading={exporting}
            flex={{ base: 1, xs: 'none' }}
            // An export of a list still being downloaded would leave customers out.
            disabled={!shown || !complete || downloading}
          >
            <Trans>Export</Trans>
          </Button>
        </Group>
      </Group>

      <Stack gap="xs">
        <TextInput
          type="search"
          label={t`Search`}
          placeholder={t`Name, phone, TIN or email`}
          leftSection={<IconSearch size={18} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 2 }} spacing="xs">
          <NativeSelect
            label={t`Identification`}
            value={type ?? ''}
            data={[
              { value: '', label: t`All types` },
              ...IDENTIFICATION_TYPES.map((type) => ({
                value: type,
                label: i18n._(identificationTypeLabels[type]),
              })),
            ]}
            onChange={({ currentTarget: { value } }) =>
              setFilter({ type: (value || undefined) as IdentificationType | undefined })
            }
          />
          <NativeSelect
            label={t`Sync state`}
            value={search.sync ?? ''}
            data={[
              { value: '', label: t`All` },
              ...(['synced', 'pending', 'failed'] as const).map((state) => ({
                value: state,
                label: i18n._(recordSyncLabels[state]),
              })),
            ]}
            onChange={({ currentTarget: { value } }) =>
              setFilter({ sync: (value || undefined) as RecordSyncState | undefined })
            }
          />
        </SimpleGrid>
      </Stack>

      {customers === undefined || (total === 0 && downloading) ? null : total === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600}>
            <Trans>No customers yet</Trans>
          </Text>
          <Text c="dimmed" ta="center">
            <Trans>Add your customers one by one, or import them all from a CSV file.</Trans>
          </Text>
        </Stack>
      ) : shown === 0 ? (
        complete && (
          <Text c="dimmed" ta="center" py="xl">
            <Trans>No customer matches this search.</Trans>
          </Text>
        )
      ) : (
        <VirtualList
          items={filtered}
          rowHeight={CUSTOMER_ROW_HEIGHT}
          getKey={(customer) => customer.id}
          renderRow={(customer) => <CustomerRow customer={customer} />}
          label={t`Customers`}
        />
      )}
    </Stack>
  );
}
