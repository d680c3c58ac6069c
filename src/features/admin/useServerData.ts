// Server data for the administration screens, which work online only: the value, the failure
// (translated, with a way to try again) and a reload after a change. The previous value stays
// on screen while a new one loads.
import { useCallback, useEffect, useRef, useState } from 'react';
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
