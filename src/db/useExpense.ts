import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalExpense } from './db';
import { getExpense } from './expenses';

/** One expense, live; null when this phone does not have it, undefined while loading. */
export function useExpense(
  companyId: string | null,
  id: string | null,
): LocalExpense | null | undefined {
  return useLiveQuery(() => (companyId && id ? getExpense(companyId, id) : null), [companyId, id]);
}
