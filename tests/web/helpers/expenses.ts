// An expense as the form gives it to the repository: two bags of sugar at Tsh 2,950, VAT
// included, paid in cash.
import type { ExpenseInput } from '../../../domain/schemas/expense';

export function typedExpense(overrides: Partial<ExpenseInput> = {}): ExpenseInput {
  return {
    receiptCode: '317B5E380',
    date: '14-07-2025',
    time: '14:32',
    amountType: 'INCLUSIVE',
    categoryId: null,
    vendor: {
      vendorId: null,
      name: 'Mama Ntilie Supplies',
      tin: '101825906',
      vrn: null,
      phone: null,
      serial: null,
    },
    items: [{ description: 'Sukari 1kg', quantity: '2', unitAmount: '2,950', taxType: 'STANDARD' }],
    payments: [{ method: 'CASH', amount: '5,900' }],
    ...overrides,
  };
}
