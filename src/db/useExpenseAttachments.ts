import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalExpenseAttachment } from './db';
import { findAttachments } from './expense-attachments';

/** The files of an expense, oldest first, live. */
export function useExpenseAttachments(
  companyId: string | null,
  expenseId: string | null,
): LocalExpenseAttachment[] | undefined {
  return useLiveQuery(
    () => (companyId && expenseId ? findAttachments(companyId, expenseId) : []),
    [companyId, expenseId],
  );
}
