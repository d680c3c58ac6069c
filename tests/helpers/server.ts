// An in-process server for tests: real database, real app, requests through app.request().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../server/app';
import { ManualClock, type Clock } from '../../server/clock';
import { loadConfig, type Config } from '../../server/config';
import type { Deps } from '../../server/context';
import { createLogger } from '../../server/logger';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { ephemeralSecrets } from '../../server/secrets';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestServer {
  app: App;
  deps: Deps;
  database: TestDatabase;
  clock: ManualClock;
  dataDir: string;
  /** JSON request helper: returns status and parsed body. */
  call<T = any>(
    method: string,
    url: string,
    options?: CallOptions,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Pretend the request comes from this address (the test config trusts X-Forwarded-For). */
  address?: string;
}

export interface TestServerOptions {
  config?: Partial<Record<string, string>>;
  clock?: ManualClock;
  mailer?: Mailer;
  traBaseUrl?: string;
}

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-test-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    RISITI_DEMO: '0',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
    ...options.config,
  });
  const database = await createTestDatabase();
  const clock = options.clock ?? new ManualClock();
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir });
  const deps: Deps = {
    db: database.db,
    dbKind: database.kind,
    config,
    clock: clock as Clock,
    mailer,
    secrets: ephemeralSecrets(),
    log: createLogger('error'),
    traBaseUrl: options.traBaseUrl ?? 'http://127.0.0.1:9/tra-sim',
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    clock,
    dataDir,
    async call(method, url, callOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
      if (callOptions.address) headers['x-forwarded-for'] = callOptions.address;
      let body: BodyInit | undefined;
      if (callOptions.body !== undefined) {
        if (callOptions.body instanceof FormData) body = callOptions.body;
        else {
          headers['content-type'] ??= 'application/json';
          body = JSON.stringify(callOptions.body);
        }
      }
      const response = await app.request(url, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: response.status, body: parsed as never, headers: response.headers };
    },
    async close() {
      mailer.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
