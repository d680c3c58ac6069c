// Xero and QuickBooks Online as Risiti meets them, on 127.0.0.1 for one test file: OAuth2
// token endpoints (authorization code and rotating refresh tokens, client secret as HTTP Basic,
// expired access tokens answered 401), Xero's /connections and paged Invoices with
// If-Modified-Since, QuickBooks' CompanyInfo and query API with STARTPOSITION/MAXRESULTS.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT = { id: 'risiti-test-client', secret: 'risiti-test-secret' };

export interface FakeInvoice {
  /** Xero: an invoice object; QuickBooks: an Invoice object. updatedAt decides what is new. */
  body: Record<string, unknown>;
  updatedAt: Date;
}

interface Grant {
  provider: 'xero' | 'quickbooks';
  refreshToken: string;
}

export interface FakeProviders {
  url: string;
  /** Codes the sign-in pages handed out: code → provider. */
  issueCode(provider: 'xero' | 'quickbooks'): string;
  xero: { tenantId: string; tenantName: string; invoices: FakeInvoice[] };
  quickbooks: {
    realmId: string;
    companyName: string;
    invoices: FakeInvoice[];
    taxCodes: unknown[];
    taxRates: unknown[];
  };
  /** Every request: method, path and query, and headers of interest. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  /** Access tokens answered 401 from now on (as if they expired early). */
  expireAccessTokens(): void;
  /** Answer every request with this status (or garbage) until set back to null. */
  failure: null | { status: number } | 'garbage' | 'drop';
  revoked: string[];
  close(): Promise<void>;
  /** Env variables pointing Risiti at this server. */
  env(): Record<string, string>;
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const codes = new Map<string, 'xero' | 'quickbooks'>();
  const refresh = new Map<string, Grant>();
  const access = new Map<string, 'xero' | 'quickbooks'>();
  const expired = new Set<string>();
  const fake: Omit<FakeProviders, 'url' | 'close' | 'env'> = {
    issueCode(provider) {
      const code = crypto.randomBytes(12).toString('hex');
      codes.set(code, provider);
      return code;
    },
    xero: { tenantId: crypto.randomUUID(), tenantName: 'Duka la Mama Ltd', invoices: [] },
    quickbooks: {
      realmId: '9130355377380916',
      companyName: 'Mama Lishe Traders',
      invoices: [],
      taxRates: [
        { Id: '1', Name: 'VAT 18%', RateValue: 18 },
        { Id: '2', Name: 'Zero rated', RateValue: 0 },
        { Id: '3', Name: 'Exempt', RateValue: 0 },
        { Id: '4', Name: 'Levy 10%', RateValue: 10 },
      ],
      taxCodes: [
        {
          Id: '10',
          Name: 'VAT',
          SalesTaxRateList: { TaxRateDetail: [{ TaxRateRef: { value: '1' } }] },
        },
        {
          Id: '11',
          Name: 'Zero',
          SalesTaxRateList: { TaxRateDetail: [{ TaxRateRef: { value: '2' } }] },
        },
        {
          Id: '12',
          Name: 'Exempt',
          SalesTaxRateList: { TaxRateDetail: [{ TaxRateRef: { value: '3' } }] },
        },
        {
          Id: '13',
          Name: 'Levy',
          SalesTaxRateList: { TaxRateDetail: [{ TaxRateRef: { value: '4' } }] },
        },
      ],
    },
    requests: [],
    expireAccessTokens() {
      for (const token of access.keys()) expired.add(token);
    },
    failure: null,
    revoked: [],
  };

  const issueTokens = (provider: 'xero' | 'quickbooks') => {
    const accessToken = `at-${crypto.randomBytes(12).toString('hex')}`;
    const refreshToken = `rt-${crypto.randomBytes(12).toString('hex')}`;
    access.set(accessToken, provider);
    refresh.set(refreshToken, { provider, refreshToken });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: 1800,
      token_type: 'Bearer',
    };
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const bearer = (req: http.IncomingMessage, provider: 'xero' | 'quickbooks') => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return token !== undefined && access.get(token) === provider && !expired.has(token);
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      fake.requests.push({
        method: req.method ?? '',
        path: `${url.pathname}${url.search}`,
        headers: req.headers,
        body,
      });
      if (fake.failure === 'drop') return req.socket.destroy();
      if (fake.failure === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>not json');
      }
      if (fake.failure) return json(res, fake.failure.status, { error: 'down' });

      // OAuth2 token endpoints of both providers.
      if (
        req.method === 'POST' &&
        (url.pathname === '/xero/token' || url.pathname === '/qbo/token')
      ) {
        const provider = url.pathname === '/xero/token' ? 'xero' : 'quickbooks';
        const expected = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
        if (req.headers.authorization !== expected)
          return json(res, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (codes.get(code) !== provider || !form.get('redirect_uri')) {
            return json(res, 400, { error: 'invalid_grant' });
          }
          codes.delete(code);
          return json(res, 200, issueTokens(provider));
        }
        if (form.get('grant_type') === 'refresh_token') {
          const token = form.get('refresh_token') ?? '';
          const grant = refresh.get(token);
          if (grant?.provider !== provider) return json(res, 400, { error: 'invalid_grant' });
          refresh.delete(token); // rotated: the old one is spent
          return json(res, 200, issueTokens(provider));
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      if (
        req.method === 'POST' &&
        (url.pathname === '/xero/revoke' || url.pathname === '/qbo/revoke')
      ) {
        const token =
          url.pathname === '/xero/revoke'
            ? new URLSearchParams(body).get('token')
            : (JSON.parse(body || '{}') as { token?: string }).token;
        if (token) {
          refresh.delete(token);
          fake.revoked.push(token);
        }
        return json(res, 200, {});
      }

      // Xero's API.
      if (url.pathname === '/xero-api/connections') {
        if (!bearer(req, 'xero')) return json(res, 401, { Title: 'Unauthorized' });
        return json(res, 200, [
          {
            id: crypto.randomUUID(),
            tenantId: fake.xero.tenantId,
            tenantType: 'ORGANISATION',
            tenantName: fake.xero.tenantName,
          },
        ]);
      }
      if (url.pathname === '/xero-api/api.xro/2.0/Invoices') {
        if (!bearer(req, 'xero')) return json(res, 401, { Title: 'Unauthorized' });
        if (req.headers['xero-tenant-id'] !== fake.xero.tenantId) return json(res, 403, {});
        const since = req.headers['if-modified-since'];
        const after = since ? Date.parse(`${String(since)}Z`) : 0;
        const page = Number(url.searchParams.get('page') ?? '1');
        const matching = fake.xero.invoices
          .filter((invoice) => invoice.updatedAt.getTime() >= after)
          .filter(
            (invoice) =>
              invoice.body.Type === 'ACCREC' &&
              ['AUTHORISED', 'PAID'].includes(String(invoice.body.Status)),
          )
          .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
        const slice = matching.slice((page - 1) * 100, page * 100).map((invoice) => ({
          ...invoice.body,
          UpdatedDateUTC: `/Date(${invoice.updatedAt.getTime()}+0000)/`,
        }));
        return json(res, 200, { Invoices: slice });
      }

      // QuickBooks' API.
      const qbo = /^\/qbo-api\/v3\/company\/(\d+)\/(query|companyinfo\/(\d+))$/.exec(url.pathname);
      if (qbo) {
        if (!bearer(req, 'quickbooks'))
          return json(res, 401, { fault: { type: 'AUTHENTICATION' } });
        if (qbo[1] !== fake.quickbooks.realmId) return json(res, 403, {});
        if (qbo[2]!.startsWith('companyinfo')) {
          return json(res, 200, { CompanyInfo: { CompanyName: fake.quickbooks.companyName } });
        }
        const query = url.searchParams.get('query') ?? '';
        if (/^select \* from TaxRate/i.test(query)) {
          return json(res, 200, { QueryResponse: { TaxRate: fake.quickbooks.taxRates } });
        }
        if (/^select \* from TaxCode/i.test(query)) {
          return json(res, 200, { QueryResponse: { TaxCode: fake.quickbooks.taxCodes } });
        }
        const match =
          /^select \* from Invoice where Metadata\.LastUpdatedTime > '([^']+)' ORDERBY Metadata\.LastUpdatedTime STARTPOSITION (\d+) MAXRESULTS (\d+)$/.exec(
            query,
          );
        if (!match) return json(res, 400, { Fault: { Error: [{ Message: 'bad query' }] } });
        const after = Date.parse(match[1]!);
        const start = Number(match[2]);
        const max = Number(match[3]);
        const rows = fake.quickbooks.invoices
          .filter((invoice) => invoice.updatedAt.getTime() > after)
          .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
          .slice(start - 1, start - 1 + max)
          .map((invoice) => ({
            ...invoice.body,
            MetaData: { LastUpdatedTime: invoice.updatedAt.toISOString() },
          }));
        return json(res, 200, {
          QueryResponse: rows.length
            ? { Invoice: rows, startPosition: start, maxResults: rows.length }
            : {},
        });
      }
      json(res, 404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    env: () => ({
      XERO_CLIENT_ID: CLIENT.id,
      XERO_CLIENT_SECRET: CLIENT.secret,
      XERO_AUTHORIZE_URL: `${url}/xero/authorize`,
      XERO_TOKEN_URL: `${url}/xero/token`,
      XERO_REVOKE_URL: `${url}/xero/revoke`,
      XERO_API_URL: `${url}/xero-api`,
      QUICKBOOKS_CLIENT_ID: CLIENT.id,
      QUICKBOOKS_CLIENT_SECRET: CLIENT.secret,
      QUICKBOOKS_AUTHORIZE_URL: `${url}/qbo/authorize`,
      QUICKBOOKS_TOKEN_URL: `${url}/qbo/token`,
      QUICKBOOKS_REVOKE_URL: `${url}/qbo/revoke`,
      QUICKBOOKS_API_URL: `${url}/qbo-api`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeProviders;
}
