// The three-way merge of a change refused because another device changed the record first:
// what one side changed alone is taken from it, and only a field both changed differently is
// left to the user.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerChanges } from '../../src/db/customers';
import { expenseChanges } from '../../src/db/expenses';
import { mergeChanges, type Fields } from '../../src/db/record-changes';

const base: Fields = {
  name: 'Mama Ntilie',
  identificationType: 'TAX_IDENTIFICATION_NUMBER',
  identificationNumber: '123456789',
  phoneNumber: '712345678',
  email: null,
  vatRegistrationNumber: null,
};

describe('merging two devices’ changes of a customer', () => {
  it('takes each field from the side that changed it, and names only those both changed', () => {
    const mine = { ...base, phoneNumber: '722000333', email: 'mama@example.co.tz' };
    const theirs = { ...base, name: 'Mama Ntilie Shop', phoneNumber: '755000111' };
    const merge = mergeChanges(customerChanges, base, mine, theirs, 'mine');
    expect(merge).toEqual({
      fields: { ...base, name: 'Mama Ntilie Shop', phoneNumber: '722000333', email: mine.email },
      conflicts: ['phoneNumber'],
    });
    expect(mergeChanges(customerChanges, base, mine, theirs, 'theirs').fields).toMatchObject({
      phoneNumber: '755000111',
      email: mine.email,
    });
  });

  it('keeps an identification’s type and number together', () => {
    const mine = { ...base, identificationNumber: '987654321' };
    const theirs = {
      ...base,
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
    };
    const merge = mergeChanges(customerChanges, base, mine, theirs, 'theirs');
    expect(merge.conflicts).toEqual(['identificationType', 'identificationNumber']);
    expect(merge.fields).toMatchObject({
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
    });
  });

  it('treats every difference as both sides’ when the base is not known', () => {
    const mine = { ...base, email: 'mama@example.co.tz' };
    const theirs = { ...base, name: 'Mama Ntilie Shop' };
    expect(mergeChanges(customerChanges, undefined, mine, theirs, 'mine').conflicts).toEqual([
      'name',
      'email',
    ]);
  });

  it('never loses a change only one side made, and asks only where both differ', () => {
    const value = fc.constantFrom<string | null>(null, 'a', 'b', 'c');
    const record = fc.record({
      name: fc.constantFrom('Asha', 'Baraka', 'Neema'),
      phoneNumber: value,
      email: value,
      vatRegistrationNumber: value,
    });
    fc.assert(
      fc.property(record, record, record, fc.boolean(), (b, mine, theirs, preferMine) => {
        const merge = mergeChanges(
          { groups: [['name'], ['phoneNumber'], ['email'], ['vatRegistrationNumber']] },
          b,
          mine,
          theirs,
          preferMine ? 'mine' : 'theirs',
        );
        for (const key of Object.keys(b) as (keyof typeof b)[]) {
          const mineChanged = mine[key] !== b[key];
          const theirsChanged = theirs[key] !== b[key];
          const both = mineChanged && theirsChanged && mine[key] !== theirs[key];
          expect(merge.conflicts.includes(key)).toBe(both);
          if (both) expect(merge.fields[key]).toBe(preferMine ? mine[key] : theirs[key]);
          else if (mineChanged) expect(merge.fields[key]).toBe(mine[key]);
          else expect(merge.fields[key]).toBe(theirs[key]);
        }
      }),
    );
  });
});

describe('merging two devices’ changes of an expense', () => {
  const sugar = {
    description: 'Sukari 1kg',
    quantity: 2000,
    unitAmount: 295_000,
    taxType: 'STANDARD',
  };
  const expense: Fields = {
    receiptCode: '317B5E380',
    date: '2025-07-14',
    time: '14:32:00',
    currency: 'TZS',
    currencyRate: 1,
    amountType: 'INCLUSIVE',
    items: [sugar],
    payments: [{ method: 'CASH', amount: 590_000 }],
    categoryId: null,
    vendor: { vendorId: null, name: 'Mama Ntilie Supplies', tin: '101825906', vrn: null },
  };

  it('compares items and sellers by their content, whatever the order of their keys', () => {
    const theirs = {
      ...expense,
      items: [
        { taxType: 'STANDARD', unitAmount: 295_000, quantity: 2000, description: 'Sukari 1kg' },
      ],
      vendor: { name: 'Mama Ntilie Supplies', tin: '101825906', vendorId: null },
      categoryId: '6f1c2b9e-5d0a-4c3e-9a57-0b8f4c2d1e3a',
    };
    const mine = { ...expense, date: '2025-07-15' };
    expect(mergeChanges(expenseChanges, expense, mine, theirs, 'mine')).toEqual({
      fields: { ...mine, categoryId: theirs.categoryId },
      conflicts: [],
    });
  });

  it('keeps the items and the payments that add up to them together', () => {
    const mine = { ...expense, payments: [{ method: 'EMONEY', amount: 590_000 }] };
    const theirs = {
      ...expense,
      items: [{ ...sugar, quantity: 4000 }],
      payments: [{ method: 'CASH', amount: 1_180_000 }],
    };
    const merge = mergeChanges(expenseChanges, expense, mine, theirs, 'mine');
    expect(merge.conflicts).toEqual(['amountType', 'items', 'payments']);
    expect(merge.fields).toMatchObject({ items: [sugar], payments: mine.payments });
    expect(mergeChanges(expenseChanges, expense, mine, theirs, 'theirs').fields).toMatchObject({
      items: theirs.items,
      payments: theirs.payments,
    });
  });
});
