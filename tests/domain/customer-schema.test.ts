import * as v from 'valibot';
import { mobile9 } from '../../domain/phone';
import { describe, expect, it } from 'vitest';
import {
  customerFieldsSchema,
  identificationKey,
  normalizePhone,
} from '../../domain/schemas/customer';
import { productFieldsSchema, productNameKey } from '../../domain/schemas/product';

const parse = (input: Record<string, unknown>) => v.safeParse(customerFieldsSchema, input);

describe('customer rules', () => {
  it('reads phone numbers the way people write them', () => {
    expect(normalizePhone('0712 345 678')).toBe('712345678');
    expect(normalizePhone('+255-712-345-678')).toBe('712345678');
    expect(normalizePhone('255712345678')).toBe('712345678');
    expect(normalizePhone('712345678')).toBe('712345678');
    expect(normalizePhone('12345')).toBe('12345');
  });

  it('refuses a number a digit short instead of keeping its leading 0', () => {
    // "0754 123 45" was saved as 075412345 and shown as "0075 412 345".
    for (const phone of ['0754 123 45', '075412345', '+255 075 412 345', '0']) {
      const answer = parse({
        name: 'Short Phone',
        identificationType: 'NO_IDENTIFICATION',
        phoneNumber: phone,
      });
      expect(answer.issues?.[0]?.message, phone).toBe('Please enter a valid phone number');
    }
    for (const phone of ['0754 123 45', '075412345', '2550754123456']) {
      expect(mobile9(phone), phone).toBeNull();
    }
    expect(mobile9('0754 123 456')).toBe('754123456');
  });

  it('checks the number against its identification type', () => {
    const tin = parse({
      name: 'A',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '12345678',
    });
    expect(tin.issues?.[0]?.message).toBe('Please enter a correct TIN number');
    const nida = parse({
      name: 'A',
      identificationType: 'NATIONAL_IDENTIFICATION_AUTHORITY',
      identificationNumber: '1'.repeat(19),
    });
    expect(nida.issues?.[0]?.message).toBe('Enter correct NIDA number');
    const voter = parse({
      name: 'A',
      identificationType: 'VOTERS_NUMBER',
      identificationNumber: 'T-1001-2345-678',
    });
    expect(voter.output).toMatchObject({ identificationNumber: 'T10012345678' });
  });

  it('treats blank optional values as not given and drops the number of a walk-in', () => {
    const result = parse({
      name: ' Walk  In ',
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: '123',
      phoneNumber: '  ',
      email: null,
    });
    if (!result.success) throw new Error('expected valid');
    expect(result.output).toEqual({
      name: 'Walk In',
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
      phoneNumber: null,
      email: null,
      vatRegistrationNumber: null,
    });
    expect(identificationKey(result.output)).toBeNull();
  });

  it('keys duplicates by type and number', () => {
    expect(
      identificationKey({ identificationType: 'PASSPORT', identificationNumber: 'AB123456' }),
    ).toBe('PASSPORT:AB123456');
  });
});

describe('product rules', () => {
  it('keeps prices in whole cents and compares names without case or spacing', () => {
    expect(v.is(productFieldsSchema, { name: 'Maji', unitPrice: 100.5, taxType: 'standard' })).toBe(
      false,
    );
    const parsed = v.parse(productFieldsSchema, { name: 'Maji', taxType: 'zero_rated' });
    expect(parsed).toEqual({
      name: 'Maji',
      unitPrice: null,
      taxType: 'zero_rated',
      priceIncludesVat: true,
    });
    expect(productNameKey('  Unga   WA ngano')).toBe(productNameKey('unga wa Ngano'));
  });
});
