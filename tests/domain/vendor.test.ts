import { describe, expect, it } from 'vitest';
import { m } from '../../domain/messages';
import { categoryMessages, expenseCategorySchema } from '../../domain/schemas/expense-category';
import { fieldMessages as fm } from '../../domain/schemas/fields';
import { vendorMessages, vendorSchema } from '../../domain/schemas/vendor';
import { fieldErrors, parsed } from './field-errors';

describe('a vendor (spec §3, §5 Vendor)', () => {
  it('keeps the identifiers in the form TRA prints them', () => {
    expect(
      parsed(vendorSchema, {
        name: 'Mohamed Enterprises',
        tin: '222-222-286',
        vrn: '12-345678-a',
        serial: '10tz107372',
        phone: '0754 123 456',
        address: ' Plot 12, Uhuru Street, Dar es Salaam ',
      }),
    ).toEqual({
      name: 'Mohamed Enterprises',
      tin: '222222286',
      vrn: '12345678A',
      serial: '10TZ107372',
      phone: '0754123456',
      address: 'Plot 12, Uhuru Street, Dar es Salaam',
      active: true,
    });
  });

  it('needs a name and a TIN; the rest may be left blank', () => {
    expect(
      parsed(vendorSchema, { name: 'Mama Ntilie', tin: '101825906', vrn: '', serial: null }),
    ).toMatchObject({
      vrn: null,
      serial: null,
      phone: null,
      address: null,
    });
    expect(fieldErrors(vendorSchema, {})).toEqual({
      name: m.fieldRequired.id,
      tin: m.fieldRequired.id,
    });
    expect(fieldErrors(vendorSchema, { name: '', tin: '' })).toEqual({
      name: vendorMessages.nameLength.id,
      tin: fm.tinInvalid.id,
    });
  });

  it('takes the exact readings: TIN 9 digits, VAT number 9, serial up to 10, phone 9 to 15', () => {
    const vendor = { name: 'Mohamed Enterprises', tin: '101825906' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ tin: '1018259061' }, 'tin', fm.tinInvalid.id],
      [{ tin: '10182590' }, 'tin', fm.tinInvalid.id],
      [{ vrn: '10017937KX' }, 'vrn', fm.vrnInvalid.id],
      [{ vrn: '10017937' }, 'vrn', fm.vrnInvalid.id],
      [{ vrn: '1001793/K' }, 'vrn', fm.vrnInvalid.id],
      [{ serial: '10TZ1002110' }, 'serial', fm.serialInvalid.id],
      [{ serial: '10TZ#1' }, 'serial', fm.serialInvalid.id],
      [{ phone: '75412345' }, 'phone', fm.phoneDigits.id],
      [{ phone: '2557541234567890' }, 'phone', fm.phoneDigits.id],
      [{ phone: '0754-ABC-456' }, 'phone', fm.phoneDigits.id],
      [{ name: 'M' }, 'name', vendorMessages.nameLength.id],
      [{ address: 'x'.repeat(256) }, 'address', fm.textTooLong.id],
    ];
    for (const [change, field, message] of cases) {
      expect(fieldErrors(vendorSchema, { ...vendor, ...change }), JSON.stringify(change)).toEqual({
        [field]: message,
      });
    }
    expect(
      parsed(vendorSchema, { ...vendor, serial: '1', phone: '255754123456789' }),
    ).toMatchObject({
      serial: '1',
      phone: '255754123456789',
    });
  });

  it('can be saved inactive', () => {
    expect(
      parsed(vendorSchema, { name: 'Old Supplier', tin: '101825906', active: false }).active,
    ).toBe(false);
  });
});

describe('an expense category (spec §3)', () => {
  it('has a name, an upper-case code, an optional description and is active by default', () => {
    expect(
      parsed(expenseCategorySchema, { name: ' Fuel ', code: 'fuel-01', description: '' }),
    ).toEqual({
      name: 'Fuel',
      code: 'FUEL-01',
      description: null,
      active: true,
    });
  });

  it('names what is wrong', () => {
    expect(
      fieldErrors(expenseCategorySchema, {
        name: 'F',
        code: 'rent 2026',
        description: 'x'.repeat(501),
        active: 'yes',
      }),
    ).toMatchObject({
      name: categoryMessages.nameLength.id,
      code: categoryMessages.codeInvalid.id,
      description: fm.textTooLong.id,
    });
    expect(fieldErrors(expenseCategorySchema, { name: 'Rent', code: 'R' })).toEqual({
      code: categoryMessages.codeInvalid.id,
    });
    expect(fieldErrors(expenseCategorySchema, { name: 'Rent', code: 'R'.repeat(21) })).toEqual({
      code: categoryMessages.codeInvalid.id,
    });
    expect(
      Object.keys(
        fieldErrors(expenseCategorySchema, { name: 'Rent', code: 'RENT', active: 'yes' }),
      ),
    ).toEqual(['active']);
  });
});
