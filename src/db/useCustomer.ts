import type { LocalCustomer } from './db';
import { useLiveAnswer } from './live-answer';
import { getCustomer } from './customers';

/** One customer, live; null when it does not exist (or was deleted), undefined while loading. */
export function useCustomer(
  companyId: string | null,
  id: string | null,
): LocalCustomer | null | undefined {
  return useLiveAnswer(`${companyId}|${id}`, () =>
    companyId && id ? getCustomer(companyId, id) : null,
  ).answer;
}
