// Amounts from an accounting service's JSON, read exactly: the decimal as written (a JSON number
// prints back as its shortest exact text), trailing zeros dropped, then the domain's own
// readers, so "12.3400" is 1234 cents and 12.345 is not an amount Risiti can show.
import { parseAmount, type Cents } from '../../domain/money';
import { parseQuantity, type Quantity } from '../../domain/quantity';
import { parsePercent } from '../../domain/tax';

function decimalText(value: unknown): string | null {
  let raw: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    raw = String(value);
  } else if (typeof value === 'string') raw = value.trim();
  else return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${match[1]}.${fraction}` : match[1]!;
}

/** Cents, or null when negative, not a number or finer than a cent. */
export function exactCents(value: unknown): Cents | null {
  const text = decimalText(value);
  return text === null ? null : parseAmount(text);
}

/** Thousandths of a unit, or null when not positive or finer than 3 decimals. */
export function exactQuantity(value: unknown): Quantity | null {
  const text = decimalText(value);
  return text === null ? null : parseQuantity(text);
}

/** Basis points (0–10000), or null when not a percentage with at most 2 decimals. */
export function exactPercentBp(value: unknown): number | null {
  const text = decimalText(value);
  return text === null ? null : parsePercent(text);
}
