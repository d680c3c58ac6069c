import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalExpenseCategory } from './db';
import { findCategories } from './expense-directory';

/** The company's expense categories, live. */
export function useExpenseCategories(
  companyId: string | null,
  activeOnly = false,
): LocalExpenseCategory[] | undefined {
  return useLiveQuery(
    () => (companyId ? findCategories(companyId, { activeOnly }) : []),
    [companyId, activeOnly],
  );
}
