import type { LocalProduct } from './db';
import { useLiveAnswer } from './live-answer';
import { getProduct } from './products';

/** One product, live; null when it does not exist, undefined while loading. */
export function useProduct(
  companyId: string | null,
  id: string | null,
): LocalProduct | null | undefined {
  return useLiveAnswer(`${companyId}|${id}`, () =>
    companyId && id ? getProduct(companyId, id) : null,
  ).answer;
}
