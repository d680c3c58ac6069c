// The receipts a sales report covers: by operator, product, customer, tax type, payment type and
// status. Products and customers are the company's own on this phone, else those the report
// ranks; operators are those who sold in the period.
import { Select, SimpleGrid } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { invoiceStatusLabels } from '../../../domain/invoice-status';
import {
  REPORT_PAYMENT_TYPES,
  SALE_STATUSES,
  reportPaymentLabels,
  type SalesReport,
} from '../../../domain/sales-report';
import { TAX_TYPES, taxTypeLabels } from '../../../domain/tax';
import { useCustomers } from '../../db/useCustomers';
import { useProducts } from '../../db/useProducts';
import type { SalesSearch } from './search';

type FilterKey = 'operator' | 'product' | 'customer' | 'taxType' | 'payment' | 'status';

function withCurrent(
  options: Array<{ value: string; label: string }>,
  current: string | undefined,
  label: string,
) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [{ value: current, label }, ...options];
}

export function SalesFilters({
  search,
  report,
  phoneCompanyId,
  onChange,
}: {
  search: SalesSearch;
  report: SalesReport | undefined;
  /** The company whose products and customers this phone holds, when it is the one shown. */
  phoneCompanyId: string | null;
  onChange(key: FilterKey, value: string | undefined): void;
}) {
  const { t, i18n } = useLingui();
  const products = useProducts(phoneCompanyId);
  const customers = useCustomers(phoneCompanyId);
  const chosen = t`Chosen`;

  const operatorOptions = withCurrent(
    (report?.operators ?? [])
      .filter((o) => o.operatorId)
      .map((o) => ({ value: o.operatorId!, label: o.name || t`Operator` })),
    search.operator,
    chosen,
  );
  const productOptions = withCurrent(
    phoneCompanyId
      ? (products ?? []).map((p) => ({ value: p.id, label: p.name }))
      : (report?.products ?? [])
          .filter((p) => p.productId)
          .map((p) => ({ value: p.productId!, label: p.name })),
    search.product,
    chosen,
  );
  const customerOptions = withCurrent(
    phoneCompanyId
      ? (customers ?? []).map((c) => ({ value: c.id, label: c.name }))
      : (report?.customers ?? [])
          .filter((c) => c.customerId)
          .map((c) => ({ value: c.customerId!, label: c.name })),
    search.customer,
    chosen,
  );
  const common = {
    clearable: true,
    searchable: true,
    placeholder: t`All`,
    comboboxProps: { withinPortal: true },
  } as const;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="sales-filters">
      <Select
        {...common}
        label={t`Operator`}
        data={operatorOptions}
        value={search.operator ?? null}
        onChange={(value) => onChange('operator', value ?? undefined)}
      />
      <Select
        {...common}
        label={t`Product`}
        data={productOptions}
        value={search.product ?? null}
        onChange={(value) => onChange('product', value ?? undefined)}
        limit={50}
      />
      <Select
        {...common}
        label={t`Customer`}
        data={customerOptions}
        value={search.customer ?? null}
        onChange={(value) => onChange('customer', value ?? undefined)}
        limit={50}
      />
      <Select
        {...common}
        searchable={false}
        label={t`Tax type`}
        data={TAX_TYPES.map((type) => ({ value: type, label: i18n._(taxTypeLabels[type]) }))}
        value={search.taxType ?? null}
        onChange={(value) => onChange('taxType', value ?? undefined)}
      />
      <Select
        {...common}
        searchable={false}
        label={t`Payment type`}
        data={REPORT_PAYMENT_TYPES.map((type) => ({
          value: type,
          label: i18n._(reportPaymentLabels[type]),
        }))}
        value={search.payment ?? null}
        onChange={(value) => onChange('payment', value ?? undefined)}
      />
      <Select
        {...common}
        searchable={false}
        label={t`Status`}
        data={SALE_STATUSES.map((status) => ({
          value: status,
          label: i18n._(invoiceStatusLabels[status]),
        }))}
        value={search.status ?? null}
        onChange={(value) => onChange('status', value ?? undefined)}
      />
    </SimpleGrid>
  );
}
