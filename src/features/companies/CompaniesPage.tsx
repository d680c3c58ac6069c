// /companies: the companies an admin reaches (platform admins all, organization admins their
// organization's), with search, each one's VFD state at a glance, and a new company with its
// certificate in one form.
import { useDeferredValue, useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { fetchCompanies, type CertificateOutcome, type Company } from '../../api/admin';
import { usePageTitle } from '../../app/usePageTitle';
import { TinText } from '../admin/fields';
import { LoadState } from '../admin/LoadState';
import { ListMore } from '../admin/ListMore';
import { useServerPages } from '../admin/useServerData';
import classes from '../admin/admin.module.css';
import { CertificateResult } from './CertificateResult';
import { NewCompanyForm } from './NewCompanyForm';
import { FormModal } from '../../app/shell/FormModal';

export function VfdBadge({ company }: { company: Company }) {
  if (company.blockedByTra) {
    return (
      <Badge color="red" variant="light">
        <Trans>Blocked by TRA</Trans>
      </Badge>
    );
  }
  if (company.vfd.status === 'registered') {
    return (
      <Badge color="green" variant="light">
        <Trans>VFD registered</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="orange" variant="light">
      {company.vfd.status === 'inactive' ? (
        <Trans>VFD inactive</Trans>
      ) : (
        <Trans>No certificate</Trans>
      )}
    </Badge>
  );
}

export function CompaniesPage() {
  const { t } = useLingui();
  usePageTitle(t`Companies`);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const companies = useServerPages((offset) => fetchCompanies({ search, offset }), [search]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ company: Company; outcome: CertificateOutcome } | null>(
    null,
  );
  const createdName = created?.company.name ?? '';

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Companies</Trans>
        </Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          <Trans>New company</Trans>
        </Button>
      </Group>
      {created && (
        <Stack gap="xs">
          <Text fw={600}>
            <Trans>{createdName} is created.</Trans>
          </Text>
          <CertificateResult outcome={created.outcome} />
          <Group>
            <Button
              variant="light"
              onClick={() =>
                void navigate({
                  to: '/companies/$companyId',
                  params: { companyId: created.company.id },
                })
              }
            >
              <Trans>Open the company</Trans>
            </Button>
          </Group>
        </Stack>
      )}
      <TextInput
        type="search"
        label={t`Search`}
        placeholder={t`Name, TIN or serial`}
        leftSection={<IconSearch size={18} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <LoadState
        loading={companies.loading && !companies.items}
        failure={companies.failure}
        onRetry={companies.reload}
      />
      {companies.items?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {search ? (
            <Trans>No company matches this search.</Trans>
          ) : (
            <Trans>No company here yet.</Trans>
          )}
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label={t`Companies`}>
        {companies.items?.map((company) => (
          <Link
            key={company.id}
            to="/companies/$companyId"
            params={{ companyId: company.id }}
            className={classes.row}
            role="listitem"
            style={{ color: 'inherit', textDecoration: 'none' }}
            data-testid="company-row"
          >
            <Group justify="space-between" gap="xs">
              <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Text fw={600} truncate>
                  {company.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  <TinText tin={company.tin} /> · {company.serial}
                </Text>
              </div>
              <Stack gap={4} align="flex-end" ml="auto" style={{ flexShrink: 0 }}>
                <VfdBadge company={company} />
                {!company.active && (
                  <Badge color="gray" variant="light">
                    <Trans>Disabled</Trans>
                  </Badge>
                )}
              </Stack>
            </Group>
          </Link>
        ))}
      </Stack>
      <ListMore list={companies} />
      <FormModal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t`New company`}
        size="lg"
      >
        <NewCompanyForm
          onCreated={(company, outcome) => {
            setCreating(false);
            setCreated({ company, outcome });
            companies.reload();
          }}
          onCancel={() => setCreating(false)}
        />
      </FormModal>
    </Stack>
  );
}
