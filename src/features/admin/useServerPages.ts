// A server list read a page at a time: the first page loads whenever a filter changes, "Show
// more" adds the next after the rows already shown, and a reload (after a change) starts again
// from the first page. The total the server counted says whether there is more.
import { useState } from 'react';
import type { Page } from '../../api/admin';
import { readFailure, type ApiFailure } from '../../api/errors';
import { useServerData } from './useServerData';

export interface ServerPages<T> {
  /** The rows shown: the first page and every page added since. */
  items: T[] | undefined;
  total: number;
  /** More rows than the first page: the count and "Show more" matter. */
  paged: boolean;
  failure: ApiFailure | null;
  loading: boolean;
  loadingMore: boolean;
  /** Why the next page did not come, with the first page still shown. */
  moreFailure: ApiFailure | null;
  more(): void;
  reload(): void;
}

interface Added<T> {
  /** The first page these rows follow; a new first page drops them. */
  after: Page<T> | undefined;
  items: T[];
  total: number | null;
  failure: ApiFailure | null;
}

/** Loads `load(0)` again whenever one of `deps` (plain values) changes. */
export function useServerPages<T extends { id: string }>(
  load: (offset: number) => Promise<Page<T>>,
  deps: readonly unknown[],
): ServerPages<T> {
  const first = useServerData(() => load(0), deps);
  const [added, setAdded] = useState<Added<T>>({
    after: undefined,
    items: [],
    total: null,
    failure: null,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const current: Added<T> =
    added.after === first.data
      ? added
      : { after: first.data, items: [], total: null, failure: null };
  const items = first.data ? [...first.data.items, ...current.items] : undefined;
  const total = current.total ?? first.data?.total ?? 0;

  const more = () => {
    if (!items || loadingMore) return;
    setLoadingMore(true);
    load(items.length).then(
      (next) => {
        // A row added or removed meanwhile shifts the pages: never show one twice.
        const shown = new Set(items.map((item) => item.id));
        const fresh = next.items.filter((item) => !shown.has(item.id));
        setAdded({
          ...current,
          items: [...current.items, ...fresh],
          total: next.total,
          failure: null,
        });
        setLoadingMore(false);
      },
      async (error: unknown) => {
        const failure = await readFailure(error);
        setAdded({ ...current, failure });
        setLoadingMore(false);
      },
    );
  };

  return {
    items,
    total,
    paged: current.items.length > 0 || total > (first.data?.items.length ?? 0),
    failure: first.failure,
    loading: first.loading,
    loadingMore,
    moreFailure: current.failure,
    more,
    reload: first.reload,
  };
}
