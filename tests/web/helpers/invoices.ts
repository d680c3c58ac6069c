// Invoices as a test arranges them: a signed-in operator's context, typed fields, and the
// invoice the server would answer with.
import type { Invoice, InvoiceFieldsInput, InvoiceFiscal } from '../../../domain/schemas/invoice';
import { invoiceTotals } from '../../../domain/schemas/invoice';
import type { InvoiceContext } from '../../../src/db/invoices';

export const COMPANY = '11111111-1111-4111-8111-111111111111';

export const operator: InvoiceContext = {
  companyId: COMPANY,
  userId: '22222222-2222-4222-8222-222222222222',
  userName: 'Juma Hassan',
  blockedByTra: false,
};

export function invoiceInput(
  overrides: Partial<InvoiceFieldsInput> = {},
): InvoiceFieldsInput & { id: string } {
  return {
    id: crypto.randomUUID(),
    customer: { name: 'Asha Mwinyi', identificationType: 'NO_IDENTIFICATION' },
    amountsIncludeTax: true,
    items: [
      {
        id: crypto.randomUUID(),
        description: 'Sabuni ya kufulia',
        quantity: 2,
        unitPrice: 1_500_00,
        taxType: 'standard',
        discountPercent: 0,
      },
      {
        id: crypto.randomUUID(),
        description: 'Unga wa mahindi 2kg',
        quantity: 1.5,
        unitPrice: 3_200_00,
        taxType: 'zero_rated',
        discountPercent: 10,
      },
    ],
    payments: [{ type: 'cash', amount: 5_000_00 }],
    ...overrides,
  };
}

let receipt = 4100;

/** What the server answers for an invoice: its fields with the server's numbers. */
export function serverInvoice(
  input: InvoiceFieldsInput & { id: string },
  changes: Partial<Invoice> = {},
): Invoice {
  const items = input.items.map((item) => ({
    productId: null,
    discountPercent: 0,
    ...item,
  })) as Invoice['items'];
  const { lines, ...totals } = invoiceTotals({
    items,
    amountsIncludeTax: input.amountsIncludeTax ?? true,
  });
  const now = '2026-11-20T09:15:00.000Z';
  return {
    id: input.id,
    customerId: input.customerId ?? null,
    customer: {
      name: '',
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
      phoneNumber: null,
      email: null,
      vatRegistrationNumber: null,
      ...(input.customer as object),
    } as Invoice['customer'],
    amountsIncludeTax: input.amountsIncludeTax ?? true,
    items,
    payments: (input.payments ?? []) as Invoice['payments'],
    reference: input.reference ?? null,
    accountingNumber: input.accountingNumber ?? null,
    origin: 'web',
    correctsInvoiceId: input.correctsInvoiceId ?? null,
    status: 'draft',
    date: '2026-11-20',
    operatorId: operator.userId,
    operatorName: operator.userName,
    totals,
    lineTotals: lines,
    fiscal: null,
    publicId: `pub-${input.id.slice(0, 8)}`,
    submittedAt: null,
    issuedAt: null,
    canceledAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    ...changes,
  };
}

export function fiscal(changes: Partial<InvoiceFiscal> = {}): InvoiceFiscal {
  receipt += 1;
  return {
    receiptNumber: receipt,
    dailyCounter: 3,
    zNumber: '20261120',
    verificationCode: `317B5E${receipt}`,
    receiptDate: '2026-11-20',
    receiptTime: '12:15:00',
    verificationUrl: `https://verify.tra.go.tz/317B5E${receipt}_121500`,
    traStatus: 'pending',
    traMessage: null,
    ...changes,
  };
}
