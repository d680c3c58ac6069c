// The list an admin picks the company to work in from: search by name, TIN or serial; a
// disabled company is shown but cannot be picked.
import { useDeferredValue, useState } from 'react';
import { Badge, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSearch } from '@tabler/icons-react';
import { fetchCompanies, type Company } from '../../api/admin';
import type { ActingCompany } from '../../stores/session';
import { TinText } from './fields';
import { LoadState } from './LoadState';
import { ListMore } from './ListMore';
import { useServerPages } from './useServerData';
import classes from './admin.module.css';

export function toActing(company: Company): ActingCompany {
  return {
    id: company.id,
    name: company.name,
    tin: company.tin,
    blockedByTra: company.blockedByTra,
    organizationId: company.organizationId,
  };
}

export function CompanyPicker({
  current,
  onPick,
}: {
  current: string | null;
  onPick(company: Company): void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const companies = useServerPages((offset) => fetchCompanies({ search, offset }), [search]);
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t`Search`}
        placeholder={t`Name, TIN or serial`}
        leftSection={<IconSearch size={18} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      <LoadState
        loading={companies.loading && !companies.items}
        failure={companies.failure}
        onRetry={companies.reload}
      />
      {companies.items?.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          <Trans>No company matches this search.</Trans>
        </Text>
      )}
      <Stack gap={4} role="list" aria-label={t`Companies`}>
        {companies.items?.map((company) => (
          <UnstyledButton
            key={company.id}
            role="listitem"
            className={classes.pickRow}
            data-current={company.id === current || undefined}
            disabled={!company.active}
            onClick={() => onPick(company)}
            data-testid="pick-company"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} truncate>
                  {company.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  <TinText tin={company.tin} /> · {company.serial}
                </Text>
              </div>
              {!company.active && (
                <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                  <Trans>Disabled</Trans>
                </Badge>
              )}
              {company.id === current && (
                <Badge variant="light" style={{ flexShrink: 0 }}>
                  <Trans>Working here</Trans>
                </Badge>
              )}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <ListMore list={companies} />
    </Stack>
  );
}
