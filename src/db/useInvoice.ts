import type { LocalInvoice } from './db';
import { useLiveAnswer } from './live-answer';
import { getInvoice } from './invoices';

/** One invoice, live; null when this device does not have it, undefined while loading. */
export function useInvoice(
  companyId: string | null,
  id: string | null,
): LocalInvoice | null | undefined {
  return useLiveAnswer(`${companyId}|${id}`, () =>
    companyId && id ? getInvoice(companyId, id) : null,
  ).answer;
}
