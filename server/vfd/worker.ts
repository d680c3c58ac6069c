// The fiscal worker of one server process: every poll it makes the Z reports that are due,
// mails alerts, and sends each VFD's due queue (sendQueue), several VFDs side by side but each
// VFD by one sender only, whichever process holds its lease. Everything it knows is in the
// database, so processes can be started and killed at any time.
import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, lte } from 'drizzle-orm';
import type { Deps } from '../context';
import { withDbPriority } from '../db/scheduler';
import { traOutbox } from '../db/schema';
import { sendTraAlerts } from './alerts';
import { onReceiptsQueued } from './nudge';
import { DEFAULT_QUEUE_SETTINGS, sendQueue, type QueueHooks, type QueueSettings } from './queue';
import { makeDueZReports } from './z-report';

export interface WorkerSettings extends QueueSettings {
  pollIntervalMs: number;
  /** VFDs sent to at the same time by this process. */
  concurrency: number;
  zReportIntervalMs: number;
  alertIntervalMs: number;
  /** Receipts waiting longer than this are reported to the company's admins. */
  overdueAfterMs: number;
  /** This process's name in lease rows. */
  holder: string;
}

export const DEFAULT_WORKER_SETTINGS: Omit<WorkerSettings, 'holder'> = {
  ...DEFAULT_QUEUE_SETTINGS,
  pollIntervalMs: 1_000,
  concurrency: 4,
  zReportIntervalMs: 60_000,
  alertIntervalMs: 10 * 60_000,
  overdueAfterMs: 2 * 86_400_000,
};

export interface TraWorker {
  start(): void;
  /** Stops polling, lets sends in flight finish, releases leases. */
  stop(): Promise<void>;
  /** One pass: due Z reports and alerts, then every VFD with something due. */
  runOnce(): Promise<void>;
  /** Sends one VFD's due queue now (tests, and a nudge after a submit). */
  sendCompany(companyId: string): Promise<void>;
  readonly settings: WorkerSettings;
}

export function createTraWorker(
  deps: Deps,
  overrides: Partial<WorkerSettings> = {},
  hooks: QueueHooks = {},
): TraWorker {
  const settings: WorkerSettings = {
    ...DEFAULT_WORKER_SETTINGS,
    holder: `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`,
    ...overrides,
  };
  let running = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastZ = -Infinity;
  let lastAlerts = -Infinity;
  const active = new Map<string, Promise<void>>();
  /** Companies whose receipts were queued while their line was being sent. */
  const nudgedMeanwhile = new Set<string>();
  let stopListening: (() => void) | null = null;

  /** Receipts were queued: send them now; a line being sent goes round once more after. */
  function nudged(companyId: string): void {
    if (!running || stopping) return;
    if (active.has(companyId)) nudgedMeanwhile.add(companyId);
    else void sendCompany(companyId);
  }

  function sendCompany(companyId: string): Promise<void> {
    const current = active.get(companyId);
    if (current) return current;
    // Ahead of waiting requests at the database: receipts keep going out under API load.
    const run = withDbPriority(() =>
      sendQueue(deps, companyId, settings.holder, settings, () => stopping, hooks),
    )
      .then(() => undefined)
      .catch((error: unknown) => {
        deps.log.error('Sending to TRA failed', { companyId, error: String(error) });
      })
      .finally(() => {
        active.delete(companyId);
        // The run may have read its last window before these receipts were committed.
        if (nudgedMeanwhile.delete(companyId)) nudged(companyId);
      });
    active.set(companyId, run);
    return run;
  }

  async function runOnce(): Promise<void> {
    const now = deps.clock.now().getTime();
    if (now - lastZ >= settings.zReportIntervalMs) {
      lastZ = now;
      await makeDueZReports(deps).catch((error: unknown) => {
        deps.log.error('Making Z reports failed', { error: String(error) });
      });
    }
    if (now - lastAlerts >= settings.alertIntervalMs) {
      lastAlerts = now;
      await sendTraAlerts(deps, settings.overdueAfterMs).catch((error: unknown) => {
        deps.log.error('Sending TRA alerts failed', { error: String(error) });
      });
    }
    const due = await deps.db
      .selectDistinct({ companyId: traOutbox.companyId })
      .from(traOutbox)
      .where(and(eq(traOutbox.status, 'pending'), lte(traOutbox.nextAttemptAt, deps.clock.now())))
      .limit(500);
    const queue = due.map((d) => d.companyId);
    const lanes = Array.from({ length: Math.max(1, settings.concurrency) }, async () => {
      for (let next = queue.shift(); next && !stopping; next = queue.shift()) {
        await sendCompany(next);
      }
    });
    await Promise.all(lanes);
  }

  async function poll(): Promise<void> {
    while (running) {
      try {
        await runOnce();
      } catch (error) {
        deps.log.error('Fiscal worker pass failed', { error: String(error) });
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    settings,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      stopListening = onReceiptsQueued(deps, nudged);
      loop = withDbPriority(poll);
    },
    async stop() {
      running = false;
      stopping = true;
      stopListening?.();
      stopListening = null;
      nudgedMeanwhile.clear();
      wake?.();
      await loop;
      await Promise.all(active.values());
      loop = null;
    },
    runOnce,
    sendCompany,
  };
}
