// One line of the invoice: what is sold (a saved product or free text), how many, at what price,
// its tax type and discount, and what the line comes to, as domain/totals computes it. A key
// typed in another line does not render this one.
import { memo } from 'react';
import {
  ActionIcon,
  Card,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconTrash } from '@tabler/icons-react';
import { formatTsh } from '../../../../domain/money';
import { TAX_TYPES, taxTypeLabels, type TaxType } from '../../../../domain/tax';
import type { LineTotals } from '../../../../domain/totals';
import { lineProblem } from '../form';
import {
  errorsUnder,
  lineFromProduct,
  rendersWhenChanged,
  tidyAmount,
  type InvoiceForm,
} from './editor-form';
import { ProductPicker } from '../../products/ProductPicker';

export interface ItemCardProps {
  form: InvoiceForm;
  index: number;
  companyId: string;
  totals: LineTotals | null;
  removable: boolean;
}

const shownByItemCard = ({ form, index, companyId, totals, removable }: ItemCardProps) => [
  index,
  companyId,
  totals,
  removable,
  form.values.items[index],
  form.values.amountsIncludeTax,
  errorsUnder(form, `items.${index}.`),
];

export const ItemCard = memo(function ItemCard({
  form,
  index,
  companyId,
  totals,
  removable,
}: ItemCardProps) {
  const { t, i18n } = useLingui();
  const path = `items.${index}`;
  const item = form.values.items[index]!;
  const description = form.getInputProps(`${path}.description`);
  const productField = [path, 'productId'].join('.');
  const productError = form.errors[productField];
  const number = index + 1;
  const net = totals ? formatTsh(totals.netAmount) : '';
  const vat = totals ? formatTsh(totals.taxAmount) : '';
  const problem = totals ? null : lineProblem(item);

  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="invoice-item">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ProductPicker
            companyId={companyId}
            label={t`Item ${number}`}
            placeholder={t`Product or description: type to find a saved product`}
            required
            maxLength={255}
            style={{ flex: 1 }}
            value={item.description}
            error={description.error ?? productError}
            onChange={(text) => {
              form.setFieldValue(`${path}.description`, text);
              // Typing something else makes it a free description, no longer the product.
              if (item.productId) form.setFieldValue(productField, null);
            }}
            onPick={(product) => {
              form.setFieldValue(
                path,
                lineFromProduct(item, product, form.values.amountsIncludeTax),
              );
              form.clearFieldError(productField);
              form.clearFieldError(`${path}.description`);
            }}
          />
          {removable && (
            <Tooltip label={t`Remove item ${number}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={30}
                aria-label={t`Remove item ${number}`}
                onClick={() => form.removeListItem('items', index)}
              >
                <IconTrash size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Grid gap="xs">
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput
              label={t`Quantity`}
              inputMode="decimal"
              required
              {...form.getInputProps(`${path}.quantity`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t`Unit price`}
              inputMode="decimal"
              required
              leftSection={<Text size="xs">Tsh</Text>}
              {...form.getInputProps(`${path}.unitPrice`)}
              onBlur={(event) => {
                form.setFieldValue(`${path}.unitPrice`, tidyAmount(event.currentTarget.value));
                form.getInputProps(`${path}.unitPrice`).onBlur?.(event);
              }}
            />
          </Grid.Col>
          {/* Wide enough for "Unafuu maalum (0%)" beside the totals on a desktop. */}
          <Grid.Col span={{ base: 12, xs: 8, sm: 5 }}>
            <Select
              label={t`Tax type`}
              data={TAX_TYPES.map((type) => ({ value: type, label: i18n._(taxTypeLabels[type]) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps(`${path}.taxType`)}
              onChange={(value) => value && form.setFieldValue(`${path}.taxType`, value as TaxType)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, xs: 4, sm: 2 }}>
            <TextInput
              label={t`Discount`}
              inputMode="decimal"
              placeholder="0"
              rightSection={<Text size="xs">%</Text>}
              {...form.getInputProps(`${path}.discountPercent`)}
            />
          </Grid.Col>
        </Grid>
        <Group justify="space-between" gap="xs" wrap="wrap" data-testid="item-totals">
          <Text size="sm" c={problem ? 'red.8' : 'dimmed'} data-testid="item-hint">
            {totals ? (
              <Trans>
                Net {net} · VAT {vat}
              </Trans>
            ) : problem ? (
              i18n._(problem)
            ) : (
              <Trans>Enter the quantity and price</Trans>
            )}
          </Text>
          {totals && (
            <Text size="sm" fw={700} data-testid="item-amount">
              {formatTsh(totals.amount)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}, rendersWhenChanged(shownByItemCard));
