// An admin names the company a request works in with ?companyId=. Whatever that value is (not
// an id, an id of no company, a company of another organization), every company-bound route
// refuses it the same way, as a company out of reach, and never fails on it: no 500, and no
// record is written for a company that does not exist.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithPeople, createUser } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { tokenFor } from '../helpers/session';

let server: TestServer;
let own: Awaited<ReturnType<typeof createCompanyWithPeople>>;
let foreign: Awaited<ReturnType<typeof createCompanyWithPeople>>;
const tokens: Record<'orgAdmin' | 'platform', string> = { orgAdmin: '', platform: '' };

beforeAll(async () => {
  server = await createTestServer();
  const db = server.deps.db;
  own = await createCompanyWithPeople(db);
  foreign = await createCompanyWithPeople(db);
  const orgAdmin = await createUser(db, 'org_admin', {
    organizationId: own.company.organizationId,
  });
  const platform = await createUser(db, 'platform_admin');
  tokens.orgAdmin = await tokenFor(server, orgAdmin);
  tokens.platform = await tokenFor(server, platform);
});
afterAll(async () => {
  await server.close();
});

/** Company-bound reads and writes an admin may make for a company they reach. */
const ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown }> = [
  { method: 'GET', path: '/v1/accounting/invoices' },
  { method: 'GET', path: '/v1/accounting/customers' },
  { method: 'GET', path: '/v1/accounting/products' },
  { method: 'GET', path: '/v1/accounting/changes' },
  { method: 'GET', path: '/v1/accounting/insights' },
  { method: 'GET', path: '/v1/accounting/integrations' },
  { method: 'GET', path: '/v1/accounting/payment' },
  { method: 'GET', path: '/v1/accounting/reports/sales?preset=today' },
  {
    method: 'POST',
    path: '/v1/accounting/customers',
    body: {
      name: 'Asha Mwinyi',
      identificationType: 'NO_IDENTIFICATION',
      phoneNumber: '712345678',
    },
  },
];

const NAMES = [
  'x',
  "'; drop table companies; --",
  '00000000-0000-0000-0000-00000000000g',
  crypto.randomUUID(),
];

describe('?companyId= of an admin request', () => {
  it.each(['orgAdmin', 'platform'] as const)(
    'naming no company is refused as out of reach (%s)',
    async (who) => {
      for (const name of NAMES) {
        for (const route of ROUTES) {
          const separator = route.path.includes('?') ? '&' : '?';
          const url = `${route.path}${separator}companyId=${encodeURIComponent(name)}`;
          const res = await server.call(route.method, url, {
            token: tokens[who],
            body: route.body,
          });
          expect(res.status, `${route.method} ${url}`).toBe(403);
        }
      }
    },
  );

  it("refuses another organization's company to an organization admin", async () => {
    for (const route of ROUTES) {
      const separator = route.path.includes('?') ? '&' : '?';
      const url = `${route.path}${separator}companyId=${foreign.company.id}`;
      const res = await server.call(route.method, url, {
        token: tokens.orgAdmin,
        body: route.body,
      });
      expect(res.status, `${route.method} ${url}`).toBe(403);
    }
  });

  it('works in a company within reach, its id in capitals too', async () => {
    for (const who of ['orgAdmin', 'platform'] as const) {
      const res = await server.call(
        'GET',
        `/v1/accounting/customers?companyId=${own.company.id.toUpperCase()}`,
        { token: tokens[who] },
      );
      expect(res.status, who).toBe(200);
    }
  });
});
