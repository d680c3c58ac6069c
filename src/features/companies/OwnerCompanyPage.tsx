// /company: the owner's company — its details, certificate and VFD state. Certificates are
// uploaded by the organization's admin or the platform admin.
import { Alert, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchCompany, fetchVfd } from '../../api/admin';
import { usePageTitle } from '../../app/usePageTitle';
import { useCompanyId } from '../../app/useCompanyId';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { CompanyDetails } from './CompanyDetails';
import { VfdCard } from './VfdCard';

export function OwnerCompanyPage() {
  const { t } = useLingui();
  usePageTitle(t`Company`);
  const companyId = useCompanyId() ?? '';
  const company = useServerData(() => fetchCompany(companyId), [companyId]);
  const vfd = useServerData(() => fetchVfd(companyId), [companyId]);
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {company.data?.name ?? <Trans>Company</Trans>}
      </Title>
      {company.data ? (
        <CompanyDetails company={company.data} />
      ) : (
        <LoadState loading={company.loading} failure={company.failure} onRetry={company.reload} />
      )}
      {vfd.data ? (
        <VfdCard vfd={vfd.data} />
      ) : (
        <LoadState loading={vfd.loading} failure={vfd.failure} onRetry={vfd.reload} />
      )}
      {vfd.data && vfd.data.status !== 'registered' && (
        <Alert color="yellow">
          <Trans>
            Your organization's admin or Risiti uploads the certificate TRA issued for your VFD.
            Until then invoices are saved but not numbered.
          </Trans>
        </Alert>
      )}
    </Stack>
  );
}
