import type { LocalExpense } from './db';
import { useLiveAnswer } from './live-answer';
import { getExpense } from './expenses';

/** One expense, live; null when this phone does not have it, undefined while loading. */
export function useExpense(
  companyId: string | null,
  id: string | null,
): LocalExpense | null | undefined {
  return useLiveAnswer(`${companyId}|${id}`, () =>
    companyId && id ? getExpense(companyId, id) : null,
  ).answer;
}
