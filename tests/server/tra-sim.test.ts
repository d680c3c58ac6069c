// The TRA simulator as the app mounts it at /tra-sim: a verification page that needs the
// receipt's time and limits lookups, bodies capped while they stream, and endpoints that
// answer only the app's own VFD client.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traSimClientKey } from '../../server/secrets';
import { BODY_LIMITS, VERIFY_LIMIT } from '../../server/tra-sim/simulator';
import { TRA_PATHS, TRA_SIM_KEY_HEADER } from '../../server/vfd/tra-client';
import {
  createFiscalEnv,
  invoiceFor,
  type FiscalEnv,
  type RegisteredCompany,
} from '../helpers/fiscal';

let env: FiscalEnv;
let appServer: ServerType;
let appUrl: string;
let key: string;
let company: RegisteredCompany;
let code: string;

beforeAll(async () => {
  env = await createFiscalEnv();
  appServer = await new Promise((resolve) => {
    const s = serve({ fetch: env.server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    );
  });
  appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
  // The app's VFD client talks to its own mounted simulator, as when TRA_BASE_URL is unset.
  env.deps.traBaseUrl = `${appUrl}/tra-sim`;
  key = traSimClientKey(env.deps.secrets);
  company = await env.company();
  const receipt = await env.fiscalize(invoiceFor(company.id));
  await env.drain(env.worker(), company.id);
  code = receipt.verificationUrl.split('/').pop()!;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    appServer.close(() => resolve());
    (appServer as http.Server).closeAllConnections();
  });
  await env.close();
});

const verify = (path: string, address: string) =>
  fetch(`${appUrl}/tra-sim/verify/${path}`, { headers: { 'x-forwarded-for': address } });

describe('the mounted simulator', () => {
  it('accepts the app’s own registration, token and receipts', async () => {
    const ledger = await env.sim.ledger(company.serial);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ ackCode: 0 });
    expect(code).toMatch(/^[A-Z0-9]+_\d{6}$/);
  });

  it('answers 401 to anything but the verification page without the app’s key', async () => {
    for (const path of [
      TRA_PATHS.registration,
      TRA_PATHS.receipt,
      TRA_PATHS.zreport,
      '/vfdtoken',
    ]) {
      const bare = await fetch(`${appUrl}/tra-sim${path}`, { method: 'POST', body: '<x/>' });
      expect(bare.status, path).toBe(401);
      const wrong = await fetch(`${appUrl}/tra-sim${path}`, {
        method: 'POST',
        body: '<x/>',
        headers: { [TRA_SIM_KEY_HEADER]: `${key.slice(0, -1)}x` },
      });
      expect(wrong.status, path).toBe(401);
    }
    expect((await fetch(`${appUrl}/tra-sim/certificate`)).status).toBe(401);
    const page = await verify(code, '198.51.100.1');
    expect(page.status).toBe(200);
  });

  it('shows a receipt only with its code and time, and the same 404 otherwise', async () => {
    const address = '198.51.100.2';
    const ok = await verify(code, address);
    expect(ok.status).toBe(200);
    const [rctvnum, time] = code.split('_') as [string, string];
    const wrongTime = await verify(
      `${rctvnum}_${time === '000000' ? '000001' : '000000'}`,
      address,
    );
    const codeAlone = await verify(rctvnum, address);
    const unknown = await verify(`ZZZZZZ1_${time}`, address);
    const bodies = await Promise.all([wrongTime, codeAlone, unknown].map((r) => r.text()));
    expect([wrongTime.status, codeAlone.status, unknown.status]).toEqual([404, 404, 404]);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toContain(company.name);
  });

  it('answers 429 past 30 lookups a minute from one address, and counts each address apart', async () => {
    const address = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < VERIFY_LIMIT.max + 2; i++) {
      statuses.push((await verify(`NOPE${i}_000000`, address)).status);
    }
    expect(statuses.slice(0, VERIFY_LIMIT.max).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(VERIFY_LIMIT.max)).toEqual([429, 429]);
    expect((await verify(code, address)).status).toBe(429);
    expect((await verify(code, '203.0.113.10')).status).toBe(200);
    env.clock.advance(VERIFY_LIMIT.windowMs + 1);
    expect((await verify(code, address)).status).toBe(200);
  });
});

/** Posts with the key, writing the body in 64 KiB chunks until the server answers or closes. */
function postLarge(
  path: string,
  bytes: number,
  declareLength: boolean,
): Promise<{ status: number; written: number; closed: boolean; connection: string }> {
  const url = new URL(`${appUrl}/tra-sim${path}`);
  return new Promise((resolve, reject) => {
    let written = 0;
    let status = 0;
    let connection = '';
    let settled = false;
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: {
        [TRA_SIM_KEY_HEADER]: key,
        'content-type':
          path === '/vfdtoken' ? 'application/x-www-form-urlencoded' : 'application/xml',
        ...(declareLength ? { 'content-length': String(bytes) } : {}),
      },
    });
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ status, written, closed, connection });
    };
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      connection = String(response.headers.connection ?? '');
      response.resume();
      response.on('end', () => {
        // Connection: close — the socket ends without waiting for the rest of the body.
        request.socket?.once('close', () => finish(true));
        setTimeout(() => finish(request.socket?.destroyed ?? false), 2_000);
      });
    });
    request.on('error', (error) => {
      if (status) finish(true);
      else reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (written < bytes && !status && !request.destroyed) {
        written += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      if (written >= bytes && !request.writableEnded) request.end();
    };
    pump();
  });
}

describe('request bodies', () => {
  const endpoints = [
    [TRA_PATHS.registration, BODY_LIMITS.registration],
    ['/vfdtoken', BODY_LIMITS.token],
    [TRA_PATHS.receipt, BODY_LIMITS.receipt],
    [TRA_PATHS.zreport, BODY_LIMITS.zreport],
  ] as const;

  it('are refused with 413 and a closed connection when Content-Length is over the limit', async () => {
    for (const [path, limit] of endpoints) {
      const result = await postLarge(path, 8 * 1024 * 1024, true);
      expect(result.status, path).toBe(413);
      expect(result.closed, path).toBe(true);
      expect(result.connection, path).toBe('close');
      expect(result.written, path).toBeLessThan(8 * 1024 * 1024);
      expect(limit).toBeGreaterThan(0);
    }
  });

  it('are refused with 413 and a closed connection when a chunked body passes the limit', async () => {
    for (const [path, limit] of endpoints) {
      const result = await postLarge(path, 8 * 1024 * 1024, false);
      expect(result.status, path).toBe(413);
      expect(result.closed, path).toBe(true);
      expect(result.connection, path).toBe('close');
      // The server stopped reading soon after the limit, not at the end of the body.
      expect(result.written, path).toBeLessThan(limit + 4 * 1024 * 1024);
    }
  });
});
