// Currencies a Tanzanian business meets: the shilling, its East African neighbours, and the
// currencies of its main trading partners. Expenses may be in any of them; analytics accepts
// exactly these and reports anything else as USD (spec §7).
import { cents, divRound, type Cents } from './money';
import { readTypedDecimal } from './typed-number';

export const CURRENCIES = [
  // Tanzania and the East African Community
  'TZS',
  'KES',
  'UGX',
  'RWF',
  'BIF',
  'SSP',
  'CDF',
  'SOS',
  // Other neighbours and the region
  'ETB',
  'DJF',
  'MWK',
  'ZMW',
  'MZN',
  'ZAR',
  'NGN',
  'EGP',
  // Trading partners
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CNY',
  'INR',
  'JPY',
  'AED',
  'SAR',
  'OMR',
  'QAR',
  'KWD',
  'CAD',
  'AUD',
] as const;
export type Currency = (typeof CURRENCIES)[number];

export const HOME_CURRENCY: Currency = 'TZS';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Exchange rates keep six decimals: 2650.123456 TZS per unit is held as 2650123456. */
export const RATE_SCALE = 1_000_000;
/** No currency is worth a million shillings; a larger rate is a typing mistake. */
export const MAX_RATE = 1_000_000;

/**
 * Reads an exchange rate (shillings per unit of the currency) typed by a person ("2,650.50")
 * or given as a number. Null unless it is greater than 0, at most MAX_RATE, with at most
 * six decimals.
 */
export function parseRate(input: string | number): number | null {
  const typed = readTypedDecimal(typeof input === 'number' ? String(input) : input);
  if (!typed || typed.fraction.length > 6) return null;
  const scaled = Number(typed.whole) * RATE_SCALE + Number(typed.fraction.padEnd(6, '0'));
  if (!Number.isSafeInteger(scaled) || scaled <= 0 || scaled > MAX_RATE * RATE_SCALE) return null;
  return scaled / RATE_SCALE;
}

/** An amount in another currency converted to shilling cents at `rate`, rounded once. */
export function toHomeCurrency(amount: Cents, rate: number): Cents {
  const scaledRate = Math.round(rate * RATE_SCALE);
  return cents(divRound(BigInt(amount) * BigInt(scaledRate), BigInt(RATE_SCALE)));
}
