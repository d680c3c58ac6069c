// POST /v1/accounting/expenses/categorize: the category an expense's lines point to, by the same
// engine the phone runs (domain/expense-categorize.ts), learned from the company's latest
// categorized expenses on the server. For callers of the API; the app asks its own copy offline.
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { suggestCategory, type CategorySuggestion } from '../../domain/expense-categorize';
import type { CategorizationRequest } from '../../domain/schemas/expense';
import type { DbOrTx } from '../db/client';
import { expenseCategories, expenses } from '../db/schema';

/** How many of the latest categorized expenses the engine learns from, as on the phone. */
const HISTORY = 1000;

export async function suggestExpenseCategory(
  db: DbOrTx,
  companyId: string,
  request: CategorizationRequest,
): Promise<{ suggestion: CategorySuggestion | null }> {
  const [categories, history] = await Promise.all([
    db
      .select({
        id: expenseCategories.id,
        preset: expenseCategories.preset,
        name: expenseCategories.name,
        active: expenseCategories.active,
      })
      .from(expenseCategories)
      .where(eq(expenseCategories.companyId, companyId)),
    db
      .select({ categoryId: expenses.categoryId, vendor: expenses.vendor, items: expenses.items })
      .from(expenses)
      .where(
        and(
          eq(expenses.companyId, companyId),
          isNotNull(expenses.categoryId),
          ne(expenses.status, 'canceled'),
        ),
      )
      .orderBy(desc(expenses.date), desc(expenses.createdAt))
      .limit(HISTORY),
  ]);
  const suggestion = suggestCategory(
    {
      descriptions: request.items.map((item) => item.description ?? ''),
      vendorName: request.vendorName ?? null,
    },
    categories,
    history.map((row) => ({
      categoryId: row.categoryId!,
      vendorName: row.vendor?.name ?? null,
      descriptions: row.items.map((item) => item.description),
    })),
  );
  return { suggestion };
}
