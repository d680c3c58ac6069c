// The app's own routes and a caller of each role, for tests that must cover every route,
// including routes added later: they are read from the Hono app, not listed by hand.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createCompanyWithPeople, createUser } from './factories';
import type { TestServer } from './server';
import { tokenFor } from './session';

export interface AppRoute {
  method: string;
  path: string;
}

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The app's routes with a handler of their own (not middleware), once each, without the TRA
 * simulator (its limits are its own) and the catch-all 404s.
 */
export function appRoutes(server: TestServer, methods?: string[]): AppRoute[] {
  const seen = new Set<string>();
  const routes: AppRoute[] = [];
  for (const route of server.app.routes) {
    if (route.path.startsWith('/tra-sim')) continue;
    if (route.path.endsWith('/*') || route.path === '*') continue;
    if (methods ? !methods.includes(route.method) : route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path: route.path });
  }
  return routes;
}

export type Caller = 'anonymous' | 'operator' | 'owner' | 'orgAdmin' | 'platform';
export const CALLERS: Caller[] = ['anonymous', 'operator', 'owner', 'orgAdmin', 'platform'];

export interface Callers {
  tokens: Record<Caller, string | undefined>;
  companyId: string;
  organizationId: string;
}

export async function callersOf(server: TestServer): Promise<Callers> {
  const db = server.deps.db;
  const own = await createCompanyWithPeople(db);
  const orgAdmin = await createUser(db, 'org_admin', {
    organizationId: own.company.organizationId,
  });
  const platform = await createUser(db, 'platform_admin');
  return {
    companyId: own.company.id,
    organizationId: own.company.organizationId,
    tokens: {
      anonymous: undefined,
      operator: await tokenFor(server, own.operator),
      owner: await tokenFor(server, own.owner),
      orgAdmin: await tokenFor(server, orgAdmin),
      platform: await tokenFor(server, platform),
    },
  };
}

/** Company routes that read a body about the company itself: they get the caller's company. */
const COMPANY_BODY_ROUTES = [
  /^\/v1\/accounting\/companies\/:id$/,
  /^\/v1\/accounting\/companies\/:id\/(certificate|vfd\/cert-serial|z-reports|paid-until)$/,
];

/**
 * A concrete URL for a route: the caller's company where the route is about it, otherwise a
 * new id that names nothing (so a route without a body changes nothing), and ?companyId= for
 * the admins' company-bound calls.
 */
export function urlFor(route: AppRoute, callers: Callers): string {
  const ownCompany = COMPANY_BODY_ROUTES.some((pattern) => pattern.test(route.path));
  const path = route.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, () =>
    ownCompany ? callers.companyId : crypto.randomUUID(),
  );
  return `${path}?companyId=${callers.companyId}`;
}

/** Row counts of every table whose rows a refused request must not add or change. */
export async function storedCounts(server: TestServer): Promise<Record<string, number>> {
  const tables = (await server.deps.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
        order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables.rows) {
    if (['rate_limits', 'refresh_tokens', '__drizzle_migrations'].includes(name)) continue;
    if (name.startsWith('tra_sim')) continue;
    const result = (await server.deps.db.execute(
      sql.raw(`select count(*)::int as n from "${name}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[name] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** storedCounts as one query, cheap enough to run around every request. */
export async function storedCounter(server: TestServer): Promise<() => Promise<string>> {
  const names = Object.keys(await storedCounts(server));
  const query = sql.raw(
    `select ${names
      .map((name) => `'${name}=' || (select count(*) from "${name}")::text`)
      .join(` || ',' || `)} as counts`,
  );
  return async () => {
    const result = (await server.deps.db.execute(query)) as unknown as {
      rows: { counts: string }[];
    };
    return result.rows[0]!.counts;
  };
}
