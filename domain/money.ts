// Money as an integer number of cents (Tanzanian shillings × 100). Never a float: amounts are
// parsed from text, added as integers, and turned back into text with exactly two decimals.
import { readTypedDecimal } from './typed-number';

declare const centsBrand: unique symbol;
/** An exact amount in cents. Build with `cents()` or `parseAmount()`, never by casting a float. */
export type Cents = number & { readonly [centsBrand]: true };

/** Largest amount accepted anywhere: 10 trillion shillings, far inside the exact range of a double. */
export const MAX_CENTS = 1_000_000_000_000_000 as Cents;

export const ZERO = 0 as Cents;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_CENTS;
}

/** Brands an integer as cents; throws on a fraction or an out-of-range value. */
export function cents(value: number | bigint): Cents {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (!isCents(n)) throw new RangeError(`Not an amount in cents: ${String(value)}`);
  return n;
}

export function add(a: Cents, b: Cents): Cents {
  return cents(a + b);
}

export function subtract(a: Cents, b: Cents): Cents {
  return cents(a - b);
}

export function sum(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return cents(total);
}

/**
 * Reads an amount typed by a person or found in a file: "1234", "1,234.5", "1 234.50",
 * "Tsh 1,234.50". At most two decimals; no sign. Returns null when it is not an amount.
 */
export function parseAmount(text: string): Cents | null {
  const value = typedCents(text);
  if (value === null || value > BigInt(MAX_CENTS)) return null;
  return cents(value);
}

/** An amount typed as parseAmount reads it that is well written but above MAX_CENTS. */
export function amountTooLarge(text: string): boolean {
  const value = typedCents(text);
  return value !== null && value > BigInt(MAX_CENTS);
}

function typedCents(text: string): bigint | null {
  const typed = readTypedDecimal(text.trim().replace(/^(tsh|tzs)\.?\s*/i, ''));
  if (!typed || typed.fraction.length > 2) return null;
  return BigInt(typed.whole) * 100n + BigInt(typed.fraction.padEnd(2, '0'));
}

/** "1234.50": the form TRA's XML and CSV exports use (no grouping, always two decimals). */
export function toDecimalString(amount: Cents): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** "1,234.50" for people: thousands grouped with commas, two decimals. */
export function formatAmount(amount: Cents): string {
  const [whole = '0', fraction = '00'] = toDecimalString(amount).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${groupThousands(digits)}.${fraction}`;
}

/**
 * "1234567" → "1,234,567": commas between thousands, without Intl, whose first number format
 * costs some 70 ms of a phone's main thread as it loads the locale data.
 */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "Tsh 1,234.50", the product's currency label (spec §9). */
export function formatTsh(amount: Cents): string {
  return `Tsh ${formatAmount(amount)}`;
}

/**
 * Integer division rounding half away from zero: the one rounding rule of the product, used
 * wherever an exact value must become whole cents.
 */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}
