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

/**
 * Plain data (the form's values and messages) compared by what it holds. A React element (a
 * message may be one) is compared as itself: it links to the whole tree that rendered it.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if ('$$typeof' in a || '$$typeof' in b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) =>
    sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * For `memo`: a part of the editor renders again only when what it shows has changed. The form
 * copies all its values at every change, so a key typed in one line would otherwise render
 * every part of the invoice. `shown` lists what the part shows, from its props (the form's
 * values and messages of that render); the form's calls always act on its current values.
 */
export function rendersWhenChanged<Props>(shown: (props: Props) => readonly unknown[]) {
  return (before: Props, after: Props) => sameData(shown(before), shown(after));
}

/** The form's messages whose path starts with `prefix`. */
export function errorsUnder(form: InvoiceForm, prefix: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(form.errors).filter(([path]) => path.startsWith(prefix)),
  );
}
