import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customersToCsv, parseCustomerCsv } from '../../domain/customer-csv';
import type { Customer } from '../../domain/schemas/customer';

// Names as people type them, including quotes, commas, line breaks and formula starters.
const nameArb = fc
  .string({
    unit: fc.constantFrom(...'aZ9 ,;"\'=+-@\t\nÑé'.split('')),
    minLength: 1,
    maxLength: 30,
  })
  .map((s) => s.trim().replace(/\s+/g, ' '))
  .filter((s) => s.length > 0);

describe('customer CSV export', () => {
  it('imports back to the same customers, and no cell starts a formula', () => {
    fc.assert(
      fc.property(fc.array(nameArb, { minLength: 1, maxLength: 20 }), (names) => {
        const customers: Customer[] = names.map((name, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          name,
          identificationType: 'NO_IDENTIFICATION',
          identificationNumber: null,
          phoneNumber: null,
          email: null,
          vatRegistrationNumber: null,
          version: 1,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }));
        const csv = customersToCsv(customers);
        expect(csv.startsWith('\ufeff')).toBe(true);
        for (const line of csv.slice(1).split('\r\n'))
          expect(line.replace(/^"/, '')).not.toMatch(/^[=+\-@\t]/);
        const parsed = parseCustomerCsv(csv);
        expect(parsed.ok && parsed.problems).toEqual([]);
        expect(parsed.ok && parsed.rows.map((r) => r.fields.name)).toEqual(names);
      }),
      { numRuns: 200 },
    );
  });
});
