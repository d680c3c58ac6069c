// The customer's receipt page (/r/{publicId}) in Swahili loads only the first part of the
// catalog and the receipt's (src/i18n/catalog-parts.ts, scripts/split-catalog.mjs), not the
// signed-in screens' 30 KiB: every text the receipt shows, in each of its states, must be in
// those two parts, or it would show in English. A file of its own: a part loaded by another
// test in the same file would stay loaded.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cents } from '../../domain/money';
import type { PublicReceipt } from '../../src/features/invoices/receipt-view';
import { i18n } from '../../src/i18n/i18n';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';

const missing = new Set<string>();
i18n.on('missing', ({ id }) => missing.add(id));

const PATH = '/v1/accounting/public/receipts/rcpt-1';

/** A receipt that shows every block: the business's optional lines, an identified customer
 * with a phone, a discount, every payment type and a balance left on credit. */
function receipt(overrides: Partial<PublicReceipt> = {}): PublicReceipt {
  return {
    publicId: 'rcpt-1',
    status: 'issued',
    date: '2026-11-20',
    reference: 'PO-77',
    business: {
      name: 'Duka la Asha',
      address: 'Kariakoo, Dar es Salaam',
      mobile: '255712000111',
      tin: '123456789',
      vrn: null,
      serial: '10TZ100001',
      uin: '09VFDWEBAPI-10131758710TZ100001',
      taxOffice: 'Ilala',
    },
    customer: {
      name: 'Juma Hamisi',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '987654321',
      phoneNumber: '255713000222',
    },
    amountsIncludeTax: true,
    items: [
      {
        description: 'Sukari 1 kg',
        quantity: 2,
        unitPrice: cents(3_500_00),
        taxType: 'standard',
        discountPercent: 10,
        amount: cents(6_300_00),
        taxGroup: 'A',
      },
      {
        description: 'Unga 2 kg',
        quantity: 1,
        unitPrice: cents(4_000_00),
        taxType: 'exempted',
        discountPercent: 0,
        amount: cents(4_000_00),
        taxGroup: 'E',
      },
    ],
    totals: {
      subTotal: cents(11_000_00),
      totalDiscount: cents(700_00),
      totalExcludingTax: cents(9_338_98),
      taxAmount: cents(961_02),
      totalIncludingTax: cents(10_300_00),
    },
    payments: [
      { type: 'cash', amount: cents(4_000_00) },
      { type: 'credit_card', amount: cents(2_000_00) },
      { type: 'e-money', amount: cents(1_000_00) },
      { type: 'cheque', amount: cents(1_000_00) },
    ],
    fiscal: {
      receiptNumber: 42,
      zNumber: '20261120',
      receiptDate: '2026-11-20',
      receiptTime: '10:15:00',
      verificationCode: '3FA9C1042',
      verificationUrl: 'https://verify.tra.go.tz/3FA9C1042_101500',
    },
    ...overrides,
  };
}

async function showReceipt(answer: () => Response | Promise<Response>) {
  stubServer({ [`GET ${PATH}`]: answer });
  missing.clear();
  await renderApp('/r/rcpt-1', 'sw', []);
}

describe("a customer's receipt page in Swahili", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a receipt TRA confirmed with only its parts of the catalog', async () => {
    await showReceipt(() => json(200, receipt()));
    expect(await screen.findByText('Imethibitishwa na TRA')).toBeTruthy();
    expect(screen.getByText('Namba ya risiti')).toBeTruthy();
    expect(screen.getByText('Taslimu')).toBeTruthy();
    expect(screen.getByText('Mkopo (haijalipwa)')).toBeTruthy();
    expect([...missing]).toEqual([]);
  });

  it('shows a numbered receipt TRA has not yet confirmed', async () => {
    await showReceipt(() => json(200, receipt({ status: 'submitted' })));
    expect(await screen.findByText('Inasubiri uthibitisho wa TRA')).toBeTruthy();
    expect([...missing]).toEqual([]);
  });

  it('shows a receipt not yet numbered, with no customer named', async () => {
    await showReceipt(() =>
      json(
        200,
        receipt({
          status: 'submitted',
          fiscal: null,
          reference: null,
          customer: {
            name: '',
            identificationType: 'NO_IDENTIFICATION',
            identificationNumber: null,
            phoneNumber: null,
          },
        }),
      ),
    );
    expect(await screen.findByText('Inasubiri uthibitisho wa TRA')).toBeTruthy();
    expect([...missing]).toEqual([]);
  });

  it('says when the link leads to no receipt', async () => {
    await showReceipt(() => json(404, { code: 'not_found', message: 'Not found' }));
    expect(await screen.findByText('Risiti haikupatikana')).toBeTruthy();
    expect([...missing]).toEqual([]);
  });

  it('says when the server cannot be reached', async () => {
    await showReceipt(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText('Risiti haikuweza kupakiwa')).toBeTruthy();
    expect([...missing]).toEqual([]);
  });
});
