// Turns at the embedded database. PGlite runs one statement or transaction at a time, in the
// order they are asked for: under API load, every statement of the fiscal worker (and of the
// built-in TRA simulator it sends to) waited behind the queue of every request's statements,
// and receipts reached TRA only once the load stopped. Work marked with `withDbPriority` is
// let in before requests that are waiting, so the short transactions that send receipts get
// their turn between requests; requests keep their order among themselves.
import { AsyncLocalStorage } from 'node:async_hooks';

const priority = new AsyncLocalStorage<true>();

/** Runs `work` with its database statements ahead of waiting requests (background jobs). */
export function withDbPriority<T>(work: () => T): T {
  return priority.run(true, work);
}

export function hasDbPriority(): boolean {
  return priority.getStore() === true;
}

export interface DbTurns {
  /** Runs `work` in its turn: at most `slots` at once, prioritized work first. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Calls waiting now (for tests and benchmarks). */
  readonly waiting: { priority: number; normal: number };
}

export function createDbTurns(slots: number): DbTurns {
  let running = 0;
  const urgent: Array<() => void> = [];
  const normal: Array<() => void> = [];

  function release(): void {
    const next = urgent.shift() ?? normal.shift();
    // The next turn starts after the event loop had its own: PGlite answers without waiting
    // for I/O, so statements handed on at once would run back to back and keep the sockets,
    // timers (and the worker's calls to TRA with them) waiting for as long as the queue lasts.
    if (next) setImmediate(next);
    else running--;
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else await new Promise<void>((resolve) => (hasDbPriority() ? urgent : normal).push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get waiting() {
      return { priority: urgent.length, normal: normal.length };
    },
  };
}
