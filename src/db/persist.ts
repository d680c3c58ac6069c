// Asks the browser to keep the app's data under storage pressure. Without it, a phone low on
// space may evict IndexedDB, including changes that never reached the server.

export type PersistOutcome = 'persisted' | 'refused' | 'unsupported';

export async function requestPersistentStorage(): Promise<PersistOutcome> {
  const storage = (
    globalThis.navigator as
      { storage?: { persist?(): Promise<boolean>; persisted(): Promise<boolean> } } | undefined
  )?.storage;
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'refused';
  } catch {
    return 'refused';
  }
}
