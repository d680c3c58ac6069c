// What every route and service receives: the database, configuration, clock, mail and
// secrets. Built once in main.ts (or per test) and passed down; no module-level state.
import type { Config } from './config';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Secrets } from './secrets';
import type { Locale } from '../domain/i18n';
import type { Role } from '../domain/roles';
import type { Logger } from './logger';
import type { SimulatorThread } from './tra-sim/host';

export interface Deps {
  db: Db;
  dbKind: 'pglite' | 'postgresql';
  config: Config;
  clock: Clock;
  mailer: Mailer;
  secrets: Secrets;
  log: Logger;
  /** Base URL the TRA client talks to (the mounted simulator when TRA_BASE_URL is unset). */
  traBaseUrl: string;
  /**
   * The built-in simulator on its own thread, when the server started one (server/tra-sim/
   * host.ts): traBaseUrl is then the thread's loopback port, and people reach its pages at
   * publicBase, this server's own /tra-sim.
   */
  traSim?: { thread: SimulatorThread; publicBase: string };
}

/** The signed-in user, loaded from the database on every request. */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  organizationId: string | null;
  companyId: string | null;
  language: Locale;
}

export interface AppEnv {
  Variables: {
    locale: Locale;
    user: AuthUser;
  };
}
