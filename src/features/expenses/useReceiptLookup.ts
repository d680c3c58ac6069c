// While a scanned receipt is read at TRA (a job on the server, up to about a minute), the screen
// showing it (the expense, or the list it is in) asks the server how far it is every two
// seconds, and brings the filled expense to the phone (a sync) as soon as it is done or has
// failed. Offline, it waits: the outbox sends the lookup when the connection returns, and the
// asking starts again.
import { useEffect } from 'react';
import { api } from '../../api/client';
import type { LocalExpense } from '../../db/db';
import { requestSync, syncAndWait } from '../sync/app-sync';

const POLL_MS = 2_000;
/** Syncs after the server's reading is final, before this phone stops waiting for its copy. */
const FINAL_SYNCS = 5;

/** The expense's receipt is still being read at TRA. */
export function isLookupWaiting(expense: LocalExpense): boolean {
  return Boolean(expense.lookup && ['queued', 'reading'].includes(expense.lookup.status));
}

export function useReceiptLookup(
  companyId: string | null,
  expense: LocalExpense | null | undefined,
) {
  const id = expense?.id;
  const waiting = expense ? isLookupWaiting(expense) : false;
  const onServer = (expense?.version ?? 0) > 0;
  useEffect(() => {
    if (!companyId || !id || !waiting) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finalSyncs = 0;
    const ask = async () => {
      if (!live) return;
      if (!onServer) {
        // Not on the server yet: the lookup request is still in the outbox.
        requestSync();
      } else {
        const state = await api
          .get(`v1/accounting/expenses/${id}/lookup`, {
            searchParams: { companyId },
            retry: 0,
          })
          .json<{ status: string | null }>()
          .catch(() => null);
        if (!live) return;
        // Finished on the server: bring it here. Asking goes on until this phone has it, as
        // the server may still hold the last reading while this phone's new one (a retry, a
        // corrected time) waits in the outbox; the sync sends that first. A few times only: a
        // reading the server refused stays waiting here, with its own message.
        if (state && state.status !== 'queued' && state.status !== 'reading') {
          await syncAndWait(10_000);
          finalSyncs += 1;
          if (!live || finalSyncs >= FINAL_SYNCS) return;
        }
      }
      timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [companyId, id, waiting, onServer]);
}
