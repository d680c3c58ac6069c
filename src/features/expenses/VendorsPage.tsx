// The company's vendors (spec §2 /vendors, §3 Vendor): searched by name, TIN, VAT number, serial
// or phone, active or inactive; each opens its form. Vendors read from scanned receipts appear
// here by themselves.
import { useDeferredValue, useState } from 'react';
import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { LocalVendor } from '../../db/db';
import { useVendors } from '../../db/useVendors';
import { Choices } from '../../app/Choices';
import { ButtonLink } from '../../app/links';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { rowClasses, VirtualList } from '../../app/VirtualList';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';

const routeApi = getRouteApi('/_app/vendors/');

function VendorRow({ vendor }: { vendor: LocalVendor }) {
  const { t } = useLingui();
  const details = [`TIN ${vendor.tin}`, vendor.vrn && `VRN ${vendor.vrn}`, vendor.phone]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link
      to="/vendors/$vendorId"
      params={{ vendorId: vendor.id }}
      className={rowClasses.row}
      data-testid="vendor-row"
    >
      <div className={rowClasses.main}>
        <Text fw={600} truncate c={vendor.active ? undefined : 'dimmed'}>
          {vendor.name}
          {!vendor.active && ` · ${t`inactive`}`}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {details}
        </Text>
      </div>
      <RecordSyncBadge state={vendor.syncState} compact={vendor.syncState === 'synced'} />
    </Link>
  );
}

export function VendorsPage() {
  const { t } = useLingui();
  usePageTitle(t`Vendors`);
  const companyId = useCompanyId();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const [text, setText] = useState(search.q ?? '');
  const deferred = useDeferredValue(text);
  const vendors = useVendors(companyId, deferred);
  const shown = (vendors ?? []).filter(
    (vendor) => !search.active || vendor.active === (search.active === 'active'),
  );
  const count = shown.length;
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>Vendors</Trans>
          </Title>
          {vendors && (
            <Text c="dimmed" size="sm">
              {t({ message: plural(count, { one: '# vendor', other: '# vendors' }) })}
            </Text>
          )}
        </div>
        <ButtonLink
          to="/vendors/new"
          leftSection={<IconPlus size={18} />}
          w={{ base: '100%', xs: 'auto' }}
        >
          <Trans>New vendor</Trans>
        </ButtonLink>
      </Group>
      <TextInput
        type="search"
        label={t`Search`}
        placeholder={t`Name, TIN, VAT number, serial or phone`}
        leftSection={<IconSearch size={18} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          const q = event.currentTarget.value.trim() || undefined;
          void navigate({ search: (previous) => ({ ...previous, q }), replace: true });
        }}
      />
      <Choices<'' | 'active' | 'inactive'>
        aria-label={t`Status`}
        value={search.active ?? ''}
        onChange={(value) =>
          void navigate({
            search: (previous) => ({ ...previous, active: value || undefined }),
            replace: true,
          })
        }
        data={[
          { value: '', label: t`All` },
          { value: 'active', label: t`Active` },
          { value: 'inactive', label: t`Inactive` },
        ]}
      />
      {vendors === undefined ? null : count === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {vendors.length === 0 ? (
            <Trans>No vendors yet. They are added when you record an expense, or here.</Trans>
          ) : (
            <Trans>No vendor matches this search.</Trans>
          )}
        </Text>
      ) : (
        <VirtualList
          items={shown}
          rowHeight={68}
          getKey={(vendor) => vendor.id}
          renderRow={(vendor) => <VendorRow vendor={vendor} />}
          label={t`Vendors`}
        />
      )}
    </Stack>
  );
}
