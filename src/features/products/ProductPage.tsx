// One product or service: edit it, see where it stands with the server, delete it.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconTrash } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { errorMessages } from '../../../domain/errors';
import type { LocalProduct } from '../../db/db';
import { formatTsh } from '../../../domain/money';
import type { Product } from '../../../domain/schemas/product';
import { taxTypeLabels } from '../../../domain/tax';
import { conflictOf } from '../../db/record-changes';
import {
  deleteProduct,
  keepRefusedProduct,
  productChanges,
  settleProductChange,
} from '../../db/products';
import { useProduct } from '../../db/useProduct';
import { BackLink } from '../../app/BackLink';
import { ButtonLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { compareFields, RecordConflict, useSettledCount } from '../sync/RecordConflict';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';
import { ProductForm } from './ProductForm';

const routeApi = getRouteApi('/_app/products/$productId');

function DeleteProduct({ companyId, product }: { companyId: string; product: LocalProduct }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = product.name;
  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteProduct(companyId, product.id);
      notifySuccess(t`${name} is deleted.`);
      await navigate({ to: '/products' });
    } finally {
      setDeleting(false);
    }
  };
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} />}
        onClick={() => setOpened(true)}
      >
        <Trans>Delete</Trans>
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Delete this product?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="md">
          <Text>
            <Trans>
              {name} is removed from this phone now, and from the server as soon as it is reached.
              Invoices already written keep their lines.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button color="red" onClick={confirm} loading={deleting}>
              <Trans>Delete the product</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export function ProductPage() {
  const { t, i18n } = useLingui();
  const { productId } = routeApi.useParams();
  const companyId = useCompanyId();
  const product = useProduct(companyId, productId);
  const navigate = useNavigate();
  const conflict = product ? conflictOf(productChanges, product) : null;
  // Once a change both devices made is settled, the form starts again from the record as settled.
  const settled = useSettledCount(conflict !== null);
  usePageTitle(product?.name ?? t`Product`);
  if (!companyId || product === undefined) return null;
  if (product === null) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={1} fz="h2">
          {i18n._(errorMessages.product_not_found)}
        </Title>
        <Text c="dimmed">
          <Trans>It may have been deleted, on this phone or by someone else.</Trans>
        </Text>
        <div>
          <ButtonLink to="/products" variant="light">
            <Trans>All products and services</Trans>
          </ButtonLink>
        </div>
      </Stack>
    );
  }
  const toList = () => void navigate({ to: '/products' });
  const shownFields = (p: Product) => ({
    name: { label: t`Name`, value: p.name },
    unitPrice: {
      label: t`Default unit price`,
      value: p.unitPrice === null ? null : formatTsh(p.unitPrice),
    },
    taxType: { label: t`Tax type`, value: i18n._(taxTypeLabels[p.taxType]) },
    priceIncludesVat: {
      label: t`The price includes VAT`,
      value: p.priceIncludesVat ? t`Yes` : t`No`,
    },
  });
  return (
    <Stack gap="md" maw={760}>
      <BackLink to="/products">
        <Trans>Products and services</Trans>
      </BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Title>
          <Group gap="xs">
            <RecordSyncBadge state={product.syncState} />
          </Group>
        </Stack>
        <DeleteProduct companyId={companyId} product={product} />
      </Group>
      {conflict && (
        <RecordConflict
          fields={compareFields(
            shownFields(product),
            shownFields(conflict.theirs),
            conflict.fields,
          )}
          onChoose={(choice) => settleProductChange(companyId, product.id, choice)}
        />
      )}
      {!conflict && product.syncState === 'failed' && product.syncError && (
        <Alert color="red" role="alert" title={t`The server did not accept this change`}>
          <Stack gap="xs">
            <Text size="sm">{product.syncError.message}</Text>
            {product.syncError.code === 'product_in_use' && (
              <Group>
                <Button
                  size="compact-sm"
                  variant="white"
                  color="red"
                  onClick={() => void keepRefusedProduct(companyId, product.id)}
                >
                  <Trans>Keep it</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <ProductForm
        key={`${product.id}:${settled}`}
        companyId={companyId}
        product={product}
        onSaved={(saved) => {
          const name = saved.name;
          notifySuccess(t`${name} is saved.`);
          toList();
        }}
        onCancel={toList}
      />
    </Stack>
  );
}
