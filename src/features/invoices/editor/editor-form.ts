// The Mantine form of the invoice editor and what its parts share.
import type { UseFormReturnType } from '@mantine/form';
import { parseAmount, formatAmount } from '../../../../domain/money';
import { toExclusivePrice, toInclusivePrice } from '../../../../domain/totals';
import type { LocalProduct } from '../../../db/db';
import type { InvoiceFormValues, ItemValues } from '../form';

export type InvoiceForm = UseFormReturnType<InvoiceFormValues>;

/** "1500" becomes "1,500.00" when the field is left; text that is not an amount stays as typed. */
export function tidyAmount(text: string): string {
  const amount = parseAmount(text);
  return amount === null ? text : formatAmount(amount);
}

/**
 * A line filled from a saved product: its name, tax type and price, the price turned into the
 * invoice's way of writing amounts (with or without VAT) when the product's differs.
 */
export function lineFromProduct(
  item: ItemValues,
  product: LocalProduct,
  amountsIncludeTax: boolean,
): ItemValues {
  let unitPrice = item.unitPrice;
  if (product.unitPrice !== null) {
    const price =
      product.priceIncludesVat === amountsIncludeTax
        ? product.unitPrice
        : amountsIncludeTax
          ? toInclusivePrice(product.unitPrice, product.taxType)
          : toExclusivePrice(product.unitPrice, product.taxType);
    unitPrice = formatAmount(price);
  }
  return {
    ...item,
    productId: product.id,
    description: product.name,
    taxType: product.taxType,
    unitPrice,
  };
}
