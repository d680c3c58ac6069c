// Small formatting rules shared by receipts, invoices and the editor.
import { QUANTITY_SCALE, formatQuantity, type Quantity } from '../../../../domain/quantity';
import { TRA_TAX_GROUP } from '../../../../domain/tra';
import type { TaxType } from '../../../../domain/tax';

/** "1.5" for 1.5 units, as printed on receipts and sent to TRA. */
export function formatUnits(units: number): string {
  return formatQuantity(Math.round(units * QUANTITY_SCALE) as Quantity);
}

/** TRA's tax group letter of a line (A 18%, C zero rated, D special relief, E exempted). */
export function taxGroup(taxType: TaxType): string {
  return TRA_TAX_GROUP[taxType];
}
