// The last answers the server gave for the dashboard, kept on the phone so the dashboard opens
// without a connection and says how old its figures are. A cache, not a record: nothing here
// is sent anywhere, and signing out empties it with the rest of the phone's data.
import { db } from './db';

export interface CachedAnswer<T> {
  value: T;
  /** When the server made it (ms). */
  at: number;
}

const key = (name: string) => `report:${name}`;

export async function keepAnswer<T>(name: string, value: T, at: number): Promise<void> {
  await db.meta.put({ key: key(name), value: { value, at } satisfies CachedAnswer<T> });
}

export async function cachedAnswer<T>(name: string): Promise<CachedAnswer<T> | null> {
  const row = await db.meta.get(key(name));
  return (row?.value as CachedAnswer<T> | undefined) ?? null;
}
