// The product or service form: a name unique in the company, an optional default unit price
// typed as money (read with the domain's parseAmount, never as a float), the tax type and
// whether that price includes VAT. Saves on the phone first, like every record.
import { useEffect } from 'react';
import { Button, Card, Flex, Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { typedPriceProblem } from '../../../domain/record-messages';
import { formatAmount, parseAmount } from '../../../domain/money';
import { productFieldsSchema, type ProductFieldsInput } from '../../../domain/schemas/product';
import { TAX_TYPES, taxTypeLabels } from '../../../domain/tax';
import type { LocalProduct } from '../../db/db';
import { saveProduct } from '../../db/products';
import { RecordValidationError } from '../../db/validation';
import { notifyFailure } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { valibotValidate } from '../../forms/valibot';
import { i18n } from '../../i18n/i18n';

export interface ProductFormValues {
  name: string;
  /** As typed: "1,500" or "1500.50"; empty when the price is set on each invoice. */
  unitPrice: string;
  taxType: string;
  priceIncludesVat: boolean;
}

const valuesOf = (product: LocalProduct | null): ProductFormValues => ({
  name: product?.name ?? '',
  unitPrice: product?.unitPrice == null ? '' : formatAmount(product.unitPrice),
  taxType: product?.taxType ?? 'standard',
  priceIncludesVat: product?.priceIncludesVat ?? true,
});

/** What the form sends to the repository: the price in cents, or null when left empty. */
export function productInput(values: ProductFormValues): ProductFieldsInput {
  const text = values.unitPrice.trim();
  return {
    name: values.name,
    unitPrice: text === '' ? null : (parseAmount(text) ?? -1),
    taxType: values.taxType,
    priceIncludesVat: values.priceIncludesVat,
  };
}

const validateSchema = valibotValidate(productFieldsSchema);

function validateProduct(values: ProductFormValues): Record<string, string> {
  const errors = validateSchema(productInput(values));
  const text = values.unitPrice.trim();
  if (text !== '' && parseAmount(text) === null) errors.unitPrice = i18n._(typedPriceProblem(text));
  return errors;
}

export interface ProductFormProps {
  companyId: string;
  product: LocalProduct | null;
  onSaved(product: LocalProduct): void;
  onCancel(): void;
}

export function ProductForm({ companyId, product, onSaved, onCancel }: ProductFormProps) {
  const { t } = useLingui();
  const form = useForm<ProductFormValues>({
    initialValues: valuesOf(product),
    validate: validateProduct,
  });
  const leave = useLeaveGuard(() => form.isDirty());

  const refusedFields = product?.syncState === 'failed' ? product.syncError?.fields : undefined;
  useEffect(() => {
    if (refusedFields) form.setErrors(refusedFields);
    // Only when the form opens: later edits clear these messages field by field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await saveProduct(companyId, { ...productInput(values), id: product?.id });
      leave.release();
      onSaved(saved);
    } catch (error) {
      if (error instanceof RecordValidationError) {
        const { _: general, ...fields } = error.fields;
        form.setErrors(
          Object.fromEntries(Object.entries(fields).map(([field, id]) => [field, i18n._(id)])),
        );
        if (general) notifyFailure({ code: 'product_refused', message: i18n._(general) });
        return;
      }
      console.error(error);
      notifyFailure({ code: 'product_not_saved', message: t`The product could not be saved.` });
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Name`}
            description={t`As it appears on invoices`}
            autoComplete="off"
            required
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Default unit price`}
              description={t`Optional: leave empty to type the price on each invoice`}
              leftSection="Tsh"
              leftSectionWidth={48}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              {...form.getInputProps('unitPrice')}
              onBlur={() => {
                const amount = parseAmount(form.values.unitPrice);
                if (amount !== null) form.setFieldValue('unitPrice', formatAmount(amount));
                form.validateField('unitPrice');
              }}
            />
            <Select
              label={t`Tax type`}
              required
              allowDeselect={false}
              data={TAX_TYPES.map((value) => ({ value, label: i18n._(taxTypeLabels[value]) }))}
              {...form.getInputProps('taxType')}
            />
          </SimpleGrid>
          <Checkbox
            label={t`The price includes VAT`}
            description={t`Untick when the price is before VAT`}
            {...form.getInputProps('priceIncludesVat', { type: 'checkbox' })}
          />
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                leave.release();
                onCancel();
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting}>
              <Trans>Save</Trans>
            </Button>
          </Flex>
        </Stack>
      </form>
      {leave.dialog}
    </Card>
  );
}
