// `npm run tra-sim`: the TRA simulator on its own, at TRA's testing paths, with its own
// database (PGlite in memory, or in TRA_SIM_DATA_DIR to keep its ledger). Point a Risiti
// server at it with TRA_BASE_URL=http://HOST:PORT.
import crypto from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import * as v from 'valibot';
import { systemClock } from '../clock';
import { migrateDatabase, openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { parseFaults } from './faults';
import { createTraSimulator } from './simulator';

const envSchema = v.object({
  TRA_SIM_PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)),
    '8090',
  ),
  TRA_SIM_HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  TRA_SIM_DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  TRA_SIM_ADMIN_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  ),
  TRA_SIM_FAULTS: v.optional(v.string()),
  TRA_SIM_TOKEN_TTL: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'must be a number of seconds'), v.transform(Number)),
    '86400',
  ),
});

async function main(): Promise<void> {
  const parsed = v.safeParse(
    envSchema,
    Object.fromEntries(Object.entries(process.env).filter(([, value]) => value)),
  );
  if (!parsed.success) {
    const lines = parsed.issues.map(
      (issue) => `  ${issue.path?.map((p) => String(p.key)).join('.') ?? '?'}: ${issue.message}`,
    );
    console.error(`Invalid configuration:\n${lines.join('\n')}`);
    process.exit(1);
  }
  const env = parsed.output;
  let faults;
  try {
    faults = parseFaults(env.TRA_SIM_FAULTS);
  } catch (error) {
    console.error(`Invalid configuration:\n  ${(error as Error).message}`);
    process.exit(1);
  }
  const database = await openDatabase({ dataDir: env.TRA_SIM_DATA_DIR });
  await migrateDatabase(database);
  const adminToken = env.TRA_SIM_ADMIN_TOKEN ?? crypto.randomBytes(24).toString('base64url');
  const log = createLogger('info');
  const simulator = createTraSimulator({
    db: database.db,
    clock: systemClock,
    log,
    faults,
    adminToken,
    tokenTtlSeconds: env.TRA_SIM_TOKEN_TTL,
  });
  const app = new Hono();
  app.route('/', simulator.app);
  // TRA's testing base has this prefix; both forms are served.
  app.route('/efdmsRctApi', simulator.app);
  const server = serve({ fetch: app.fetch, port: env.TRA_SIM_PORT, hostname: env.TRA_SIM_HOST });
  const base = `http://${env.TRA_SIM_HOST}:${env.TRA_SIM_PORT}`;
  console.log(
    [
      `TRA simulator listening on ${base} (TRA_BASE_URL=${base})`,
      `  ledger: ${env.TRA_SIM_DATA_DIR ?? 'in memory'}`,
      env.TRA_SIM_ADMIN_TOKEN
        ? '  admin: Authorization: Bearer <TRA_SIM_ADMIN_TOKEN>'
        : `  admin: Authorization: Bearer ${adminToken}`,
      `  issue a certificate: POST ${base}/admin/taxpayers {"tin","name","mobile","address"}`,
    ].join('\n'),
  );
  const stop = () => {
    server.close(() => {
      void database.close().then(() => process.exit(0));
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
