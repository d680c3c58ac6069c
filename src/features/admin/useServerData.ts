// Server data for the administration screens, which work online only: the value, the failure
// (translated, with a way to try again) and a reload after a change. The previous value stays
// on screen while a new one loads.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../api/admin';
import { readFailure, type ApiFailure } from '../../api/errors';

export interface ServerData<T> {
  data: T | undefined;
  failure: ApiFailure | null;
  loading: boolean;
  reload(): void;
  /** Replaces the value at once (after a change the server answered). */
  set(value: T): void;
}

interface Loaded<T> {
  key: string;
  data: T | undefined;
  failure: ApiFailure | null;
}

/** Loads again whenever one of `deps` (plain values) changes. */
export function useServerData<T>(load: () => Promise<T>, deps: readonly unknown[]): ServerData<T> {
  const [round, setRound] = useState(0);
  const key = `${JSON.stringify(deps)}#${round}`;
  const [state, setState] = useState<Loaded<T>>({ key: '', data: undefined, failure: null });
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let current = true;
    latest.current().then(
      (data) => {
        if (current) setState({ key, data, failure: null });
      },
      async (error: unknown) => {
        const failure = await readFailure(error);
        if (current) setState((previous) => ({ key, data: previous.data, failure }));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  const loading = state.key !== key;
  return {
    data: state.data,
    failure: loading ? null : state.failure,
    loading,
    reload: useCallback(() => setRound((n) => n + 1), []),
    set: useCallback((data: T) => setState((previous) => ({ ...previous, data })), []),
  };
}

// A server list read a page at a time: the first page loads whenever a filter changes, "Show
// more" adds the next after the rows already shown, and a reload (after a change) reads again as
// many rows as were shown, so a change to the 75th row leaves it on screen. The total the server
// counted says whether there is more, or, for a list too long to count (receipts), the server's
// word that more follow. The rows shown stay while new ones load. (In this module
// with useServerData, so the build keeps the two together, in the chunk of the screens using them.)
export interface ServerPages<T> {
  /** The rows shown: the first page and every page added since. */
  items: T[] | undefined;
  /** The rows the server counted; null for a list it does not count. */
  total: number | null;
  /** Rows after those shown. */
  hasMore: boolean;
  /** More rows than the first page: the count and "Show more" matter. */
  paged: boolean;
  failure: ApiFailure | null;
  loading: boolean;
  loadingMore: boolean;
  /** Why the next page did not come, with the rows read so far still shown. */
  moreFailure: ApiFailure | null;
  more(): void;
  reload(): void;
}

interface LoadedPages<T> {
  /** The filters and the round of loading these rows answer. */
  key: string;
  filters: string;
  items: T[] | undefined;
  total: number | null;
  hasMore: boolean;
  /** How many rows the first page held. */
  firstPage: number;
  failure: ApiFailure | null;
  moreFailure: ApiFailure | null;
}

/** The rows of `next` not already in `rows`: a row added or removed meanwhile shifts the pages. */
function joined<T extends { id: string }>(rows: T[], next: T[]): T[] {
  const shown = new Set(rows.map((row) => row.id));
  return [...rows, ...next.filter((row) => !shown.has(row.id))];
}

/** A page of a list too long to count: its rows, and whether more follow. */
export interface OpenPage<T> {
  items: T[];
  more: boolean;
}

const totalOf = (page: Page<unknown> | OpenPage<unknown>) => ('total' in page ? page.total : null);
const moreAfter = (page: Page<unknown> | OpenPage<unknown>, shown: number) =>
  'more' in page ? page.more : shown < page.total;

/** Loads the first page again whenever one of `deps` (plain values) changes. */
export function useServerPages<T extends { id: string }>(
  load: (offset: number) => Promise<Page<T> | OpenPage<T>>,
  deps: readonly unknown[],
): ServerPages<T> {
  const [round, setRound] = useState(0);
  const filters = JSON.stringify(deps);
  const key = `${filters}#${round}`;
  const [state, setState] = useState<LoadedPages<T>>({
    key: '',
    filters: '',
    items: undefined,
    total: null,
    hasMore: false,
    firstPage: 0,
    failure: null,
    moreFailure: null,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef({ load, state });
  useEffect(() => {
    latest.current = { load, state };
  });

  useEffect(() => {
    let current = true;
    const before = latest.current.state;
    // A reload reads as many rows as the same filters showed; new filters start at one page.
    const keep = before.filters === filters ? (before.items?.length ?? 0) : 0;
    const read = async () => {
      const first = await latest.current.load(0);
      let items = first.items;
      let total = totalOf(first);
      let hasMore = moreAfter(first, items.length);
      while (items.length < keep && hasMore) {
        const next = await latest.current.load(items.length);
        if (next.items.length === 0) break;
        items = joined(items, next.items);
        total = totalOf(next);
        hasMore = moreAfter(next, items.length);
      }
      return { items, total, hasMore, firstPage: first.items.length };
    };
    read().then(
      (loaded) => {
        if (current) setState({ key, filters, ...loaded, failure: null, moreFailure: null });
      },
      async (error: unknown) => {
        const failure = await readFailure(error);
        if (current) setState((previous) => ({ ...previous, key, failure }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, filters]);

  const loading = state.key !== key;
  const items = state.items;
  const more = () => {
    if (!items || loadingMore || loading) return;
    setLoadingMore(true);
    load(items.length).then(
      (next) => {
        setState((previous) => {
          if (previous.key !== key || !previous.items) return previous;
          const rows = joined(previous.items, next.items);
          return {
            ...previous,
            items: rows,
            total: totalOf(next),
            hasMore: next.items.length > 0 && moreAfter(next, rows.length),
            moreFailure: null,
          };
        });
        setLoadingMore(false);
      },
      async (error: unknown) => {
        const failure = await readFailure(error);
        setState((previous) =>
          previous.key === key ? { ...previous, moreFailure: failure } : previous,
        );
        setLoadingMore(false);
      },
    );
  };

  return {
    items,
    total: state.total,
    hasMore: state.hasMore,
    paged: items !== undefined && (items.length > state.firstPage || state.hasMore),
    failure: loading ? null : state.failure,
    loading,
    loadingMore,
    moreFailure: state.moreFailure,
    more,
    reload: useCallback(() => setRound((n) => n + 1), []),
  };
}
