// One sync at a time across the page, other tabs and the service worker: a Web Lock, which
// all of them share. Without Web Locks (old browsers) only this context is guarded; two
// contexts sending the same entry is still safe, because the server answers a replayed
// Idempotency-Key with its first answer.

export const SYNC_LOCK = 'risiti-sync';

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

let localHolder = false;

/** Runs `task` holding the lock, or returns 'busy' at once if someone else holds it. */
export async function withSyncLock<T>(
  task: () => Promise<T>,
  locks: LockManagerLike | undefined = (globalThis.navigator as { locks?: LockManagerLike })?.locks,
): Promise<T | 'busy'> {
  if (locks) {
    return locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? task() : ('busy' as const),
    );
  }
  if (localHolder) return 'busy';
  localHolder = true;
  try {
    return await task();
  } finally {
    localHolder = false;
  }
}

/**
 * Runs `task` once no sync runs anywhere (waiting for the one in progress), holding the lock so
 * none starts meanwhile: for emptying the local database at sign-out.
 */
export async function whenSyncIdle<T>(
  task: () => Promise<T>,
  locks: { request<R>(name: string, task: () => Promise<R>): Promise<R> } | undefined = (
    globalThis.navigator as { locks?: LockManagerLike } | undefined
  )?.locks as never,
): Promise<T> {
  if (locks) return locks.request(SYNC_LOCK, task);
  while (localHolder) await new Promise((resolve) => setTimeout(resolve, 50));
  localHolder = true;
  try {
    return await task();
  } finally {
    localHolder = false;
  }
}
