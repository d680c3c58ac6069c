// What the browser is told on every answer: a strict Content-Security-Policy, HTTPS pinned only
// over HTTPS, the public API open to other sites through CORS and nothing else readable from
// them; and how the built app is served: compressed by what the browser accepts, hashed assets
// cached for good, the shell and service worker revalidated, no source maps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '../../server/http/security-headers';
import { mountStatic } from '../../server/static';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let plain: TestServer;
let webDir: string;

const SHELL = '<!doctype html><html><head><title>Risiti</title></head><body></body></html>';
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
  compressed('assets/index-Ab12Cd34.js', SCRIPT);
  compressed('sw.js', SCRIPT);
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
  mountStatic(server.app, webDir);
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
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
      const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
      for (const header of ['authorization', 'content-type', 'idempotency-key'])
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
