// Receipts just committed to a VFD's line: the fiscal worker of this process is told at once
// and starts sending, instead of finding them at its next poll. Only a hint: the worker's poll
// still finds everything due (receipts queued by another process, a hint given while the worker
// is stopped), so a lost hint costs at most one poll interval.
import type { Deps } from '../context';

type Listener = (companyId: string) => void;

const listenersByDeps = new WeakMap<Deps, Set<Listener>>();

/** Calls `listener` with the company each time receipts of its are queued; returns the undo. */
export function onReceiptsQueued(deps: Deps, listener: Listener): () => void {
  let listeners = listenersByDeps.get(deps);
  if (!listeners) {
    listeners = new Set();
    listenersByDeps.set(deps, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Says receipts of the company were queued; call it once their transaction has committed. */
export function receiptsQueued(deps: Deps, companyId: string): void {
  for (const listener of listenersByDeps.get(deps) ?? []) listener(companyId);
}
