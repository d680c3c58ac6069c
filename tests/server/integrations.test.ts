// The accounting integrations as a shop owner uses them: connect Xero or QuickBooks, import the
// sales invoices made there as drafts (exact amounts, the right tax types, each once), keep going
// when an access token expires, and say clearly what went wrong when the provider is down; and
// as strangers see them: wrong, expired or reused returns, operators, another company's owner.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { accountingConnections, invoices } from '../../server/db/schema';
import { open } from '../../server/vfd/sealed';
import { startFakeProviders, type FakeProviders } from '../helpers/accounting-providers';
import { createCompanyWithPeople, createUser } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { tokenFor } from '../helpers/session';

let providers: FakeProviders;
let server: TestServer;
beforeAll(async () => {
  providers = await startFakeProviders();
  server = await createTestServer({
    config: { ...providers.env(), PUBLIC_URL: 'https://risiti.example' },
  });
});
afterAll(async () => {
  await server.close();
  await providers.close();
});

const BASE = '/v1/accounting/integrations';

async function shop() {
  const people = await createCompanyWithPeople(server.deps.db);
  return {
    ...people,
    ownerToken: await tokenFor(server, people.owner),
    operatorToken: await tokenFor(server, people.operator),
  };
}
type Shop = Awaited<ReturnType<typeof shop>>;

async function connect(s: Shop, provider: 'xero' | 'quickbooks') {
  const started = await server.call('POST', `${BASE}/${provider}/connect`, { token: s.ownerToken });
  expect(started.status).toBe(200);
  const url = new URL(started.body.url as string);
  const state = url.searchParams.get('state')!;
  const code = providers.issueCode(provider);
  const body =
    provider === 'quickbooks'
      ? { code, state, realmId: providers.quickbooks.realmId }
      : { code, state };
  return server.call('POST', `${BASE}/${provider}/callback`, { token: s.ownerToken, body });
}

const ago = (minutes: number) => new Date(server.clock.now().getTime() - minutes * 60_000);

function xeroInvoice(id: string, overrides: Record<string, unknown> = {}) {
  return {
    InvoiceID: id,
    InvoiceNumber: `INV-${id.slice(0, 4)}`,
    Type: 'ACCREC',
    Status: 'AUTHORISED',
    CurrencyCode: 'TZS',
    LineAmountTypes: 'Exclusive',
    Reference: 'PO 77',
    Contact: {
      Name: 'Juma Traders',
      EmailAddress: 'juma@example.com',
      Phones: [{ PhoneType: 'MOBILE', PhoneCountryCode: '255', PhoneNumber: '712345678' }],
    },
    LineItems: [
      {
        Description: 'Rice 25 kg',
        Quantity: 2,
        UnitAmount: 45000.5,
        TaxType: 'OUTPUT',
        TaxAmount: 16200.18,
        LineAmount: 90001.0,
      },
      {
        Description: 'Maize flour',
        Quantity: 1.5,
        UnitAmount: '1200.0000',
        TaxType: 'ZERORATEDOUTPUT',
        TaxAmount: 0,
        LineAmount: 1800,
      },
      {
        Description: 'School books',
        Quantity: 3,
        UnitAmount: 1000,
        DiscountRate: 10,
        TaxType: 'EXEMPTOUTPUT',
        TaxAmount: 0,
        LineAmount: 2700,
      },
    ],
    ...overrides,
  };
}

async function draftsOf(companyId: string) {
  return server.deps.db.select().from(invoices).where(eq(invoices.companyId, companyId));
}

describe('accounting integrations', () => {
  it('answer the status of both providers to owners, and nothing to operators', async () => {
    const s = await shop();
    const status = await server.call('GET', BASE, { token: s.ownerToken });
    expect(status.status).toBe(200);
    expect(status.body.providers.map((p: any) => [p.provider, p.configured, p.connected])).toEqual([
      ['xero', true, false],
      ['quickbooks', true, false],
    ]);
    for (const [method, path] of [
      ['GET', BASE],
      ['POST', `${BASE}/xero/connect`],
      ['POST', `${BASE}/xero/import`],
      ['DELETE', `${BASE}/xero`],
    ] as const) {
      const refused = await server.call(method, path, { token: s.operatorToken });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
  });

  it('say a provider is not set up on a server without its client id and secret', async () => {
    const s = await shop();
    const settings = server.deps.config.integrations;
    server.deps.config.integrations = { xero: null, quickbooks: null };
    try {
      const status = await server.call('GET', BASE, { token: s.ownerToken });
      expect(status.body.providers.every((p: any) => !p.configured)).toBe(true);
      const connect = await server.call('POST', `${BASE}/xero/connect`, { token: s.ownerToken });
      expect(connect.status).toBe(409);
      expect(connect.body.code).toBe('integration_not_configured');
      expect(connect.body.message).toContain('XERO_CLIENT_ID');
    } finally {
      server.deps.config.integrations = settings;
    }
  });

  it('connect Xero with a state that works once, for its own person, within 10 minutes', async () => {
    const s = await shop();
    const started = await server.call('POST', `${BASE}/xero/connect`, { token: s.ownerToken });
    const url = new URL(started.body.url);
    expect(url.origin + url.pathname).toBe(`${providers.url}/xero/authorize`);
    expect(url.searchParams.get('client_id')).toBe('risiti-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe('https://risiti.example/apps-integration');
    expect(url.searchParams.get('scope')).toBe(
      'openid profile email accounting.transactions.read accounting.contacts.read offline_access',
    );
    const state = url.searchParams.get('state')!;

    const wrong = await server.call('POST', `${BASE}/xero/callback`, {
      token: s.ownerToken,
      body: { code: providers.issueCode('xero'), state: `${state}x` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('integration_state_invalid');

    // Another company's owner cannot use it, and learns nothing more than from a wrong one.
    const other = await shop();
    const stranger = await server.call('POST', `${BASE}/xero/callback`, {
      token: other.ownerToken,
      body: { code: providers.issueCode('xero'), state },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.code).toBe('integration_state_invalid');

    const done = await server.call('POST', `${BASE}/xero/callback`, {
      token: s.ownerToken,
      body: { code: providers.issueCode('xero'), state },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      provider: 'xero',
      connected: true,
      organisationName: 'Duka la Mama Ltd',
    });
    expect(done.body.connectedBy).toBeTruthy();
    const token = providers.requests.find((r) => r.path === '/xero/token')!;
    expect(token.headers.authorization).toMatch(/^Basic /);

    const reused = await server.call('POST', `${BASE}/xero/callback`, {
      token: s.ownerToken,
      body: { code: providers.issueCode('xero'), state },
    });
    expect(reused.body.code).toBe('integration_state_invalid');

    // Tokens are sealed at rest.
    const [row] = await server.deps.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.companyId, s.company.id));
    expect(row!.accessTokenSealed).not.toContain('at-');
    expect(
      open(
        server.deps.secrets.dataKey,
        row!.accessTokenSealed,
        `accounting-access:${s.company.id}:xero`,
      ).toString(),
    ).toMatch(/^at-/);

    const late = await server.call('POST', `${BASE}/xero/connect`, { token: s.ownerToken });
    server.clock.advance(11 * 60_000);
    const expired = await server.call('POST', `${BASE}/xero/callback`, {
      token: s.ownerToken,
      body: {
        code: providers.issueCode('xero'),
        state: new URL(late.body.url).searchParams.get('state'),
      },
    });
    expect(expired.body.code).toBe('integration_state_invalid');
  });

  it('import Xero sales invoices as drafts with exact amounts and tax types, once each', async () => {
    const s = await shop();
    expect((await connect(s, 'xero')).status).toBe(200);
    providers.xero.invoices.push(
      { body: xeroInvoice('a1b2c3d4-0000-4000-8000-000000000001'), updatedAt: ago(60) },
      {
        body: xeroInvoice('a1b2c3d4-0000-4000-8000-000000000002', {
          LineAmountTypes: 'Inclusive',
          LineItems: [
            {
              Description: 'Soap',
              Quantity: 4,
              UnitAmount: 1180,
              TaxType: 'OUTPUT',
              TaxAmount: 720,
              LineAmount: 4720,
            },
          ],
        }),
        updatedAt: ago(50),
      },
      {
        body: xeroInvoice('a1b2c3d4-0000-4000-8000-000000000003', { CurrencyCode: 'USD' }),
        updatedAt: ago(40),
      },
      {
        body: xeroInvoice('a1b2c3d4-0000-4000-8000-000000000004', {
          LineItems: [
            {
              Description: 'Levy',
              Quantity: 1,
              UnitAmount: 1000,
              TaxType: 'TAX010',
              TaxAmount: 100,
              LineAmount: 1000,
            },
          ],
        }),
        updatedAt: ago(30),
      },
      {
        body: xeroInvoice('a1b2c3d4-0000-4000-8000-000000000005', {
          LineItems: [
            {
              Description: 'Sugar',
              Quantity: 1,
              UnitAmount: 10.125,
              TaxAmount: 0,
              LineAmount: 10.13,
            },
          ],
        }),
        updatedAt: ago(20),
      },
      {
        body: xeroInvoice('a1b2c3d4-0000-4000-8000-000000000006', { Type: 'ACCPAY' }),
        updatedAt: ago(20),
      },
    );

    const first = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      imported: 2,
      updated: 0,
      unchanged: 0,
      skipped: 3,
      more: false,
    });
    expect(first.body.skipped.map((x: any) => x.reason).sort()).toEqual([
      'currency',
      'line',
      'tax',
    ]);
    const page = providers.requests.findLast((r) => r.path.startsWith('/xero-api/api.xro'))!;
    expect(page.headers['xero-tenant-id']).toBe(providers.xero.tenantId);
    expect(page.headers.accept).toBe('application/json');
    expect(page.headers['if-modified-since']).toBeTruthy();
    expect(decodeURIComponent(page.path)).toContain(
      'where=Type=="ACCREC"&&(Status=="AUTHORISED"||Status=="PAID")',
    );

    const drafts = await draftsOf(s.company.id);
    expect(drafts).toHaveLength(2);
    const exclusive = drafts.find((d) => d.accountingNumber === 'INV-a1b2')!;
    const byNumber = new Map(drafts.map((d) => [d.amountsIncludeTax, d]));
    const inclusive = byNumber.get(true)!;
    const plain = byNumber.get(false)!;
    expect(exclusive).toBeDefined();
    expect(plain).toMatchObject({ status: 'draft', origin: 'xero', reference: 'PO 77' });
    expect(plain.customer).toMatchObject({
      name: 'Juma Traders',
      email: 'juma@example.com',
      phoneNumber: '712345678',
    });
    expect(
      plain.items.map((i) => [
        i.description,
        i.quantity,
        i.unitPrice,
        i.taxType,
        i.discountPercent,
      ]),
    ).toEqual([
      ['Rice 25 kg', 2, 4500050, 'standard', 0],
      ['Maize flour', 1.5, 120000, 'zero_rated', 0],
      ['School books', 3, 100000, 'exempted', 10],
    ]);
    // 90,001.00 + 18% = 16,200.18; 1,800.00 and 2,700.00 without VAT.
    expect(plain.taxAmount).toBe(1620018);
    expect(plain.totalIncludingTax).toBe(9000100 + 1620018 + 180000 + 270000);
    expect(inclusive.items[0]).toMatchObject({ unitPrice: 118000, taxType: 'standard' });
    expect(inclusive.totalIncludingTax).toBe(472000);
    expect(inclusive.taxAmount).toBe(72000);

    // The drafts reach phones through the changes feed.
    const feed = await server.call('GET', '/v1/accounting/changes?since=0', {
      token: s.operatorToken,
    });
    const ids = feed.body.changes.filter((c: any) => c.type === 'invoice').map((c: any) => c.id);
    expect(ids.sort()).toEqual(drafts.map((d) => d.id).sort());

    // Again: nothing new; the same external invoices are the same drafts.
    server.clock.advance(60_000);
    const again = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(again.body.result.imported).toBe(0);
    expect(await draftsOf(s.company.id)).toHaveLength(2);

    // Changed in Xero: the draft follows; once submitted in Risiti it never changes again.
    providers.xero.invoices[0]!.body = xeroInvoice('a1b2c3d4-0000-4000-8000-000000000001', {
      Reference: 'PO 78',
    });
    providers.xero.invoices[0]!.updatedAt = server.clock.now();
    server.clock.advance(60_000);
    const changed = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(changed.body.result).toMatchObject({ imported: 0, updated: 1 });
    expect((await draftsOf(s.company.id)).find((d) => d.id === plain.id)!.reference).toBe('PO 78');

    await server.deps.db
      .update(invoices)
      .set({ status: 'submitted' })
      .where(and(eq(invoices.companyId, s.company.id), eq(invoices.id, plain.id)));
    providers.xero.invoices[0]!.body = xeroInvoice('a1b2c3d4-0000-4000-8000-000000000001', {
      Reference: 'PO 79',
    });
    providers.xero.invoices[0]!.updatedAt = server.clock.now();
    server.clock.advance(60_000);
    const locked = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(locked.body.result).toMatchObject({ imported: 0, updated: 0 });
    expect(locked.body.skipped).toContainEqual({ number: 'INV-a1b2', reason: 'submitted' });
    expect((await draftsOf(s.company.id)).find((d) => d.id === plain.id)!.reference).toBe('PO 78');
    providers.xero.invoices.length = 0;
  });

  it('refresh an expired access token, store the rotated refresh token, and go on', async () => {
    const s = await shop();
    await connect(s, 'xero');
    providers.expireAccessTokens();
    const before = providers.requests.filter((r) =>
      r.body.includes('grant_type=refresh_token'),
    ).length;
    const imported = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(imported.status).toBe(200);
    expect(imported.body.lastError).toBeNull();
    expect(
      providers.requests.filter((r) => r.body.includes('grant_type=refresh_token')).length,
    ).toBe(before + 1);
    // The rotated token works for the next refresh (the old one is spent at the provider).
    providers.expireAccessTokens();
    const next = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(next.status).toBe(200);
    // After an hour the stored access token is refreshed before use.
    server.clock.advance(60 * 60_000);
    const fresh = await tokenFor(server, s.owner);
    expect((await server.call('POST', `${BASE}/xero/import`, { token: fresh })).status).toBe(200);
  });

  it('say clearly when the provider is down or answers garbage, and save nothing half', async () => {
    const s = await shop();
    await connect(s, 'xero');
    providers.xero.invoices.push({
      body: xeroInvoice('b1b2c3d4-0000-4000-8000-000000000001'),
      updatedAt: ago(5),
    });
    try {
      for (const [failure, code] of [
        [{ status: 503 }, 'integration_unreachable'],
        ['garbage', 'integration_unreadable'],
        ['drop', 'integration_unreachable'],
        [{ status: 400 }, 'integration_refused'],
      ] as const) {
        providers.failure = failure;
        const answer = await server.call('POST', `${BASE}/xero/import`, {
          token: s.ownerToken,
          headers: { 'accept-language': 'sw' },
        });
        expect(answer.status, String(code)).toBeLessThan(500);
        expect(answer.body.code).toBe(code);
        const status = await server.call('GET', BASE, { token: s.ownerToken });
        const xero = status.body.providers[0];
        expect(xero.lastError.code).toBe(code);
        expect(xero.lastError.message).toContain('Xero');
      }
    } finally {
      providers.failure = null;
    }
    expect(await draftsOf(s.company.id)).toHaveLength(0);
    const healed = await server.call('POST', `${BASE}/xero/import`, { token: s.ownerToken });
    expect(healed.body.lastError).toBeNull();
    expect(healed.body.result.imported).toBe(1);
    providers.xero.invoices.length = 0;

    // A failed connection stores nothing at all.
    const t = await shop();
    providers.failure = { status: 500 };
    try {
      const failed = await connect(t, 'xero');
      expect(failed.status).toBe(424);
      expect(failed.body.code).toBe('integration_unreachable');
    } finally {
      providers.failure = null;
    }
    const rows = await server.deps.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.companyId, t.company.id));
    expect(rows).toHaveLength(0);
  });

  it('connect QuickBooks by realm and read its invoices 100 at a time', async () => {
    const s = await shop();
    const connected = await connect(s, 'quickbooks');
    expect(connected.body).toMatchObject({
      connected: true,
      organisationName: 'Mama Lishe Traders',
    });
    for (let n = 1; n <= 150; n += 1) {
      providers.quickbooks.invoices.push({
        body: {
          Id: String(n),
          DocNumber: `QB-${n}`,
          CurrencyRef: { value: 'TZS' },
          CustomerRef: { value: '5', name: 'Asha Shop' },
          BillEmail: { Address: 'asha@example.com' },
          Line: [
            {
              Id: '1',
              DetailType: 'SalesItemLineDetail',
              Amount: 2360.5,
              Description: 'Cooking oil',
              SalesItemLineDetail: {
                Qty: 1,
                UnitPrice: 2360.5,
                TaxCodeRef: { value: n === 7 ? '13' : '10' },
              },
            },
            { DetailType: 'SubTotalLineDetail', Amount: 2360.5, SubTotalLineDetail: {} },
          ],
        },
        updatedAt: ago(200 - n),
      });
    }
    const imported = await server.call('POST', `${BASE}/quickbooks/import`, {
      token: s.ownerToken,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.result).toEqual({
      imported: 149,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      more: false,
    });
    expect(imported.body.skipped).toEqual([{ number: 'QB-7', reason: 'tax' }]);
    const queries = providers.requests
      .filter((r) => r.path.includes(`/v3/company/${providers.quickbooks.realmId}/query`))
      .map((r) => new URL(r.path, providers.url).searchParams.get('query')!)
      .filter((q) => q.includes('from Invoice'));
    expect(queries.some((q) => q.includes('STARTPOSITION 1 MAXRESULTS 100'))).toBe(true);
    expect(queries.some((q) => q.includes('STARTPOSITION 101 MAXRESULTS 100'))).toBe(true);
    const drafts = await draftsOf(s.company.id);
    const one = drafts.find((d) => d.accountingNumber === 'QB-1')!;
    expect(one).toMatchObject({ origin: 'quickbooks', amountsIncludeTax: false, taxAmount: 42489 });
    expect(one.items[0]).toMatchObject({ unitPrice: 236050, taxType: 'standard' });
    providers.quickbooks.invoices.length = 0;
  });

  it('are refused to another company, and to admins outside their reach', async () => {
    const s = await shop();
    const other = await shop();
    const query = `?companyId=${s.company.id}`;
    for (const [method, path] of [
      ['GET', BASE],
      ['POST', `${BASE}/xero/connect`],
      ['POST', `${BASE}/xero/import`],
      ['DELETE', `${BASE}/xero`],
    ] as const) {
      const refused = await server.call(method, `${path}${query}`, { token: other.ownerToken });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    const outsider = await createUser(server.deps.db, 'org_admin', {
      organizationId: other.company.organizationId,
    });
    const outsiderToken = await tokenFor(server, outsider);
    expect((await server.call('GET', `${BASE}${query}`, { token: outsiderToken })).status).toBe(
      403,
    );
    const admin = await createUser(server.deps.db, 'org_admin', {
      organizationId: s.company.organizationId,
    });
    const adminToken = await tokenFor(server, admin);
    expect((await server.call('GET', `${BASE}${query}`, { token: adminToken })).status).toBe(200);
    const started = await server.call('POST', `${BASE}/quickbooks/connect${query}`, {
      token: adminToken,
    });
    const state = new URL(started.body.url).searchParams.get('state');
    const done = await server.call('POST', `${BASE}/quickbooks/callback`, {
      token: adminToken,
      body: {
        code: providers.issueCode('quickbooks'),
        state,
        realmId: providers.quickbooks.realmId,
      },
    });
    expect(done.body.connected).toBe(true);
  });

  it('disconnect: the provider is told, the tokens are forgotten', async () => {
    const s = await shop();
    await connect(s, 'quickbooks');
    const gone = await server.call('DELETE', `${BASE}/quickbooks`, { token: s.ownerToken });
    expect(gone.status).toBe(200);
    expect(gone.body.connected).toBe(false);
    expect(providers.revoked.length).toBeGreaterThan(0);
    const rows = await server.deps.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.companyId, s.company.id));
    expect(rows).toHaveLength(0);
    const after = await server.call('POST', `${BASE}/quickbooks/import`, { token: s.ownerToken });
    expect(after.body.code).toBe('integration_not_connected');
  });
});

describe('integration configuration', () => {
  it('offers a provider only with both client id and secret, at the real addresses by default', () => {
    expect(loadConfig({}).integrations).toEqual({ xero: null, quickbooks: null });
    expect(loadConfig({ XERO_CLIENT_ID: 'id' }).integrations.xero).toBeNull();
    const config = loadConfig({
      XERO_CLIENT_ID: 'id',
      XERO_CLIENT_SECRET: 'secret',
      QUICKBOOKS_CLIENT_ID: 'qid',
      QUICKBOOKS_CLIENT_SECRET: 'qsecret',
      QUICKBOOKS_API_URL: 'https://sandbox-quickbooks.api.intuit.com/',
    });
    expect(config.integrations.xero).toMatchObject({
      authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
      tokenUrl: 'https://identity.xero.com/connect/token',
      apiUrl: 'https://api.xero.com',
    });
    expect(config.integrations.quickbooks).toMatchObject({
      authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
      tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
      apiUrl: 'https://sandbox-quickbooks.api.intuit.com',
    });
    expect(() => loadConfig({ XERO_TOKEN_URL: 'not a url' })).toThrow(/XERO_TOKEN_URL/);
  });
});
