// Builds the server from configuration: database (migrated), secrets, mail, seed, HTTP app.
// main.ts calls it for `npm start`; tests call it with their own configuration.
import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type App } from './app';
import { startContactMailRetry } from './contact/service';
import { startRegistrationMailRetry } from './registration/service';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Deps } from './context';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { createDbTurns, inRequestTurn } from './db/scheduler';
import { createLogger, type Logger } from './logger';
import { invoiceQueueHooks } from './invoices/settle';
import { startReceiptLookups } from './expenses/lookup/job';
import { startInsightTasks } from './insights/job';
import { startPushSender } from './push/service';
import { startStatisticsRefresh } from './db/statistics';
import { startIntegrationImports } from './integrations/service';
import { createMailer } from './mail/mailer';
import { loadSecrets, traSimClientKey, type Secrets } from './secrets';
import { startSimulatorThread, type SimulatorThread } from './tra-sim/host';
import { receiptPageLinks } from './receipts/routes';
import { moveSimulatorLedger } from './tra-sim/store';
import { printLogins, seed } from './seed';
import { mountStatic } from './static';
import { installSimulatedCertificate } from './vfd/simulated';
import { createTraWorker } from './vfd/worker';

export interface RunningServer {
  deps: Deps;
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Serve the built PWA from this folder (default: dist/web next to the server bundle). */
  webDir?: string | false;
  printSeededLogins?: boolean;
}

function defaultWebDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../web'), path.resolve('dist/web')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[1]!;
}

/**
 * API requests worked on at once, on either database. On PostgreSQL 32 were allowed: 64
 * clients for 20 s then saw 19 % of their receipts acknowledged by TRA during the load; with 8,
 * 38 %, for about a tenth fewer invoices a second (docs/ARCHITECTURE.md has the runs).
 */
const API_SLOTS = 8;

/**
 * At most `slots` API requests are worked on at once; the others wait their turn in arrival
 * order, before anything of them is read. The event loop goes round every request in progress
 * between two steps of any one of them: with no cap, 64 clients' requests stretched each step
 * of the fiscal worker (and of the simulator it sends to) 64-fold, and receipts went to TRA
 * only once the load stopped. Static files and the mounted simulator do not wait.
 */
function takingTurns(fetch: App['fetch'], slots: number): App['fetch'] {
  const turns = createDbTurns(slots);
  return (request, env, executionCtx) => {
    const path = new URL(request.url).pathname;
    if (!/^\/(api|v1|ussd)\//.test(path)) return fetch(request, env, executionCtx);
    return inRequestTurn(turns, async () => fetch(request, env, executionCtx));
  };
}

/**
 * Starts the built-in simulator on its own thread (tra-sim/host.ts), or nothing when TRA_BASE_URL
 * names TRA or a test's own clock must reach the simulator, which then stays on the server's
 * thread. On PostgreSQL the thread's ledger is the server's database, so it starts once that
 * is migrated. On the embedded database it has its own, in DATA_DIR/tra-sim: an existing one is
 * opened while the server opens its own; a new one starts from a copy of the server's new,
 * empty database when both are created now (`freshCopyTo`), and a ledger of an earlier install
 * is first moved out of the server's database (tra-sim/store.ts).
 */
function simulatorStarter(config: Config, options: StartOptions, secrets: Secrets, log: Logger) {
  if (config.traBaseUrl || options.clock) return null;
  const dataDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'tra-sim');
  const start = () =>
    startSimulatorThread(
      {
        databaseUrl: config.databaseUrl,
        dataDir,
        logLevel: config.logLevel,
        faults: config.traSimFaults,
        clientKey: traSimClientKey(secrets),
        adminToken: config.traSimAdminToken,
      },
      log,
    );
  const early = dataDir && fs.existsSync(dataDir) ? start() : null;
  // Awaited by started() or abandoned(); a failure meanwhile is theirs to report.
  early?.catch(() => undefined);
  return {
    freshCopyTo: early ? undefined : dataDir,
    async started(database: Database): Promise<SimulatorThread> {
      if (dataDir) await moveSimulatorLedger(database.db, dataDir, log);
      return early ?? start();
    },
    async abandoned(): Promise<void> {
      await early?.then((thread) => thread.stop()).catch(() => undefined);
    },
  };
}

/** Requests one HTTP/2 connection may have open at once (nginx allows 128). */
export const MAX_STREAMS_PER_CONNECTION = 100;

export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secrets = loadSecrets(config);
  const simulator = simulatorStarter(config, options, secrets, log);
  let database: Database;
  let simulatorThread: SimulatorThread | null;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
      freshCopyTo: simulator?.freshCopyTo,
    });
    await migrateDatabase(database);
    simulatorThread = (await simulator?.started(database)) ?? null;
  } catch (error) {
    await simulator?.abandoned();
    throw error;
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
  });
  const scheme = config.tls ? 'https' : 'http';
  const localBase = `${scheme}://127.0.0.1:${config.port}`;
  const deps: Deps = {
    db: database.db,
    dbKind: database.kind,
    config,
    clock: options.clock ?? systemClock,
    mailer,
    secrets,
    log,
    traBaseUrl: config.traBaseUrl ?? simulatorThread?.base ?? `${localBase}/tra-sim`,
    ...(simulatorThread
      ? { traSim: { thread: simulatorThread, publicBase: `${localBase}/tra-sim` } }
      : {}),
  };

  const app = createApp(deps);
  if (options.webDir !== false) {
    mountStatic(app, options.webDir ?? defaultWebDir(), { linksOf: receiptPageLinks });
  }

  const fetch = takingTurns(app.fetch, API_SLOTS);
  const listen = { fetch, port: config.port, hostname: config.host };
  const server: ServerType = await new Promise((resolve) => {
    const s = config.tls
      ? // HTTPS of its own: HTTP/2 for browsers (one connection for all of a page's files),
        // HTTP/1.1 on the same port for clients without it.
        serve(
          {
            ...listen,
            createServer: http2.createSecureServer,
            serverOptions: {
              ...config.tls,
              allowHTTP1: true,
              // Node allows a connection about four billion requests at once: a browser needs
              // tens, and each one waiting holds memory.
              settings: { maxConcurrentStreams: MAX_STREAMS_PER_CONNECTION },
            },
          },
          () => resolve(s),
        )
      : serve(listen, () => resolve(s));
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `${scheme}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  if (config.port === 0) {
    const ownBase = `${scheme}://127.0.0.1:${port}/tra-sim`;
    if (deps.traSim) deps.traSim.publicBase = ownBase;
    else deps.traBaseUrl = config.traBaseUrl ?? ownBase;
  }

  const seeded = await seed(deps);
  if (options.printSeededLogins !== false) printLogins(seeded.logins);
  if (seeded.demoCompanyId && !config.traBaseUrl) {
    // The demo company fiscalizes out of the box: TRA's part is played by the simulator.
    await installSimulatedCertificate(deps, seeded.demoCompanyId, null).catch((error: unknown) => {
      log.error('The demo company could not be registered with the TRA simulator', {
        error: String(error),
      });
    });
  }
  const worker = config.traWorker
    ? createTraWorker(deps, { overdueAfterMs: config.traOverdueMs }, invoiceQueueHooks)
    : null;
  worker?.start();
  const contactMail = startContactMailRetry(deps);
  const registrationMail = startRegistrationMailRetry(deps);
  const receiptLookups = startReceiptLookups(deps);
  const insightTasks = startInsightTasks(deps);
  const pushSender = startPushSender(deps);
  const statistics = startStatisticsRefresh(deps);
  const integrationImports = config.integrationImports ? startIntegrationImports(deps) : null;
  log.info(`Risiti listening on ${url} (database: ${database.kind}, TRA: ${deps.traBaseUrl})`);

  return {
    deps,
    url,
    async close() {
      await worker?.stop();
      await contactMail.stop();
      await registrationMail.stop();
      await receiptLookups.stop();
      await insightTasks.stop();
      await pushSender.stop();
      await statistics.stop();
      await integrationImports?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps its HTTP/2 connection open: each ends once its requests are answered.
        for (const session of sessions) session.close();
      });
      await simulatorThread?.stop();
      mailer.close();
      await database.close();
    },
  };
}
