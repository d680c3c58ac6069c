import { Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { BackLink } from '../../app/BackLink';
import { notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { ProductForm } from './ProductForm';

export function NewProductPage() {
  const { t } = useLingui();
  usePageTitle(t`New product or service`);
  const companyId = useCompanyId();
  const navigate = useNavigate();
  if (!companyId) return null;
  const toList = () => void navigate({ to: '/products' });
  return (
    <Stack gap="md" maw={760}>
      <BackLink to="/products">
        <Trans>Products and services</Trans>
      </BackLink>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>New product or service</Trans>
      </Title>
      <ProductForm
        companyId={companyId}
        product={null}
        onSaved={(product) => {
          const name = product.name;
          notifySuccess(t`${name} is saved.`);
          toList();
        }}
        onCancel={toList}
      />
    </Stack>
  );
}
