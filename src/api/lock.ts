// One holder at a time across every tab and the service worker: the Web Locks API, or, in a
// browser without it, a lease in localStorage that expires if its tab dies holding it.
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

const LEASE_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Lease {
  holder: string;
  until: number;
}

function readLease(key: string): Lease | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Lease | null;
    return value && typeof value.holder === 'string' && typeof value.until === 'number'
      ? value
      : null;
  } catch {
    return null;
  }
}

export const storageLease: LockRunner = async (name, task) => {
  const key = `lock:${name}`;
  const holder = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  for (;;) {
    const lease = readLease(key);
    if (!lease || lease.until < Date.now()) {
      localStorage.setItem(key, JSON.stringify({ holder, until: Date.now() + LEASE_MS }));
      // Two tabs can both see the lease free; the last writer wins and the other backs off.
      await sleep(40);
      if (readLease(key)?.holder === holder) break;
    }
    await sleep(80 + Math.random() * 120);
  }
  try {
    return await task();
  } finally {
    if (readLease(key)?.holder === holder) localStorage.removeItem(key);
  }
};

export const webLock: LockRunner = (name, task) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return storageLease(name, task);
  return locks.request(name, { mode: 'exclusive' }, task) as Promise<
    Awaited<ReturnType<typeof task>>
  >;
};
