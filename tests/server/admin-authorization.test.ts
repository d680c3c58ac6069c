// Who may call the administration routes: every route × every role × own and foreign
// organization or company. Sign-in and role are checked before a body is read (an operator's
// oversized body is refused as forbidden, not read), and a record out of reach answers like one
// that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithPeople, createUser, TEST_PASSWORD } from '../helpers/factories';
import { memoryMailer } from '../helpers/fiscal';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ mailer: memoryMailer() });
});
afterAll(async () => {
  await server.close();
});

let address = 0;
async function signIn(user: { username: string }) {
  const { body } = await server.call('POST', '/api/v2/login', {
    body: { username: user.username, password: TEST_PASSWORD },
    address: `10.63.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return body.token as string;
}

type Actor = 'anonymous' | 'operator' | 'owner' | 'orgAdmin' | 'foreignOrgAdmin' | 'platform';
const ACTORS: Actor[] = [
  'anonymous',
  'operator',
  'owner',
  'orgAdmin',
  'foreignOrgAdmin',
  'platform',
];

interface World {
  tokens: Record<Actor, string | undefined>;
  own: Awaited<ReturnType<typeof createCompanyWithPeople>>;
  foreign: Awaited<ReturnType<typeof createCompanyWithPeople>>;
  requestId: string;
  updateId: string;
}

let world: World;
beforeAll(async () => {
  const db = server.deps.db;
  const own = await createCompanyWithPeople(db);
  const foreign = await createCompanyWithPeople(db);
  const orgAdmin = await createUser(db, 'org_admin', {
    organizationId: own.company.organizationId,
  });
  const foreignOrgAdmin = await createUser(db, 'org_admin', {
    organizationId: foreign.company.organizationId,
  });
  const platform = await createUser(db, 'platform_admin');
  const tokens: World['tokens'] = {
    anonymous: undefined,
    operator: await signIn(own.operator),
    owner: await signIn(own.owner),
    orgAdmin: await signIn(orgAdmin),
    foreignOrgAdmin: await signIn(foreignOrgAdmin),
    platform: await signIn(platform),
  };
  await server.call('POST', '/v1/accounting/potential-clients', {
    token: tokens.platform,
    body: {
      fullName: 'Juma Hassan',
      email: `juma.${Date.now()}@duka.co.tz`,
      phone: '754123456',
      companyName: 'Duka la Juma',
      tin: '123456789',
    },
  });
  const requests = await server.call('GET', '/v1/accounting/potential-clients', {
    token: tokens.platform,
  });
  const update = await server.call('POST', '/v1/accounting/product-updates', {
    token: tokens.platform,
    body: { titleEn: 'Reports', titleSw: 'Ripoti', bodyEn: 'New reports.', bodySw: 'Ripoti mpya.' },
  });
  world = { tokens, own, foreign, requestId: requests.body.items[0].id, updateId: update.body.id };
});

const operatorBody = (w: World, company = w.own.company) => ({
  firstName: 'Neema',
  lastName: 'Mushi',
  username: `neema-${Math.random().toString(36).slice(2, 8)}`,
  email: `neema.${Math.random().toString(36).slice(2, 8)}@duka.co.tz`,
  mobile: '754123456',
  organizationId: company.organizationId,
  companyId: company.id,
  userType: 'operator',
});
const tip = {
  titleEn: 'Keep receipts',
  titleSw: 'Tunza risiti',
  bodyEn: 'Five years.',
  bodySw: 'Miaka mitano.',
};

interface Cell {
  name: string;
  method: string;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Record<Actor, number>;
}

const CELLS: Cell[] = [
  {
    name: 'list operators',
    method: 'GET',
    url: () => '/v1/accounting/operators',
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 200,
      orgAdmin: 200,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'read an operator of the own company',
    method: 'GET',
    url: (w) => `/v1/accounting/operators/${w.own.operator.id}`,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 200,
      orgAdmin: 200,
      foreignOrgAdmin: 404,
      platform: 200,
    },
  },
  {
    name: 'read an operator of a foreign company',
    method: 'GET',
    url: (w) => `/v1/accounting/operators/${w.foreign.operator.id}`,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 404,
      orgAdmin: 404,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'read an owner (only admins manage owners)',
    method: 'GET',
    url: (w) => `/v1/accounting/operators/${w.own.owner.id}`,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 404,
      orgAdmin: 200,
      foreignOrgAdmin: 404,
      platform: 200,
    },
  },
  {
    name: 'create an operator in the own company',
    method: 'POST',
    url: () => '/v1/accounting/operators',
    body: (w) => operatorBody(w),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 201,
      orgAdmin: 201,
      foreignOrgAdmin: 422,
      platform: 201,
    },
  },
  {
    name: 'create an operator in a foreign company',
    method: 'POST',
    url: () => '/v1/accounting/operators',
    body: (w) => operatorBody(w, w.foreign.company),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 422,
      orgAdmin: 422,
      foreignOrgAdmin: 201,
      platform: 201,
    },
  },
  {
    name: 'block a foreign operator',
    method: 'POST',
    url: (w) => `/v1/accounting/operators/${w.foreign.operator.id}/status`,
    body: () => ({ status: 'active' }),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 404,
      orgAdmin: 404,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'invite a foreign operator again',
    method: 'POST',
    url: (w) => `/v1/accounting/operators/${w.foreign.operator.id}/invitation`,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 404,
      orgAdmin: 404,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'list potential clients',
    method: 'GET',
    url: () => '/v1/accounting/potential-clients',
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 200,
    },
  },
  {
    name: 'read a potential client',
    method: 'GET',
    url: (w) => `/v1/accounting/potential-clients/${w.requestId}`,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 200,
    },
  },
  {
    name: 'convert a potential client',
    method: 'POST',
    url: (w) => `/v1/accounting/potential-clients/${w.requestId}/convert`,
    body: () => new FormData(),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 422,
    },
  },
  {
    name: 'dismiss a potential client',
    method: 'POST',
    url: () => '/v1/accounting/potential-clients/00000000-0000-4000-8000-000000000000/dismiss',
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 404,
    },
  },
  {
    name: 'read the tax tips',
    method: 'GET',
    url: () => '/v1/accounting/tax-tips',
    expect: {
      anonymous: 200,
      operator: 200,
      owner: 200,
      orgAdmin: 200,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'save the tax tips',
    method: 'PUT',
    url: () => '/v1/accounting/tax-tips',
    body: () => ({ tips: [tip] }),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 200,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'read the product updates',
    method: 'GET',
    url: () => '/v1/accounting/product-updates',
    expect: {
      anonymous: 401,
      operator: 200,
      owner: 200,
      orgAdmin: 200,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'publish a product update',
    method: 'POST',
    url: () => '/v1/accounting/product-updates',
    body: () => tip,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 201,
    },
  },
  {
    name: 'edit a product update',
    method: 'PUT',
    url: (w) => `/v1/accounting/product-updates/${w.updateId}`,
    body: () => tip,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 200,
    },
  },
  {
    name: 'read the own company’s payment',
    method: 'GET',
    url: (w) => `/v1/accounting/payment?companyId=${w.own.company.id}`,
    expect: {
      anonymous: 401,
      operator: 200,
      owner: 200,
      orgAdmin: 200,
      foreignOrgAdmin: 403,
      platform: 200,
    },
  },
  {
    name: 'read a foreign company’s payment',
    method: 'GET',
    url: (w) => `/v1/accounting/payment?companyId=${w.foreign.company.id}`,
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    // A company that does not exist is out of everyone's reach, the platform admin's too.
    name: 'read a payment of no such company',
    method: 'GET',
    url: () => '/v1/accounting/payment?companyId=00000000-0000-4000-8000-000000000000',
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 403,
    },
  },
  {
    name: 'set how to pay',
    method: 'PUT',
    url: () => '/v1/accounting/payment/instructions',
    body: () => ({ en: 'Pay by M-Pesa to 123456.', sw: 'Lipa kwa M-Pesa 123456.' }),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 200,
    },
  },
  {
    name: 'set the day a company is paid until',
    method: 'PUT',
    url: (w) => `/v1/accounting/companies/${w.own.company.id}/paid-until`,
    body: () => ({ paidUntil: '31-12-2026' }),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 403,
      foreignOrgAdmin: 403,
      platform: 200,
    },
  },
  {
    name: 'find receipts to copy',
    method: 'GET',
    url: () => '/v1/accounting/receipt-copies',
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 200,
      orgAdmin: 200,
      foreignOrgAdmin: 200,
      platform: 200,
    },
  },
  {
    name: 'copy a receipt that does not exist or is out of reach',
    method: 'GET',
    url: () => '/v1/accounting/receipt-copies/00000000-0000-4000-8000-000000000000/pdf',
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 404,
      orgAdmin: 404,
      foreignOrgAdmin: 404,
      platform: 404,
    },
  },
  {
    name: 'create a company with its certificate',
    method: 'POST',
    url: () => '/v1/accounting/companies/with-certificate',
    body: () => new FormData(),
    expect: {
      anonymous: 401,
      operator: 403,
      owner: 403,
      orgAdmin: 422,
      foreignOrgAdmin: 422,
      platform: 422,
    },
  },
];

describe('administration routes', () => {
  for (const cell of CELLS) {
    it(`${cell.name}: ${ACTORS.map((a) => `${a} ${cell.expect[a]}`).join(', ')}`, async () => {
      const seen: Record<string, number> = {};
      for (const actor of ACTORS) {
        const body = cell.body?.(world);
        const answer = await server.call(cell.method, cell.url(world), {
          ...(world.tokens[actor] ? { token: world.tokens[actor] } : {}),
          ...(body !== undefined ? { body } : {}),
        });
        seen[actor] = answer.status;
      }
      expect(seen).toEqual(cell.expect);
    });
  }

  it('refuse an operator’s oversized body as forbidden, before reading it', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    for (const url of [
      '/v1/accounting/operators',
      '/v1/accounting/product-updates',
      '/v1/accounting/payment/instructions',
    ]) {
      const answer = await server.call(url.endsWith('instructions') ? 'PUT' : 'POST', url, {
        token: world.tokens.operator,
        body: { note: big },
      });
      expect(answer.status, url).toBe(403);
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(3 * 1024 * 1024)]), 'big.pfx');
    const company = await server.call('POST', '/v1/accounting/companies/with-certificate', {
      token: world.tokens.owner,
      body: form,
    });
    expect(company.status).toBe(403);
  });

  it('refuse bodies past their limit with 413 for those allowed to send one', async () => {
    const big = 'x'.repeat(200 * 1024);
    const operators = await server.call('POST', '/v1/accounting/operators', {
      token: world.tokens.owner,
      body: { firstName: big },
    });
    expect(operators.status).toBe(413);
    const registration = await server.call('POST', '/v1/accounting/registrations', {
      body: { fullName: big },
      address: '10.63.250.1',
    });
    expect(registration.status).toBe(413);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(3 * 1024 * 1024)]), 'big.pfx');
    const company = await server.call('POST', '/v1/accounting/companies/with-certificate', {
      token: world.tokens.platform,
      body: form,
    });
    expect(company.status).toBe(413);
  });

  it('name the form field that holds a record which is not JSON', async () => {
    const form = new FormData();
    form.append('data', '{bad');
    const company = await server.call('POST', '/v1/accounting/companies/with-certificate', {
      token: world.tokens.platform,
      body: form,
    });
    expect(company).toMatchObject({
      status: 422,
      body: { fields: { data: 'This value is not valid' } },
    });
  });

  it('answer junk with 4xx, never 5xx', async () => {
    const junk = [
      '{"status":"\u0000"}',
      '[]',
      'null',
      '{"firstName":{"a":[1,2,{"b":null}]}}',
      'not json',
    ];
    for (const raw of junk) {
      for (const [method, url] of [
        ['POST', '/v1/accounting/operators'],
        ['POST', `/v1/accounting/operators/${world.own.operator.id}/status`],
        ['PUT', '/v1/accounting/tax-tips'],
        ['POST', '/v1/accounting/product-updates'],
        ['PUT', '/v1/accounting/payment/instructions'],
      ] as const) {
        const answer = await server.call(method, url, {
          token: world.tokens.platform,
          body: raw,
          headers: { 'content-type': 'application/json' },
        });
        expect(answer.status, `${url} ${raw}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${url} ${raw}`).toBeLessThan(500);
      }
    }
    const search = await server.call('GET', '/v1/accounting/operators?search=%00', {
      token: world.tokens.platform,
    });
    expect(search.status).toBe(422);
  });
});
