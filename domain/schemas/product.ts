// Products and services (spec §3, issue 4): a name unique within the company, an optional
// default unit price in cents, its tax type and whether that price includes VAT.
import * as v from 'valibot';
import { MAX_CENTS, type Cents } from '../money';
import { m } from '../messages';
import { recordMessages } from '../record-messages';
import { TAX_TYPES } from '../tax';
import { normalizeName } from './customer';
import type { SyncedRecord } from './record';

export const PRODUCT_NAME_MAX = 100;

export const productFieldsSchema = v.object({
  name: v.pipe(
    v.optional(v.string(recordMessages.productNameRequired.id), ''),
    v.transform(normalizeName),
    v.nonEmpty(recordMessages.productNameRequired.id),
    v.maxLength(PRODUCT_NAME_MAX, recordMessages.productNameTooLong.id),
  ),
  /** Integer cents; null when the price is typed on each invoice. */
  unitPrice: v.pipe(
    v.nullish(
      v.pipe(
        v.number(recordMessages.unitPriceInvalid.id),
        v.minValue(0, recordMessages.unitPriceInvalid.id),
        v.maxValue(MAX_CENTS, recordMessages.priceTooLarge.id),
        v.integer(recordMessages.priceWholeCents.id),
      ),
      null,
    ),
    v.transform((value) => (value ?? null) as Cents | null),
  ),
  taxType: v.pipe(
    v.optional(v.string(recordMessages.taxTypeRequired.id), ''),
    v.picklist(TAX_TYPES, recordMessages.taxTypeRequired.id),
  ),
  priceIncludesVat: v.optional(v.boolean(m.fieldInvalid.id), true),
});

export type ProductFields = v.InferOutput<typeof productFieldsSchema>;
export type ProductFieldsInput = v.InferInput<typeof productFieldsSchema>;

export interface Product extends ProductFields, SyncedRecord {}

/** Two products of one company may not share this key: names compared without case or spacing. */
export function productNameKey(name: string): string {
  return normalizeName(name).toLowerCase();
}
