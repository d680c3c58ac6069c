import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../domain/money';
import {
  canCategorize,
  canChangeExpenseStatus,
  canEditExpense,
  computeExpenseTotals,
  EXPENSE_STATUSES,
  nextExpenseStatuses,
} from '../../domain/expense';
import { parseScannedReceipt } from '../../domain/receipt-code';
import { recordMessages } from '../../domain/record-messages';
import {
  categorizationRequestSchema,
  expenseMessages as em,
  expenseSchema,
  expenseStatusChangeSchema,
  isPossibleReceiptDate,
  receiptLookupSchema,
} from '../../domain/schemas/expense';
import { fieldMessages as fm } from '../../domain/schemas/fields';
import { fieldErrors, parsed } from './field-errors';

type Item = { description?: string; quantity?: unknown; unitAmount?: unknown; taxType?: unknown };

const expense = (overrides: Record<string, unknown> = {}) => ({
  receiptCode: '317B5E380',
  date: '21-11-2026',
  time: '14:32',
  amountType: 'INCLUSIVE',
  vendor: { name: 'Kariakoo Stationers' },
  items: [
    { description: 'Printer paper A4', quantity: '1', unitAmount: '200.00', taxType: 'STANDARD' },
  ] as Item[],
  payments: [{ method: 'CASH', amount: '200.00' }],
  ...overrides,
});

describe('an expense as the receipt shows it (spec §3, §5)', () => {
  it("splits an inclusive amount as TRA's receipt does: 200.00 is 169.49 + 30.51 VAT", () => {
    const saved = parsed(expenseSchema, expense());
    expect(saved).toMatchObject({
      receiptCode: '317B5E380',
      date: '2026-11-21',
      time: '14:32:00',
      currency: 'TZS',
      currencyRate: 1,
      source: 'manual',
      categoryId: null,
    });
    expect(saved.items[0]).toEqual({
      description: 'Printer paper A4',
      quantity: 1000,
      unitAmount: 20000,
      taxType: 'STANDARD',
    });
    const totals = computeExpenseTotals(saved);
    expect(totals).toMatchObject({
      netAmount: 16949,
      totalVat: 3051,
      totalAmount: 20000,
      paid: 20000,
      balance: 0,
    });
  });

  it('adds VAT to exclusive amounts, so the payments must include it', () => {
    const exclusive = {
      amountType: 'EXCLUSIVE',
      items: [
        { description: 'Diesel', quantity: '10', unitAmount: '3,000.00', taxType: 'STANDARD' },
        { description: 'Maize flour', quantity: '2.5', unitAmount: '1,200', taxType: 'EXEMPTED' },
      ],
    };
    // 30,000 + 18% = 35,400; 3,000 exempted: 38,400 in all.
    const paidNet = expense({ ...exclusive, payments: [{ method: 'BANK', amount: '33,000.00' }] });
    expect(fieldErrors(expenseSchema, paidNet)).toEqual({ payments: em.paymentsMustEqualTotal.id });
    const split = expense({
      ...exclusive,
      payments: [
        { method: 'EMONEY', amount: '8,400' },
        { method: 'CASH', amount: 3_000_000 },
      ],
    });
    const totals = computeExpenseTotals(parsed(expenseSchema, split));
    expect(totals).toMatchObject({
      netAmount: 3_300_000,
      totalVat: 540_000,
      totalAmount: 3_840_000,
    });
    expect(totals.groups.map((g) => [g.taxType, g.taxAmount])).toEqual([
      ['standard', 540_000],
      ['exempted', 0],
    ]);
  });

  it('charges no VAT for zero-rated and special relief items (special relief is 0%)', () => {
    const saved = parsed(
      expenseSchema,
      expense({
        amountType: 'EXCLUSIVE',
        items: [
          { description: 'Exported tea', quantity: '1', unitAmount: '500', taxType: 'ZERO' },
          {
            description: 'Relief goods',
            quantity: '1',
            unitAmount: '700',
            taxType: 'SPECIAL_RELIEF',
          },
        ],
        payments: [{ method: 'CHEQUE', amount: '1,200' }],
      }),
    );
    expect(computeExpenseTotals(saved)).toMatchObject({ totalVat: 0, totalAmount: 120_000 });
  });

  it('takes amounts without VAT as they are, with no tax type needed', () => {
    const saved = parsed(
      expenseSchema,
      expense({
        amountType: 'NO_TAX',
        items: [
          { description: 'Charcoal sack', quantity: '3', unitAmount: '15,000' },
          { description: 'Delivery', quantity: '1', unitAmount: '5000', taxType: 'STANDARD' },
        ],
        payments: [{ method: 'CASH', amount: '50,000' }],
      }),
    );
    expect(saved.items[0]!.taxType).toBeNull();
    const totals = computeExpenseTotals(saved);
    expect(totals).toMatchObject({ netAmount: 5_000_000, totalVat: 0, totalAmount: 5_000_000 });
    expect(totals.groups).toEqual([]);
  });

  it('shows the balance left to pay while the payments do not add up', () => {
    const draft = parsed(expenseSchema, expense());
    const totals = computeExpenseTotals({ ...draft, payments: [{ amount: parseAmount('150')! }] });
    expect(totals.balance).toBe(5_000);
    const over = computeExpenseTotals({ ...draft, payments: [{ amount: parseAmount('250')! }] });
    expect(over.balance).toBe(-5_000);
  });

  it('needs a tax type on every item when the amounts include or exclude VAT', () => {
    const items = [
      { description: 'Printer paper A4', quantity: '1', unitAmount: '100.00', taxType: '' },
      { description: 'Toner', quantity: '1', unitAmount: '100.00' },
    ];
    expect(fieldErrors(expenseSchema, expense({ items }))).toEqual({
      'items.0.taxType': em.taxTypeRequired.id,
      'items.1.taxType': em.taxTypeRequired.id,
    });
    expect(
      fieldErrors(expenseSchema, expense({ items: [{ ...items[0], taxType: 'REDUCED' }] })),
    ).toEqual({ 'items.0.taxType': em.taxTypeRequired.id });
  });
});

describe('expense header rules', () => {
  it('requires the receipt code, 3 to 255 letters or digits, compared in capitals', () => {
    expect(parsed(expenseSchema, expense({ receiptCode: ' rmh3yk36 ' })).receiptCode).toBe(
      'RMH3YK36',
    );
    expect(
      parsed(expenseSchema, expense({ receiptCode: 'A'.repeat(255) })).receiptCode,
    ).toHaveLength(255);
    expect(fieldErrors(expenseSchema, expense({ receiptCode: '  ' }))).toEqual({
      receiptCode: em.receiptCodeRequired.id,
    });
    expect(fieldErrors(expenseSchema, expense({ receiptCode: undefined }))).toEqual({
      receiptCode: em.receiptCodeRequired.id,
    });
    for (const receiptCode of ['AB', 'ABC-123', '317B5E380_143205', 'A'.repeat(256)]) {
      expect(fieldErrors(expenseSchema, expense({ receiptCode })), receiptCode).toEqual({
        receiptCode: em.receiptCodeInvalid.id,
      });
    }
  });

  it('reads the date as DD-MM-YYYY and refuses days that do not exist', () => {
    expect(parsed(expenseSchema, expense({ date: '29-02-2024' })).date).toBe('2024-02-29');
    expect(parsed(expenseSchema, expense({ date: '1/3/2026' })).date).toBe('2026-03-01');
    expect(parsed(expenseSchema, expense({ date: '2026-11-21' })).date).toBe('2026-11-21');
    for (const date of ['29-02-2027', '31-04-2026', '11-21-2026', '21-11-26', '', 'jana']) {
      expect(fieldErrors(expenseSchema, expense({ date })), date).toEqual({
        date: fm.dateInvalid.id,
      });
    }
  });

  it('refuses a date in the future or before 2000, allowing a phone clock a day ahead', () => {
    const now = Date.parse('2026-11-28T21:30:00Z'); // 00:30 on the 29th in Dar es Salaam
    expect(isPossibleReceiptDate('2026-11-29', now)).toBe(true);
    expect(isPossibleReceiptDate('2026-11-30', now)).toBe(true);
    expect(isPossibleReceiptDate('2026-12-01', now)).toBe(false);
    expect(isPossibleReceiptDate('2000-01-01', now)).toBe(true);
    expect(isPossibleReceiptDate('1999-12-31', now)).toBe(false);
    for (const date of ['12-05-2062', '31-12-1999']) {
      expect(fieldErrors(expenseSchema, expense({ date })), date).toEqual({
        date: em.dateOutOfRange.id,
      });
    }
  });

  it('reads the time as HH:mm or HH:mm:ss', () => {
    expect(parsed(expenseSchema, expense({ time: '9:05' })).time).toBe('09:05:00');
    expect(parsed(expenseSchema, expense({ time: '23:59:59' })).time).toBe('23:59:59');
    for (const time of ['24:00', '12:60', '12:30:60', '1230', '']) {
      expect(fieldErrors(expenseSchema, expense({ time })), time).toEqual({
        time: fm.timeInvalid.id,
      });
    }
  });

  it('needs an exchange rate for a foreign currency, and 1 for shillings', () => {
    const usd = parsed(expenseSchema, expense({ currency: 'USD', currencyRate: '2,650.50' }));
    expect([usd.currency, usd.currencyRate]).toEqual(['USD', 2650.5]);
    expect(fieldErrors(expenseSchema, expense({ currency: 'USD' }))).toEqual({
      currencyRate: em.rateInvalid.id,
    });
    for (const currencyRate of ['0', '-1', 'abc', 2_000_000, '1.1234567']) {
      expect(
        fieldErrors(expenseSchema, expense({ currency: 'KES', currencyRate })),
        String(currencyRate),
      ).toEqual({
        currencyRate: em.rateInvalid.id,
      });
    }
    expect(fieldErrors(expenseSchema, expense({ currencyRate: 2650 }))).toEqual({
      currencyRate: em.homeRateIsOne.id,
    });
    expect(
      parsed(expenseSchema, expense({ currency: 'TZS', currencyRate: '1' })).currencyRate,
    ).toBe(1);
    expect(fieldErrors(expenseSchema, expense({ currency: 'BTC' }))).toEqual({
      currency: em.currencyRequired.id,
    });
  });

  it('needs the amount type and takes a category by id', () => {
    expect(fieldErrors(expenseSchema, expense({ amountType: 'VAT' }))).toEqual({
      amountType: em.amountTypeRequired.id,
    });
    const categoryId = '0b7f7a3e-52c5-4d3e-9a55-2c7bb1f1c1aa';
    expect(parsed(expenseSchema, expense({ categoryId })).categoryId).toBe(categoryId);
    expect(fieldErrors(expenseSchema, expense({ categoryId: 'Fuel' }))).toEqual({
      categoryId: em.categoryInvalid.id,
    });
  });
});

describe('expense vendor, items and payments', () => {
  it('normalises the vendor identifiers as TRA prints them', () => {
    const saved = parsed(
      expenseSchema,
      expense({
        vendor: {
          name: ' Kariakoo Stationers ',
          tin: '101 825 906',
          vrn: '10-017937-k',
          phone: '+255 712-345-678',
          serial: '10tz100781',
        },
      }),
    );
    expect(saved.vendor).toEqual({
      vendorId: null,
      name: 'Kariakoo Stationers',
      tin: '101825906',
      vrn: '10017937K',
      phone: '255712345678',
      serial: '10TZ100781',
    });
  });

  it('refuses vendor identifiers of the wrong form', () => {
    expect(
      fieldErrors(
        expenseSchema,
        expense({
          vendor: {
            name: '',
            tin: '10182590',
            vrn: '10017937',
            phone: '71234567',
            serial: '10TZ1000211',
          },
        }),
      ),
    ).toEqual({
      'vendor.name': em.vendorNameRequired.id,
      'vendor.tin': fm.tinInvalid.id,
      'vendor.vrn': fm.vrnInvalid.id,
      'vendor.phone': fm.phoneDigits.id,
      'vendor.serial': fm.serialInvalid.id,
    });
    expect(
      fieldErrors(expenseSchema, expense({ vendor: { name: 'X', phone: '1234567890123456' } })),
    ).toEqual({ 'vendor.phone': fm.phoneDigits.id });
  });

  it('needs at least one item, each described in 3 to 255 characters with amounts above 0', () => {
    expect(fieldErrors(expenseSchema, expense({ items: [] }))).toEqual({
      items: em.itemsRequired.id,
    });
    const item = { description: 'Toner', quantity: '1', unitAmount: '200', taxType: 'STANDARD' };
    const errors = fieldErrors(
      expenseSchema,
      expense({
        items: [
          { ...item, description: 'ab' },
          { ...item, description: 'x'.repeat(256) },
          { ...item, quantity: '0' },
          { ...item, quantity: '1.2345' },
          { ...item, unitAmount: '0.00' },
          { ...item, unitAmount: '-5' },
          { ...item, unitAmount: 12.5 },
          { ...item, unitAmount: 'mia mbili' },
          { ...item, quantity: '2,5' },
          { ...item, unitAmount: '4500,50' },
        ],
      }),
    );
    expect(errors).toEqual({
      'items.0.description': em.descriptionLength.id,
      'items.1.description': em.descriptionLength.id,
      'items.2.quantity': fm.quantityInvalid.id,
      'items.3.quantity': fm.quantityInvalid.id,
      'items.4.unitAmount': fm.amountPositive.id,
      'items.5.unitAmount': fm.amountInvalid.id,
      'items.6.unitAmount': fm.amountInvalid.id,
      'items.7.unitAmount': fm.amountInvalid.id,
      // A decimal comma is named, never read as 25 or 450,050.00.
      'items.8.quantity': recordMessages.decimalComma.id,
      'items.9.unitAmount': recordMessages.decimalComma.id,
    });
  });

  it('takes payments by cash, bank, cheque or e-money, each above 0', () => {
    expect(
      fieldErrors(
        expenseSchema,
        expense({
          payments: [
            { method: 'CREDIT_CARD', amount: '100' },
            { method: 'CASH', amount: '0' },
            { method: 'BANK', amount: '1,5' },
          ],
        }),
      ),
    ).toEqual({
      'payments.0.method': em.paymentMethodRequired.id,
      'payments.1.amount': fm.amountPositive.id,
      'payments.2.amount': recordMessages.decimalComma.id,
    });
    expect(fieldErrors(expenseSchema, expense({ payments: [] }))).toEqual({
      payments: em.paymentsMustEqualTotal.id,
    });
  });
});

describe('expense status (spec §4)', () => {
  it('can be edited only while pending', () => {
    expect(EXPENSE_STATUSES.filter(canEditExpense)).toEqual(['pending']);
  });

  it('goes from pending to processed or canceled, and never back', () => {
    const allowed = EXPENSE_STATUSES.flatMap((from) =>
      EXPENSE_STATUSES.filter((to) => canChangeExpenseStatus(from, to)).map(
        (to) => `${from}→${to}`,
      ),
    );
    expect(allowed).toEqual(['pending→processed', 'pending→canceled']);
    expect(nextExpenseStatuses('processed')).toEqual([]);
    expect(parsed(expenseStatusChangeSchema, { status: 'canceled' }).status).toBe('canceled');
    expect(fieldErrors(expenseStatusChangeSchema, { status: 'pending' })).toEqual({
      status: em.statusChangeInvalid.id,
    });
  });
});

describe('AI categorization (spec §5)', () => {
  it('needs a description on at least one item', () => {
    expect(canCategorize([{ description: ' ' }, { description: null }, {}])).toBe(false);
    expect(canCategorize([{ description: '' }, { description: 'Diesel' }])).toBe(true);
    expect(fieldErrors(categorizationRequestSchema, { items: [{ description: '  ' }] })).toEqual({
      items: em.categorizeNeedsDescription.id,
    });
    expect(fieldErrors(categorizationRequestSchema, { items: [] })).toEqual({
      items: em.categorizeNeedsDescription.id,
    });
    expect(
      parsed(categorizationRequestSchema, {
        vendorName: 'Puma',
        items: [{}, { description: 'Diesel' }],
      }),
    ).toEqual({ vendorName: 'Puma', items: [{}, { description: 'Diesel' }] });
  });
});

describe('adding an expense by receipt code or QR scan', () => {
  it("reads TRA's verification link from the QR code", () => {
    expect(parseScannedReceipt('https://verify.tra.go.tz/317B5E380_143205')).toEqual({
      receiptCode: '317B5E380',
      time: '14:32:05',
    });
    expect(
      parseScannedReceipt(' https://virtual.tra.go.tz/efdmsRctVerify/rmh3yk36_090000/ '),
    ).toEqual({ receiptCode: 'RMH3YK36', time: '09:00:00' });
    expect(parseScannedReceipt('317B5E380')).toEqual({ receiptCode: '317B5E380', time: null });
  });

  it('refuses what is not a receipt link', () => {
    for (const text of [
      '',
      'https://verify.tra.go.tz/',
      'https://verify.tra.go.tz/317B5E380_253000',
      'https://example.com/pay?amount=5000',
      'WIFI:S:Duka;T:WPA;P:siri;;',
      'https://verify.tra.go.tz/%E0%A4%A',
      'AB_143205',
    ]) {
      expect(parseScannedReceipt(text), text).toBeNull();
    }
  });

  it('needs the receipt code and the time printed on the receipt', () => {
    expect(parsed(receiptLookupSchema, { receiptCode: '317b5e380', time: '14:32:05' })).toEqual({
      source: 'code',
      receiptCode: '317B5E380',
      time: '14:32:05',
    });
    expect(fieldErrors(receiptLookupSchema, { receiptCode: '', time: '' })).toEqual({
      receiptCode: em.receiptCodeRequired.id,
      time: em.timeRequired.id,
    });
  });
});
