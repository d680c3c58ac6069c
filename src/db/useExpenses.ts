import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalExpense } from './db';
import { findExpenses, type ExpenseFilters } from './expenses';

/** The company's expenses, newest first, live; undefined while loading. */
export function useExpenses(
  companyId: string | null,
  filters: ExpenseFilters = {},
): LocalExpense[] | undefined {
  const { from, to, status, categoryId, vendorId, search } = filters;
  return useLiveQuery(
    () =>
      companyId ? findExpenses(companyId, { from, to, status, categoryId, vendorId, search }) : [],
    [companyId, from, to, status, categoryId, vendorId, search],
  );
}
