// A background queue's reader: runs `work` every `intervalMs`, and again at once while it finds
// something to do (it answers how many items it took); never two runs at a time. A failed run
// is reported and the next tick tries again. stop() waits for the run in progress.
import type { Logger } from './logger';

export interface QueueLoop {
  stop(): Promise<void>;
}

export function startQueueLoop(
  work: () => Promise<number>,
  options: { intervalMs: number; log: Logger; failure: string },
): QueueLoop {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = work()
      .catch((error: unknown) => {
        options.log.error(options.failure, { error: String(error) });
        return 0;
      })
      .then((taken) => {
        running = null;
        if (!stopped && taken > 0) setImmediate(tick);
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
