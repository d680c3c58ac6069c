// What the browser is told on every answer: a strict Content-Security-Policy, HTTPS pinned only
// over HTTPS, the public API open to other sites through CORS and nothing else readable from
// them; and how the built app is served: compressed by what the browser accepts, hashed assets
// cached for good, the shell and service worker revalidated, no source maps.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '../../server/http/security-headers';
import { compressResponses } from '../../server/http/compression';
import { receiptPageLinks } from '../../server/receipts/routes';
import { mountStatic } from '../../server/static';
import { createTestServer, type TestServer } from '../helpers/server';
import { signedInCompany } from '../helpers/session';

let server: TestServer;
let plain: TestServer;
let webDir: string;

const SHELL = '<!doctype html><html><head><title>Risiti</title></head><body></body></html>';
const LOGIN_PAGE = SHELL.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/login-Ef56Gh78.js"></head>',
);
const LOGIN_PAGE_SW = LOGIN_PAGE.replace('<html>', '<html lang="sw">');
const RECEIPT_PAGE = SHELL.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/r._publicId-Ij90Kl12.js"></head>',
);
const RECEIPT_PAGE_SW = RECEIPT_PAGE.replace('<html>', '<html lang="sw">');
const PUBLIC_ID = 'oRRoBhFSR2fu6NHKdL_l_w';
const SCRIPT = `console.log(${JSON.stringify('risiti '.repeat(400))});\n`;

/** A built app in miniature, as the build leaves it: assets with .br and .gz beside them. */
function fixtureWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-web-'));
  const write = (name: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  };
  const compressed = (name: string, content: string) => {
    write(name, content);
    write(`${name}.br`, zlib.brotliCompressSync(content));
    write(`${name}.gz`, zlib.gzipSync(content));
  };
  compressed('index.html', SHELL);
  compressed('pages/login.html', LOGIN_PAGE);
  compressed('pages/login.sw.html', LOGIN_PAGE_SW);
  compressed('pages/r/$publicId.html', RECEIPT_PAGE);
  compressed('pages/r/$publicId.sw.html', RECEIPT_PAGE_SW);
  compressed('assets/index-Ab12Cd34.js', SCRIPT);
  compressed('sw.js', SCRIPT);
  compressed('assets/receipt-qr.worker-Ab12Cd34.js', SCRIPT);
  write('assets/index-Ab12Cd34.css', 'body{margin:0}');
  write('assets/logo-Ab12Cd34.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('manifest.webmanifest', '{"name":"Risiti"}');
  write('assets/index-Ab12Cd34.js.map', '{"version":3}');
  write('icons/icon-192.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dir;
}

beforeAll(async () => {
  webDir = fixtureWebDir();
  [server, plain] = await Promise.all([
    createTestServer(),
    createTestServer({ config: { TRUST_PROXY: '0' } }),
  ]);
  mountStatic(server.app, webDir, { linksOf: receiptPageLinks });
});
afterAll(async () => {
  await Promise.all([server?.close(), plain?.close()]);
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, target = server) =>
  target.app.request(url, { headers });

describe('security headers', () => {
  it('sends a strict Content-Security-Policy with the app', async () => {
    const response = await get('/login');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values.join(' ')];
      }),
    );
    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['worker-src']).toBe("'self'");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['img-src']).toBe("'self' data: blob:");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['base-uri']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(csp).not.toMatch(/unsafe-eval|\*/);
    expect(directives['script-src']).not.toMatch(/unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('pins HTTPS only when a trusted proxy says the request came over HTTPS', async () => {
    const overHttps = await get('/login', { 'x-forwarded-proto': 'https' });
    expect(overHttps.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
    const overHttp = await get('/login', { 'x-forwarded-proto': 'http' });
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    expect((await get('/login')).headers.get('strict-transport-security')).toBeNull();
    const api = await get('/v1/accounting/health', { 'x-forwarded-proto': 'https' });
    expect(api.headers.get('strict-transport-security')).toMatch(/^max-age=/);

    // Without TRUST_PROXY anyone could send the header: it is ignored.
    const untrusted = await get('/v1/accounting/health', { 'x-forwarded-proto': 'https' }, plain);
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends a hashed script or sheet only the headers that act on it', async () => {
    const DOCUMENT_ONLY = [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'permissions-policy',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ab12Cd34.css']) {
      const response = await get(url, { 'accept-encoding': 'br', 'x-forwarded-proto': 'https' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
      expect(response.headers.get('cache-control'), url).toMatch(/immutable/);
      expect(response.headers.get('strict-transport-security'), url).toMatch(/^max-age=/);
      for (const name of DOCUMENT_ONLY)
        expect(response.headers.get(name), `${url} ${name}`).toBeNull();
    }
    // A worker takes its policy from its own script, and an SVG opened alone is a document.
    for (const url of ['/assets/receipt-qr.worker-Ab12Cd34.js', '/assets/logo-Ab12Cd34.svg']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
    }
    for (const url of ['/sw.js', '/', '/manifest.webmanifest'])
      expect((await get(url)).headers.get('content-security-policy'), url).toBe(
        CONTENT_SECURITY_POLICY,
      );
  });

  it('keeps the stricter policy a route chose for itself', async () => {
    const app = new Hono();
    app.use('*', ...securityHeaders({ trustProxy: false }));
    app.get('/file', (c) => c.body('x', 200, { 'content-security-policy': "default-src 'none'" }));
    app.get('/page', (c) => c.text('x'));
    const file = await app.request('/file');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'");
    const page = await app.request('/page');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('cross-origin access', () => {
  const origin = 'https://books.example.com';

  it('answers a preflight to the public API without authentication', async () => {
    for (const url of ['/v1/accounting/invoices/abc/submit', '/api/v2/login']) {
      const response = await server.app.request(url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'authorization, content-type, idempotency-key, if-match',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
      const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
      for (const header of ['authorization', 'content-type', 'idempotency-key', 'if-match'])
        expect(allowed).toContain(header);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    }
  });

  it('lets another site read the public API, its errors included', async () => {
    const health = await get('/v1/accounting/health', { origin });
    expect(health.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await get('/v1/accounting/invoices', { origin });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("lets another site read a record's version and send it back with a change", async () => {
    const { token } = await signedInCompany(server);
    const id = crypto.randomUUID();
    const path = `/v1/accounting/products/${id}`;
    const product = { id, name: 'Sukari 1kg', unitPrice: 350_000, taxType: 'standard' };
    const created = await server.call('PUT', path, { token, headers: { origin }, body: product });
    expect(created.headers.get('etag')).toBe('"1"');
    const exposed = created.headers.get('access-control-expose-headers')!.toLowerCase();
    expect(exposed.split(/,\s*/)).toContain('etag');
    const preflight = await server.app.request(path, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type, if-match',
      },
    });
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PUT/);
    expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).toContain(
      'if-match',
    );
  });

  it('gives nothing else to other sites', async () => {
    for (const url of ['/login', '/', '/assets/index-Ab12Cd34.js', '/sw.js', '/tra-sim/x']) {
      const response = await get(url, { origin });
      expect(response.headers.get('access-control-allow-origin'), url).toBeNull();
      expect(response.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
    }
    const preflight = await server.app.request('/login', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('serving the built app', () => {
  it('sends the Brotli copy to browsers that take it, else gzip, else the file itself', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    const brBytes = Buffer.from(await brotli.arrayBuffer());
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(SCRIPT);
    expect(Number(brotli.headers.get('content-length'))).toBe(brBytes.length);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    const refusedBr = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refusedBr.headers.get('content-encoding')).toBe('gzip');

    const identity = await get(url);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await identity.text()).toBe(SCRIPT);

    // Each encoding is its own representation, with its own validator.
    const tags = new Set([brotli, gzip, identity].map((r) => r.headers.get('etag')));
    expect(tags.size).toBe(3);
  });

  it('caches hashed assets for good and revalidates the shell, worker and manifest', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/login', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      const etag = response.headers.get('etag');
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status, url).toBe(304);
      expect(await again.text()).toBe('');
    }
    expect(await (await get('/invoices/new')).text()).toBe(SHELL);
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toBe(
      'application/manifest+json',
    );
  });

  it("answers a public or sign-in page with the build's copy that preloads its chunks", async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Finvoices']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(
        LOGIN_PAGE,
      );
    }
    // Pages the build wrote no copy for, and addresses that only look like one, get the shell.
    for (const url of ['/', '/dashboard', '/login/extra', '/Login', '/login.sw']) {
      expect(await (await get(url)).text(), url).toBe(SHELL);
    }
  });

  it("answers in Swahili when it is the browser's first language, as the app will start", async () => {
    for (const [acceptLanguage, page] of [
      ['sw-TZ,sw;q=0.9,en;q=0.8', LOGIN_PAGE_SW],
      ['sw', LOGIN_PAGE_SW],
      ['en-GB,en;q=0.9,sw;q=0.8', LOGIN_PAGE],
      // The app starts in English when the first language is neither.
      ['fr-FR,sw;q=0.9', LOGIN_PAGE],
      ['', LOGIN_PAGE],
    ] as const) {
      const response = await get('/login', { 'accept-language': acceptLanguage });
      expect(await response.text(), acceptLanguage).toBe(page);
      expect(response.headers.get('vary'), acceptLanguage).toBe('Accept-Language, Accept-Encoding');
    }
  });

  it("answers every receipt's address with the receipt page's copy, which preloads the receipt", async () => {
    for (const [url, acceptLanguage, page] of [
      [`/r/${PUBLIC_ID}`, 'en', RECEIPT_PAGE],
      [`/r/${PUBLIC_ID}/`, 'en', RECEIPT_PAGE],
      [`/r/${PUBLIC_ID}`, 'sw-TZ,sw;q=0.9', RECEIPT_PAGE_SW],
    ] as const) {
      const response = await get(url, { 'accept-language': acceptLanguage });
      expect(await response.text(), url).toBe(page);
      // The page's data is asked for with the page, not a round trip after its scripts ran.
      expect(response.headers.get('link'), url).toBe(
        `</v1/accounting/public/receipts/${PUBLIC_ID}>; rel=preload; as=fetch; crossorigin=anonymous`,
      );
    }
    // An address that is no receipt's id still gets the page (it says the receipt is not
    // found), with nothing to preload; a longer address is not the page.
    const wrong = await get('/r/not-a-receipt');
    expect(await wrong.text()).toBe(RECEIPT_PAGE);
    expect(wrong.headers.get('link')).toBeNull();
    expect(await (await get(`/r/${PUBLIC_ID}/pdf`)).text()).toBe(SHELL);
    expect((await get('/login')).headers.get('link')).toBeNull();
  });

  it('publishes no source maps and answers a missing asset with 404, not the shell', async () => {
    for (const url of [
      '/assets/index-Ab12Cd34.js.map',
      '/assets/missing.js.map',
      '/sw.js.map',
      '/assets/index-Ab12Cd34.js.br',
      '/assets/gone-Zz99.js',
    ]) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.status, url).toBe(404);
    }
  });

  it('compresses JSON over 1 KiB and leaves small answers, PDFs and spreadsheets alone', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Customer ${i}` }));
    const pdf = new Uint8Array(4096).fill(65);
    const app = new Hono();
    app.use('*', compressResponses());
    app.get('/list', (c) => c.json({ rows }));
    app.get('/small', (c) => c.json({ ok: true }));
    app.get('/pdf', (c) => c.body(pdf, 200, { 'content-type': 'application/pdf' }));
    const accept = { 'accept-encoding': 'gzip, deflate, br' };

    const list = await app.request('/list', { headers: accept });
    expect(list.headers.get('content-encoding')).toBe('br');
    expect(list.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await list.arrayBuffer());
    expect(Number(list.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(zlib.brotliDecompressSync(bytes).toString())).toEqual({ rows });
    const gzip = await app.request('/list', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plainList = await app.request('/list');
    expect(plainList.headers.get('content-encoding')).toBeNull();
    expect(await plainList.json()).toEqual({ rows });

    const small = await app.request('/small', { headers: accept });
    expect(small.headers.get('content-encoding')).toBeNull();
    const file = await app.request('/pdf', { headers: accept });
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    // Wired into the app: the API's answers go through it.
    const health = await get('/v1/accounting/health', accept);
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });
});
