// Loaded into a page of the built app by expenses-browser.bench.ts: the app's own expense
// database code, bundled for the browser, to fill the phone with 10,000 expenses as a pull
// would before the report is opened.
import { expenseAmounts, type ExpenseRecord } from '../domain/expense-record';
import type { Cents } from '../domain/money';
import type { Quantity } from '../domain/quantity';
import { db } from '../src/db/db';
import { syncedExpense } from '../src/db/expenses';

const VENDORS = ['Kilimo Traders', 'TANESCO', 'Bajaji Express', 'Jumla Wholesale', 'Mwenye Nyumba'];
const METHODS = ['CASH', 'BANK', 'CHEQUE', 'EMONEY'] as const;

async function seed(companyId: string, count: number, categoryIds: string[]): Promise<void> {
  const now = Date.now();
  const records = Array.from({ length: count }, (_, index) => {
    const amount = (10_000 + ((index * 7919) % 500_000) * 10) as Cents;
    const fields = {
      amountType: 'INCLUSIVE' as const,
      currencyRate: 1,
      items: [
        {
          description: `Bidhaa ${index}`,
          quantity: 1000 as Quantity,
          unitAmount: amount,
          taxType: 'STANDARD' as const,
        },
      ],
      payments: [{ method: METHODS[index % 4]!, amount }],
    };
    const at = new Date(now - (index % 365) * 86_400_000).toISOString();
    const record: ExpenseRecord = {
      id: crypto.randomUUID(),
      version: 1,
      status: 'processed',
      source: 'manual',
      receiptCode: `BENCH${index}`,
      date: at.slice(0, 10),
      time: '10:00:00',
      currency: 'TZS',
      categoryId: categoryIds[index % categoryIds.length] ?? null,
      vendor: {
        vendorId: null,
        name: VENDORS[index % VENDORS.length]!,
        tin: null,
        vrn: null,
        phone: null,
        serial: null,
      },
      lookup: null,
      createdBy: { id: null, name: null },
      processedAt: at,
      canceledAt: null,
      createdAt: at,
      updatedAt: at,
      ...fields,
      ...expenseAmounts(fields),
    };
    return syncedExpense(record, companyId);
  });
  for (let from = 0; from < records.length; from += 1000) {
    await db.expenses.bulkPut(records.slice(from, from + 1000));
  }
}

function close(): void {
  db.close();
}

(window as unknown as { expenseBench: unknown }).expenseBench = { seed, close };
