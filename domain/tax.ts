// Tax types of the product (spec §9) and their rates. Special relief is 0% (TRA group D), a
// decision recorded in spec/tra-vfd.md; the 5% reading of some labels is not used.
import type { Message } from './i18n';

export const TAX_TYPES = ['standard', 'zero_rated', 'special_relief', 'exempted'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

/** Rates in basis points (1800 = 18%). */
export const TAX_RATE_BP: Record<TaxType, number> = {
  standard: 1800,
  zero_rated: 0,
  special_relief: 0,
  exempted: 0,
};

export const BP_SCALE = 10_000;

export const taxTypeLabels: Record<TaxType, Message> = {
  standard: /*i18n*/ { id: 'Standard (18%)' },
  zero_rated: /*i18n*/ { id: 'Zero rated (0%)' },
  special_relief: /*i18n*/ { id: 'Special relief (0%)' },
  exempted: /*i18n*/ { id: 'Exempted (0%)' },
};

export function isTaxType(value: unknown): value is TaxType {
  return typeof value === 'string' && (TAX_TYPES as readonly string[]).includes(value);
}

/**
 * Reads a percentage typed by a person ("10", "12.5", "7.25%") as basis points (0–10000).
 * Null when it is not a percentage between 0 and 100 with at most two decimals.
 */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?%?$/.exec(text.trim().replace(/\s/g, ''));
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= BP_SCALE ? bp : null;
}

/** "12.5" from 1250 basis points. */
export function formatPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
