// Live queries tied to what they read. dexie-react-hooks' useLiveQuery keeps its last answer when
// its keys change, and uses its default only on its first render: a screen whose record or list
// changed under it (another invoice opened from this one, another filter chosen) showed the one
// before as this one's until the new read came back.
import { useLiveQuery } from 'dexie-react-hooks';

export interface LiveAnswer<T> {
  /** The answer read for the key given now; undefined until it is read. */
  answer: T | undefined;
  /** The last answer read, which may be for an earlier key (what was on screen before). */
  last: T | undefined;
}

/** A live query of `read`, read again whenever `key` changes (its dependencies, as a string). */
export function useLiveAnswer<T>(key: string, read: () => Promise<T> | T): LiveAnswer<T> {
  const result = useLiveQuery(async () => ({ key, value: await read() }), [key]);
  return { answer: result?.key === key ? result.value : undefined, last: result?.value };
}
