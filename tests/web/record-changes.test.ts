// The three-way merge of a change refused because another device changed the record first:
// what one side changed alone is taken from it, and only a field both changed differently is
// left to the user.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerChanges } from '../../src/db/customers';
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
