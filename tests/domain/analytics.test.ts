import { describe, expect, it } from 'vitest';
import {
  analyticsCurrency,
  analyticsNumber,
  analyticsParams,
  analyticsString,
  analyticsUser,
} from '../../domain/analytics';
import { CURRENCIES, parseRate, toHomeCurrency } from '../../domain/currency';
import { cents } from '../../domain/money';
import type { SessionUser } from '../../domain/roles';

describe('analytics values (spec §7)', () => {
  it('cuts strings at 100 characters without breaking a character', () => {
    expect(analyticsString('Duka la Mama')).toBe('Duka la Mama');
    expect(analyticsString('a'.repeat(150))).toBe('a'.repeat(100));
    const emoji = '🧾'.repeat(120);
    expect(Array.from(analyticsString(emoji))).toHaveLength(100);
    expect(analyticsString(emoji)).toBe('🧾'.repeat(100));
  });

  it('caps numbers at ±999,999,999', () => {
    expect(analyticsNumber(59_000)).toBe(59_000);
    expect(analyticsNumber(1_000_000_000)).toBe(999_999_999);
    expect(analyticsNumber(-5e12)).toBe(-999_999_999);
    expect(analyticsNumber(Number.POSITIVE_INFINITY)).toBe(999_999_999);
    expect(analyticsNumber(Number.NaN)).toBe(0);
  });

  it('accepts 30 currency codes, USD, EUR, GBP, TZS and KES among them, else USD', () => {
    expect(CURRENCIES).toHaveLength(30);
    expect(new Set(CURRENCIES).size).toBe(30);
    for (const code of CURRENCIES) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(CURRENCIES).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'TZS', 'KES']));
    expect(analyticsCurrency('tzs')).toBe('TZS');
    expect(analyticsCurrency('UGX')).toBe('UGX');
    expect(analyticsCurrency('XBT')).toBe('USD');
    expect(analyticsCurrency(undefined)).toBe('USD');
  });

  it('makes event parameters safe to send', () => {
    expect(
      analyticsParams({
        invoice_total: 12_500_000_000,
        customer_name: 'M'.repeat(120),
        currency: 'Shilingi',
        offline: true,
        lines: undefined,
        payload: { secret: 1 },
      }),
    ).toEqual({
      invoice_total: 999_999_999,
      customer_name: 'M'.repeat(100),
      currency: 'USD',
      offline: true,
    });
  });

  it('knows the user by id, type, company and language only', () => {
    const user: SessionUser = {
      id: 'u1',
      username: 'neema',
      firstname: 'Neema',
      lastname: 'Mwakyusa',
      email: 'neema@dukalamama.co.tz',
      mobile: '712345678',
      role: 'operator',
      isAdmin: false,
      user_type: 'operator',
      organization_id: 'o1',
      company_id: 'c1',
      company: { id: 'c1', name: 'Duka la Mama', tin: '101825906', blockedByTra: false },
      language: 'sw',
      changePassword: false,
    };
    expect(analyticsUser(user)).toEqual({
      id: 'u1',
      user_type: 'operator',
      company_id: 'c1',
      language: 'sw',
      isAdmin: false,
    });
  });
});

describe('exchange rates', () => {
  it('reads rates with up to six decimals, above 0', () => {
    expect(parseRate('2,650.50')).toBe(2650.5);
    expect(parseRate(0.000123)).toBe(0.000123);
    expect(parseRate('1')).toBe(1);
    for (const text of ['0', '0.0000001', '-3', '1e3', '', 'abc', '1000001']) {
      expect(parseRate(text), text).toBeNull();
    }
  });

  it('converts to shilling cents, rounding once', () => {
    // USD 12.34 at 2,650.5 = 32,707.17 (32,707.170 exactly).
    expect(toHomeCurrency(cents(1234), 2650.5)).toBe(3_270_717);
    // KES 0.01 at 19.87654 = 0.1987654 TZS: 20 cents.
    expect(toHomeCurrency(cents(1), 19.87654)).toBe(20);
  });
});
