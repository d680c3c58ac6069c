import { Alert, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCustomer } from '../../db/useCustomer';
import { BackLink } from '../../app/BackLink';
import { notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { CustomerForm } from './CustomerForm';
import { CustomerNotFound } from './CustomerNotFound';

const routeApi = getRouteApi('/_app/customers/$customerId/edit');

export function EditCustomerPage() {
  const { t } = useLingui();
  usePageTitle(t`Edit customer`);
  const { customerId } = routeApi.useParams();
  const companyId = useCompanyId();
  const customer = useCustomer(companyId, customerId);
  const navigate = useNavigate();
  if (!companyId || customer === undefined) return null;
  if (customer === null) return <CustomerNotFound />;
  const toDetails = () =>
    void navigate({ to: '/customers/$customerId', params: { customerId: customer.id } });
  return (
    <Stack gap="md" maw={760}>
      <BackLink to="/customers/$customerId" params={{ customerId }}>
        {customer.name}
      </BackLink>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Edit customer</Trans>
      </Title>
      {customer.syncState === 'failed' && customer.syncError && (
        <Alert color="red" title={t`The server did not accept this customer`} role="alert">
          {customer.syncError.message}
        </Alert>
      )}
      <CustomerForm
        key={customer.id}
        companyId={companyId}
        customer={customer}
        onSaved={(saved) => {
          const name = saved.name;
          notifySuccess(t`${name} is saved.`);
          toDetails();
        }}
        onCancel={toDetails}
      />
    </Stack>
  );
}
