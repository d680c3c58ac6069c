// What an operator types on a keypad for a USSD sale: whole shillings, and the caller's number
// in any of the forms gateways send it.
import { describe, expect, it } from 'vitest';
import { mobile9 } from '../../domain/phone';
import { parseUssdAmount, ussdAmountMessages } from '../../domain/ussd';

describe('a USSD amount', () => {
  it('is whole shillings, read as cents', () => {
    expect(parseUssdAmount('11800')).toEqual({ amount: 1_180_000 });
    expect(parseUssdAmount(' 1 ')).toEqual({ amount: 100 });
    expect(parseUssdAmount('5000000000000')).toEqual({ amount: 500_000_000_000_000 });
  });

  it('says what is wrong with anything else', () => {
    for (const text of ['', '12.50', '1,000', '-5', 'abc', '1e3', '٣']) {
      expect(parseUssdAmount(text)).toEqual({ problem: ussdAmountMessages.notWhole });
    }
    expect(parseUssdAmount('0')).toEqual({ problem: ussdAmountMessages.zero });
    expect(parseUssdAmount('5000000000001')).toEqual({ problem: ussdAmountMessages.tooLarge });
    expect(parseUssdAmount('9'.repeat(16))).toEqual({ problem: ussdAmountMessages.tooLarge });
  });
});

describe("a caller's number", () => {
  it('is kept as the nine digits after 255 or 0', () => {
    for (const phone of [
      '+255712345678',
      '255712345678',
      '0712345678',
      '712345678',
      '+255 712 345 678',
    ]) {
      expect(mobile9(phone)).toBe('712345678');
    }
  });

  it('is null when it is not a Tanzanian mobile number', () => {
    for (const phone of ['', '12345', '+254712345678', '07123456789', 'phone']) {
      expect(mobile9(phone)).toBeNull();
    }
  });
});
