// Quantities with up to three decimals (1.5 kg, 0.25 l), held as integer thousandths so that
// quantity × price stays exact.
import { readTypedDecimal } from './typed-number';

declare const quantityBrand: unique symbol;
/** A quantity in thousandths of a unit: 1 unit = 1000. */
export type Quantity = number & { readonly [quantityBrand]: true };

export const QUANTITY_SCALE = 1000;
/** One billion units: more than any shop sells on one line. */
export const MAX_QUANTITY = (1_000_000_000 * QUANTITY_SCALE) as Quantity;

export function quantity(units: number): Quantity {
  const milli = Math.round(units * QUANTITY_SCALE);
  if (!Number.isSafeInteger(milli) || milli <= 0 || milli > MAX_QUANTITY) {
    throw new RangeError(`Not a quantity: ${units}`);
  }
  return milli as Quantity;
}

/** Reads "2", "1.5", "0.125", "1,000". Null when not a positive quantity with at most 3 decimals. */
export function parseQuantity(text: string): Quantity | null {
  const typed = readTypedDecimal(text);
  if (!typed || typed.fraction.length > 3) return null;
  const value = Number(typed.whole) * QUANTITY_SCALE + Number(typed.fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_QUANTITY) return null;
  return value as Quantity;
}

/** "2", "1.5", "0.125": no trailing zeros, as printed on receipts and sent to TRA. */
export function formatQuantity(value: Quantity): string {
  const whole = Math.trunc(value / QUANTITY_SCALE);
  const fraction = String(value % QUANTITY_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
