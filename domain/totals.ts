// Invoice line and totals math, the same code on the phone and on the server.
//
// Each line's exact value is computed with integers (quantity in thousandths × price in cents
// × rates in basis points) and rounded once. Tax is then computed per tax group, not per line,
// and shared back over the group's lines by largest remainder, so that:
//   - the line amounts (tax included; TRA's AMT) add up to the invoice total exactly,
//   - in every tax group, net + VAT = gross exactly, and the lines add up to the group,
//   - no cent appears or vanishes through rounding.
// Discounts are percentages applied to the tax-exclusive value (spec §3).
import { cents, divRound, type Cents } from './money';
import type { Quantity } from './quantity';
import { BP_SCALE, TAX_RATE_BP, TAX_TYPES, type TaxType } from './tax';

export interface LineInput {
  quantity: Quantity;
  /** Unit price as entered: including VAT when the invoice's amounts include tax, else excluding. */
  unitPrice: Cents;
  taxType: TaxType;
  /** Discount in basis points of the tax-exclusive value (1000 = 10%). */
  discountBp: number;
}

export interface LineTotals {
  /** Discount given on this line, excluding tax. */
  discount: Cents;
  /** Value after discount, excluding tax. */
  netAmount: Cents;
  taxAmount: Cents;
  /** Value after discount, including tax: what the customer pays for the line (TRA AMT). */
  amount: Cents;
}

export interface TaxGroupTotals {
  taxType: TaxType;
  rateBp: number;
  netAmount: Cents;
  taxAmount: Cents;
  grossAmount: Cents;
}

export interface InvoiceTotals {
  lines: LineTotals[];
  /** One entry per tax type present on the invoice, in TAX_TYPES order. */
  groups: TaxGroupTotals[];
  totalDiscount: Cents;
  /** Value before discount, excluding tax: totalExcludingTax + totalDiscount. */
  subTotal: Cents;
  totalExcludingTax: Cents;
  taxAmount: Cents;
  /** Same as taxAmount; the spec names both. */
  totalVat: Cents;
  totalIncludingTax: Cents;
  /** Same as totalIncludingTax: what the customer owes. */
  totalInvoice: Cents;
}

const BP = BigInt(BP_SCALE);
const QTY = 1000n;

function checkLine(line: LineInput): void {
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
    throw new RangeError('Line quantity must be positive');
  }
  if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
    throw new RangeError('Line unit price must not be negative');
  }
  if (!Number.isInteger(line.discountBp) || line.discountBp < 0 || line.discountBp > BP_SCALE) {
    throw new RangeError('Line discount must be between 0 and 100%');
  }
}

/**
 * Splits `total` into parts proportional to `weights`, each part whole, the parts adding up to
 * `total` exactly. Remaining units go to the largest fractional remainders (earlier lines win
 * ties), so the split is deterministic.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) {
    const parts = weights.map(() => 0n);
    if (parts.length > 0) parts[0] = total;
    return parts;
  }
  const parts = weights.map((w) => (total * w) / weightSum);
  const remainders = weights.map((w, index) => ({ index, rest: (total * w) % weightSum }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts;
}

export function computeTotals(
  lines: readonly LineInput[],
  amountsIncludeTax: boolean,
): InvoiceTotals {
  lines.forEach(checkLine);
  const n = lines.length;
  const discount: bigint[] = new Array<bigint>(n).fill(0n);
  const net: bigint[] = new Array<bigint>(n).fill(0n);
  const tax: bigint[] = new Array<bigint>(n).fill(0n);
  const amount: bigint[] = new Array<bigint>(n).fill(0n);

  // First, each line's primary value: net (exclusive prices) or amount (inclusive prices).
  lines.forEach((line, i) => {
    const value = BigInt(line.quantity) * BigInt(line.unitPrice); // cents × 1000
    const kept = BP - BigInt(line.discountBp);
    const rate = BigInt(TAX_RATE_BP[line.taxType]);
    const base = divRound(value, QTY);
    const afterDiscount = divRound(value * kept, QTY * BP);
    if (amountsIncludeTax) {
      amount[i] = afterDiscount;
      discount[i] = divRound((base - afterDiscount) * BP, BP + rate);
    } else {
      net[i] = afterDiscount;
      discount[i] = base - afterDiscount;
    }
  });

  // Then tax per group, shared back over the group's lines.
  const groups: TaxGroupTotals[] = [];
  for (const taxType of TAX_TYPES) {
    const members = lines.flatMap((line, i) => (line.taxType === taxType ? [i] : []));
    if (members.length === 0) continue;
    const rate = BigInt(TAX_RATE_BP[taxType]);
    let groupNet: bigint;
    let groupTax: bigint;
    if (amountsIncludeTax) {
      const gross = members.reduce((s, i) => s + amount[i]!, 0n);
      groupTax = divRound(gross * rate, BP + rate);
      groupNet = gross - groupTax;
      const shares = allocate(
        groupTax,
        members.map((i) => amount[i]!),
      );
      members.forEach((i, k) => {
        tax[i] = shares[k]!;
        net[i] = amount[i]! - shares[k]!;
      });
    } else {
      groupNet = members.reduce((s, i) => s + net[i]!, 0n);
      groupTax = divRound(groupNet * rate, BP);
      const shares = allocate(
        groupTax,
        members.map((i) => net[i]!),
      );
      members.forEach((i, k) => {
        tax[i] = shares[k]!;
        amount[i] = net[i]! + shares[k]!;
      });
    }
    groups.push({
      taxType,
      rateBp: TAX_RATE_BP[taxType],
      netAmount: cents(groupNet),
      taxAmount: cents(groupTax),
      grossAmount: cents(groupNet + groupTax),
    });
  }

  const total = (values: bigint[]) => cents(values.reduce((a, b) => a + b, 0n));
  const totalExcludingTax = total(net);
  const taxAmount = total(tax);
  const totalIncludingTax = total(amount);
  const totalDiscount = total(discount);
  return {
    lines: lines.map((_, i) => ({
      discount: cents(discount[i]!),
      netAmount: cents(net[i]!),
      taxAmount: cents(tax[i]!),
      amount: cents(amount[i]!),
    })),
    groups,
    totalDiscount,
    subTotal: cents(totalExcludingTax + totalDiscount),
    totalExcludingTax,
    taxAmount,
    totalVat: taxAmount,
    totalIncludingTax,
    totalInvoice: totalIncludingTax,
  };
}

/** A unit price excluding VAT turned into one including it (rounded to the cent). */
export function toInclusivePrice(price: Cents, taxType: TaxType): Cents {
  const rate = BigInt(TAX_RATE_BP[taxType]);
  return cents(divRound(BigInt(price) * (BP + rate), BP));
}

/**
 * A unit price including VAT turned into one excluding it. For any exclusive price p,
 * toExclusivePrice(toInclusivePrice(p)) === p: rounding never drifts a price the user typed.
 */
export function toExclusivePrice(price: Cents, taxType: TaxType): Cents {
  const rate = BigInt(TAX_RATE_BP[taxType]);
  return cents(divRound(BigInt(price) * BP, BP + rate));
}
