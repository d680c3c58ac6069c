import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { invoiceFieldsSchema, invoiceTotals } from '../../domain/schemas/invoice';

const item = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  description: 'Sugar 1 kg',
  quantity: 2,
  unitPrice: 350000,
  taxType: 'standard',
  discountPercent: 0,
  ...overrides,
});

const messages = (input: unknown) => {
  const result = v.safeParse(invoiceFieldsSchema, input);
  return result.success
    ? {}
    : Object.fromEntries(
        result.issues.map((i) => [i.path?.map((p) => String(p.key)).join('.'), i.message]),
      );
};

describe('invoice fields', () => {
  it('accepts a walk-in sale with cash and computes the totals', () => {
    const result = v.parse(invoiceFieldsSchema, {
      items: [
        item(),
        item({ description: 'Rice', quantity: 1.5, unitPrice: 200000, taxType: 'exempted' }),
      ],
      payments: [{ type: 'cash', amount: 1000000 }],
    });
    expect(result.customer).toMatchObject({
      name: '',
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
    });
    expect(result.amountsIncludeTax).toBe(true);
    expect(invoiceTotals(result).totalInvoice).toBe(1000000);
  });

  it('refuses payments above the invoice total on the payments field', () => {
    expect(messages({ items: [item()], payments: [{ type: 'cash', amount: 700001 }] })).toEqual({
      payments: 'Total payments greater than total invoice',
    });
  });

  it('checks the customer identification for its type', () => {
    const tin = messages({
      items: [item()],
      customer: {
        name: 'Duka',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: '12345',
      },
    });
    expect(tin).toEqual({ 'customer.identificationNumber': 'Please enter a correct TIN number' });
    const passport = messages({
      items: [item()],
      customer: { name: 'Ana', identificationType: 'PASSPORT', identificationNumber: '' },
    });
    expect(passport).toEqual({
      'customer.identificationNumber': 'Please enter a valid customer identification number',
    });
    const named = messages({
      items: [item()],
      customer: {
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: '101-825-906',
      },
    });
    expect(named).toEqual({ 'customer.name': 'Please enter a customer name' });
  });

  it('names each wrong item field', () => {
    expect(
      messages({
        items: [
          item({
            description: ' ',
            quantity: 1.2345,
            unitPrice: -1,
            discountPercent: 100.5,
            taxType: 'luxury',
          }),
        ],
      }),
    ).toEqual({
      'items.0.description': 'Please enter the item description',
      'items.0.quantity': 'Enter a quantity above 0 with at most 3 decimals',
      'items.0.unitPrice': 'Enter a unit price of 0 or more',
      'items.0.discountPercent': 'Enter a discount from 0 to 100%, with at most 2 decimals',
      'items.0.taxType': 'Choose the tax type',
    });
    expect(messages({ items: [] })).toEqual({ items: 'Add at least one item' });
    // A price in cents with a fraction of a cent, or beyond any invoice, says which.
    expect(messages({ items: [item({ unitPrice: 295_000.5 })] })).toEqual({
      'items.0.unitPrice': 'Enter the price in whole cents',
    });
    expect(messages({ items: [item({ unitPrice: 1e23 })] })).toEqual({
      'items.0.unitPrice': 'The price may be at most 10,000,000,000,000 TZS',
    });
  });
});
