// Runs the built-in TRA simulator on its own thread (thread.ts) for a started server, and
// answers the server's /tra-sim paths (public verification pages, /admin) by passing them on
// to it. Under load the server's thread was busy with API requests while receipts waited to
// be checked and recorded by the simulator sharing it.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Hono } from 'hono';
import type { LogLevel, Logger } from '../logger';
import { clientAddress } from '../http/address';
import type { FaultSettings } from './faults';
import { BODY_LIMITS, readBody, tooLarge } from './simulator';
import type { EnrolledTaxpayer, TaxpayerInput } from './taxpayers';

export interface ThreadData {
  databaseUrl: string | undefined;
  /** The simulator's own embedded database, when there is no PostgreSQL. */
  dataDir: string | undefined;
  /** 0 for any free port; a restarted thread keeps its predecessor's. */
  port: number;
  logLevel: LogLevel;
  faults: Partial<FaultSettings>;
  clientKey: string;
  adminToken: string | undefined;
}

export type ThreadRequest = { type: 'enrol'; id: number; input: TaxpayerInput } | { type: 'stop' };

export type ThreadReply =
  | { type: 'listening'; port: number }
  | { type: 'enrolled'; id: number; enrolled?: EnrolledTaxpayer; error?: string };

export interface SimulatorThread {
  /** http://127.0.0.1:PORT/tra-sim: where this server's VFD client sends. */
  readonly base: string;
  /** Issues a certificate for a VFD, as TRA does before the taxpayer's system registers it. */
  enrol(input: TaxpayerInput): Promise<EnrolledTaxpayer>;
  stop(): Promise<void>;
}

/**
 * The bundled server runs dist/server/tra-sim-thread.js next to it; from the sources (tests,
 * `npm run dev`) the thread loads thread.ts through tsx.
 */
function newWorker(data: ThreadData): Worker {
  const bundled = new URL('./tra-sim-thread.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled, { workerData: data });
  const source = new URL('./thread.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, workerData: data },
  );
}

const RESTART_AFTER_MS = 1_000;

/**
 * Starts the thread and resolves once it listens. Should the thread end unexpectedly, it is
 * started again on the same port after a second; the VFD client meanwhile meets a refused
 * connection, which it retries like any network failure.
 */
export async function startSimulatorThread(
  data: Omit<ThreadData, 'port'>,
  log: Logger,
): Promise<SimulatorThread> {
  let port = 0;
  let worker: Worker;
  let stopping = false;
  /** The current thread is running (false between an unexpected end and its restart). */
  let alive = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve(e: EnrolledTaxpayer): void; reject(e: Error): void }>();

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      worker = newWorker({ ...data, port });
      worker.on('message', (message: ThreadReply) => {
        if (message.type === 'listening') {
          port = message.port;
          resolve();
          return;
        }
        const call = waiting.get(message.id);
        waiting.delete(message.id);
        const enrolled = message.enrolled;
        // A Buffer crosses threads as a plain Uint8Array.
        if (enrolled?.issued) enrolled.issued.pfx = Buffer.from(enrolled.issued.pfx);
        if (enrolled) call?.resolve(enrolled);
        else call?.reject(new Error(message.error ?? 'The TRA simulator did not enrol the VFD'));
      });
      worker.on('error', (error) => {
        log.error('The TRA simulator thread failed', { error: String(error) });
        reject(error);
      });
      alive = true;
      worker.on('exit', (code) => {
        alive = false;
        // Before it listened: the start failed (a settled promise ignores this).
        reject(new Error(`The TRA simulator thread ended with ${code}`));
        for (const call of waiting.values()) call.reject(new Error('The TRA simulator stopped'));
        waiting.clear();
        if (stopping || port === 0) return;
        log.error('The TRA simulator thread ended; starting it again', { code });
        setTimeout(() => {
          if (!stopping) launch().catch(() => undefined);
        }, RESTART_AFTER_MS).unref();
      });
    });

  await launch();
  return {
    get base() {
      return `http://127.0.0.1:${port}/tra-sim`;
    },
    enrol(input) {
      if (!alive) return Promise.reject(new Error('The TRA simulator is starting again'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'enrol', id, input } satisfies ThreadRequest);
      });
    },
    async stop() {
      stopping = true;
      if (!alive) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'stop' } satisfies ThreadRequest);
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Headers that belong to one connection (RFC 9110 §7.6.1), not to what is passed on. */
const CONNECTION_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
];
/** Request headers not passed on: the connection's, and those the proxy sets itself. */
const HOP_HEADERS = [...CONNECTION_HEADERS, 'host', 'content-length', 'x-forwarded-for'];

/**
 * /tra-sim/* of the server, passed on to the thread: the client's address goes along in
 * X-Forwarded-For for the simulator's rate limits, and a body larger than the simulator would
 * read is refused here, unread.
 */
export function simulatorProxy(thread: Pick<SimulatorThread, 'base'>, trustProxy: boolean): Hono {
  const limit = Math.max(...Object.values(BODY_LIMITS));
  const app = new Hono();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    for (const name of HOP_HEADERS) headers.delete(name);
    headers.set('x-forwarded-for', clientAddress(c, trustProxy));
    let body: string | undefined;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const read = await readBody(c, limit);
      if (read === null) return tooLarge(c);
      body = read;
    }
    const target = `${thread.base.replace(/\/tra-sim$/, '')}${url.pathname}${url.search}`;
    let answer: Response;
    try {
      answer = await fetch(target, { method: c.req.method, headers, body, redirect: 'manual' });
    } catch {
      return c.text('The TRA simulator is starting again; try in a moment', 503, {
        'Retry-After': '2',
      });
    }
    // The body is passed on decoded, and over HTTP/2 a connection's headers are not allowed.
    const answerHeaders = new Headers(answer.headers);
    for (const name of [...CONNECTION_HEADERS, 'content-length', 'content-encoding'])
      answerHeaders.delete(name);
    return new Response(answer.body, { status: answer.status, headers: answerHeaders });
  });
  return app;
}
