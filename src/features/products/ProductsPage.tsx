// The company's products and services: search by name, each with its default price, tax type
// and sync state. Read from the phone's database, so it works offline.
import { useDeferredValue, useMemo, useState } from 'react';
import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatTsh } from '../../../domain/money';
import { taxTypeLabels } from '../../../domain/tax';
import type { LocalProduct } from '../../db/db';
import { useProducts } from '../../db/useProducts';
import { ButtonLink } from '../../app/links';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { rowClasses, VirtualList } from '../../app/VirtualList';
import { useSearchInAddress } from '../../app/useSearchInAddress';
import { productMatcher } from './useProductMatches';
import { RecordSyncBadge } from '../sync/RecordSyncBadge';

const routeApi = getRouteApi('/_app/products/');

function ProductRow({ product }: { product: LocalProduct }) {
  const { t, i18n } = useLingui();
  const price =
    product.unitPrice === null ? t`Price set on each invoice` : formatTsh(product.unitPrice);
  const vat = product.priceIncludesVat ? t`VAT included` : t`VAT excluded`;
  const details = [price, i18n._(taxTypeLabels[product.taxType]), vat].join(' · ');
  return (
    <Link
      to="/products/$productId"
      params={{ productId: product.id }}
      className={rowClasses.row}
      data-testid="product-row"
    >
      <div className={rowClasses.main}>
        <Text fw={600} truncate>
          {product.name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {details}
        </Text>
      </div>
      <RecordSyncBadge state={product.syncState} compact={product.syncState === 'synced'} />
    </Link>
  );
}

export function ProductsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Products and services`);
  const companyId = useCompanyId();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const products = useProducts(companyId);
  const [text, setText] = useState(search.q ?? '');
  const deferredText = useDeferredValue(text);

  useSearchInAddress(text, search.q, (q) => {
    void navigate({ search: { q }, replace: true });
  });

  const filtered = useMemo(
    () => (products ? products.filter(productMatcher(deferredText)) : []),
    [products, deferredText],
  );
  const total = products?.length ?? 0;
  const shownText = i18n.number(filtered.length);
  const totalText = i18n.number(total);

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>Products and services</Trans>
          </Title>
          {products && (
            <Text c="dimmed" size="sm" data-testid="product-count">
              {filtered.length === total
                ? t({
                    message: plural(total, {
                      one: '# product or service',
                      other: '# products and services',
                    }),
                  })
                : t`${shownText} of ${totalText}`}
            </Text>
          )}
        </div>
        <ButtonLink to="/products/new" leftSection={<IconPlus size={18} />}>
          <Trans>New product or service</Trans>
        </ButtonLink>
      </Group>
      <TextInput
        type="search"
        label={t`Search`}
        placeholder={t`Name`}
        leftSection={<IconSearch size={18} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {products === undefined ? null : total === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600}>
            <Trans>No products or services yet</Trans>
          </Text>
          <Text c="dimmed" ta="center">
            <Trans>Save what you sell with its price and tax type, and pick it on invoices.</Trans>
          </Text>
        </Stack>
      ) : filtered.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>No product or service matches this search.</Trans>
        </Text>
      ) : (
        <VirtualList
          items={filtered}
          rowHeight={68}
          getKey={(product) => product.id}
          renderRow={(product) => <ProductRow product={product} />}
          label={t`Products and services`}
        />
      )}
    </Stack>
  );
}
