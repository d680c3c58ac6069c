// The app's start is a chain of steps (its modules, the router, the page's chunks, the first
// render). Run back to back they were one task of 40 ms and more on a phone, during which a tap
// waited; awaiting this between two steps lets the browser paint and answer input in between.
interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a later task: `scheduler.yield()` where the browser has it, else a timer. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
