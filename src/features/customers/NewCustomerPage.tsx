import { Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { BackLink } from '../../app/BackLink';
import { CustomerForm } from './CustomerForm';

export function NewCustomerPage() {
  const { t } = useLingui();
  usePageTitle(t`New customer`);
  const companyId = useCompanyId();
  const navigate = useNavigate();
  if (!companyId) return null;
  return (
    <Stack gap="md" maw={760}>
      <BackLink to="/customers">
        <Trans>Customers</Trans>
      </BackLink>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>New customer</Trans>
      </Title>
      <CustomerForm
        companyId={companyId}
        customer={null}
        onSaved={(customer) => {
          const name = customer.name;
          notifySuccess(t`${name} is saved.`);
          void navigate({ to: '/customers/$customerId', params: { customerId: customer.id } });
        }}
        onCancel={() => void navigate({ to: '/customers' })}
      />
    </Stack>
  );
}
