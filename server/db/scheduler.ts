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
  /**
   * From inside `run`: gives the turn up while `work` runs (a wait on a timer), then waits for
   * a new one behind those already waiting.
   */
  away<T>(work: () => Promise<T>): Promise<T>;
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

  /** A turn given when one frees up (the caller counts itself in when one is free now). */
  function queued(): Promise<void> {
    return new Promise<void>((resolve) => (hasDbPriority() ? urgent : normal).push(resolve));
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      // A free turn starts the work at once, without a round of the event loop.
      if (running < slots) running++;
      else await queued();
      try {
        return await work();
      } finally {
        release();
      }
    },
    async away<T>(work: () => Promise<T>): Promise<T> {
      release();
      try {
        return await work();
      } finally {
        if (running < slots) running++;
        else await queued();
      }
    },
    get waiting() {
      return { priority: urgent.length, normal: normal.length };
    },
  };
}

const requestTurns = new AsyncLocalStorage<DbTurns>();

/** Runs a request's `work` in its turn of `turns`, which `awayFromTurn` can then give up. */
export function inRequestTurn<T>(turns: DbTurns, work: () => Promise<T>): Promise<T> {
  return requestTurns.run(turns, () => turns.run(work));
}

/**
 * Runs `work` (a wait) without holding the request's turn: a request held open for seconds
 * would otherwise keep one of the few turns from every other request for as long.
 */
export function awayFromTurn<T>(work: () => Promise<T>): Promise<T> {
  const turns = requestTurns.getStore();
  return turns ? turns.away(work) : work();
}
