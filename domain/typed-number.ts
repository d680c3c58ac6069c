// A decimal number as people type it on a phone: digits, then a point and decimals. Thousands
// may be grouped in threes with commas or spaces ("12,000", "1 234.50"), one kind per number.
// A comma anywhere else is not read at all: "2,5" may be two and a half written with a decimal
// comma, and dropping the comma would make it twenty-five.

export interface TypedDecimal {
  /** The digits before the point, without grouping. */
  whole: string;
  /** The digits after the point, as typed (may be empty). */
  fraction: string;
}

const DECIMAL = /^(\d{1,3}(?:([, \u00a0])\d{3})(?:\2\d{3})*|\d+)(?:\.(\d*))?$/;

export function readTypedDecimal(text: string): TypedDecimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  return { whole: match[1]!.replace(/[, \u00a0]/g, ''), fraction: match[3] ?? '' };
}

/** "2,5" or "4500,50": a number whose comma can only be a decimal comma. */
export function hasDecimalComma(text: string): boolean {
  const trimmed = text.trim();
  return /^\d+,\d+$/.test(trimmed) && readTypedDecimal(trimmed) === null;
}
