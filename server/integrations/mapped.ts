// An invoice of an accounting package as Risiti will store it, or why it cannot be.
import { divRound, type Cents } from '../../domain/money';
import type { SkipReason } from '../../domain/integrations';
import type { TaxType } from '../../domain/tax';

export interface MappedLine {
  description: string;
  /** Units, at most 3 decimals. */
  quantity: number;
  unitPrice: Cents;
  taxType: TaxType;
  /** Percent, at most 2 decimals. */
  discountPercent: number;
}

export interface MappedCustomer {
  name: string;
  email: string | null;
  phoneNumber: string | null;
}

export interface ExternalInvoice {
  /** The package's own id, unique within the organisation. */
  externalId: string;
  /** The number people see (Xero InvoiceNumber, QuickBooks DocNumber). */
  number: string;
  updatedAt: Date | null;
  result:
    | {
        ok: true;
        customer: MappedCustomer;
        amountsIncludeTax: boolean;
        lines: MappedLine[];
        reference: string | null;
      }
    | { ok: false; reason: SkipReason };
}

export const skip = (reason: SkipReason) => ({ ok: false as const, reason });

/** Cut to a column's length, on a character boundary. */
export function clip(value: string, max: number): string {
  return [...value].slice(0, max).join('');
}

/**
 * The Risiti tax type of a line whose tax the package computed: 18% of the net is standard VAT
 * (a cent either way for the package's rounding), no tax is zero rated or exempt by the name of
 * the package's tax code, and any other rate is one Risiti cannot show.
 */
export function taxTypeOf(net: Cents, tax: Cents, codeName: string): TaxType | null {
  if (tax === 0) return /exempt|none|non\b|^non$/i.test(codeName) ? 'exempted' : 'zero_rated';
  const expected = Number(divRound(BigInt(net) * 18n, 100n));
  return Math.abs(tax - expected) <= 1 ? 'standard' : null;
}
