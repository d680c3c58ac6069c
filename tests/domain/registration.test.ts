import { describe, expect, it } from 'vitest';
import { m } from '../../domain/messages';
import { fieldMessages } from '../../domain/schemas/fields';
import { registrationMessages, registrationSchema } from '../../domain/schemas/registration';
import { fieldErrors, parsed } from './field-errors';

const registration = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Juma Hamisi',
  email: 'juma@kilimanjarohardware.co.tz',
  phone: '754123456',
  companyName: 'Kilimanjaro Hardware',
  tin: '123-456-789',
  promoCode: '',
  ...overrides,
});

describe('self-registration (spec §5 Registration)', () => {
  it('accepts a business, keeping the TIN as 9 digits and no promo code', () => {
    expect(parsed(registrationSchema, registration())).toEqual({
      fullName: 'Juma Hamisi',
      email: 'juma@kilimanjarohardware.co.tz',
      phone: '754123456',
      companyName: 'Kilimanjaro Hardware',
      tin: '123456789',
      promoCode: null,
    });
  });

  it('takes a promo code of 6 letters or digits, in capitals', () => {
    expect(parsed(registrationSchema, registration({ promoCode: 'risi26' })).promoCode).toBe(
      'RISI26',
    );
    expect(parsed(registrationSchema, registration({ promoCode: undefined })).promoCode).toBeNull();
    for (const promoCode of ['RIS26', 'RISITI7', 'RIS-26']) {
      expect(fieldErrors(registrationSchema, registration({ promoCode })), promoCode).toEqual({
        promoCode: registrationMessages.promoCodeInvalid.id,
      });
    }
  });

  it('names every field that is wrong', () => {
    expect(
      fieldErrors(registrationSchema, {
        fullName: 'Juma',
        email: 'juma@',
        phone: '07541234',
        companyName: 'Duka',
        tin: '12345678',
      }),
    ).toEqual({
      fullName: registrationMessages.fullNameLength.id,
      email: m.emailInvalid.id,
      phone: m.phoneInvalid.id,
      companyName: registrationMessages.companyNameLength.id,
      tin: fieldMessages.tinInvalid.id,
    });
  });

  it('bounds the full name at 50 characters and the TIN at 9 digits', () => {
    expect(fieldErrors(registrationSchema, registration({ fullName: 'J'.repeat(51) }))).toEqual({
      fullName: registrationMessages.fullNameLength.id,
    });
    expect(fieldErrors(registrationSchema, registration({ tin: '1234567890' }))).toEqual({
      tin: fieldMessages.tinInvalid.id,
    });
    expect(fieldErrors(registrationSchema, registration({ tin: '12345678A' }))).toEqual({
      tin: fieldMessages.tinInvalid.id,
    });
  });
});
