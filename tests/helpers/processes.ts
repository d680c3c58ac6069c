// Separate server processes for the fiscal tests (tests/fiscal/processes/vfd-process.ts), and a
// TRA simulator with a database of its own, as TRA's is: it survives the processes it serves.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import type { ManualClock } from '../../server/clock';
import { systemClock, type Clock } from '../../server/clock';
import type { Database } from '../../server/db/client';
import type { FaultSettings } from '../../server/tra-sim/faults';
import { createTraSimulator, type TraSimulator } from '../../server/tra-sim/simulator';
import { createTestDatabase } from './db';

export interface StandaloneSimulator {
  sim: TraSimulator;
  url: string;
  database: Database;
  close(): Promise<void>;
}

export async function startStandaloneSimulator(
  options: {
    faults?: Partial<FaultSettings>;
    random?: () => number;
    clock?: Clock | ManualClock;
  } = {},
): Promise<StandaloneSimulator> {
  const database = await createTestDatabase('pglite');
  const sim = createTraSimulator({
    db: database.db,
    clock: options.clock ?? systemClock,
    faults: options.faults ?? {},
    ...(options.random ? { random: options.random } : {}),
  });
  const http: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    sim,
    url: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        (http as HttpServer).closeAllConnections();
      });
      await database.close();
    },
  };
}

export interface VfdProcess {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<void>;
}

const script = path.join(import.meta.dirname, '..', 'fiscal', 'processes', 'vfd-process.ts');

export async function startVfdProcess(env: Record<string, string>): Promise<VfdProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, HOLDER: env.HOLDER ?? `p-${crypto.randomUUID()}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as unknown as ChildProcessWithoutNullStreams;
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
    listeners.forEach((notify) => notify());
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const handle: VfdProcess = {
    child,
    lines,
    exited,
    waitForLine(match, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (lines.some(match)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`process output did not arrive in time; stderr: ${errors.slice(-2000)}`),
          );
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => {
          if (!lines.some(match)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`process exited; stderr: ${errors.slice(-2000)}`));
          }
        });
        check();
      });
    },
  };
  await handle.waitForLine((line) => line.includes('"ready"'), 60_000);
  return handle;
}

/** Polls until `check` holds, or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
