// A fresh install: first start seeds and prints logins once; configuration errors name the variable.
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import { MAX_STREAMS_PER_CONNECTION, type RunningServer } from '../../server/start';
import { certificateFiles } from '../helpers/certificate';
import { createTestDatabase, testDbKind } from '../helpers/db';
import { startOnLoopback, submitDemoInvoice } from '../helpers/real-start';

// A real start creates or opens two embedded databases (the server's and the simulator's) and
// a thread: under the parallel suites of CI one takes 15-25 s, where a quiet machine needs 5-10.
vi.setConfig({ testTimeout: 90_000 });

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  vi.restoreAllMocks();
});

async function start(env: Record<string, string>) {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
  const server = await startOnLoopback(env);
  running.push(server);
  return { server, output: printed.join('\n') };
}

describe.runIf(testDbKind() === 'pglite')('first start on the embedded database', () => {
  it('creates the admin and demo people, prints their logins once, and keeps data across restarts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-start-'));
    const first = await start({ DATA_DIR: dataDir, RISITI_ADMIN_PASSWORD: 'Admin-pass1' });
    expect(first.output).toMatch(/platform admin\s+username: admin/);
    expect(first.output).toMatch(/company owner\s+username: owner\s+password: \S+/);
    expect(first.output.match(/operator\s+username: operator\d/g)).toHaveLength(2);

    const health = await fetch(`${first.server.url}/v1/accounting/health`).then((r) => r.json());
    expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(health.tra).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tra-sim$/);

    const login = await fetch(`${first.server.url}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin-pass1' }),
    }).then((r) => r.json());
    expect(login.user).toMatchObject({ isAdmin: true, changePassword: false });
    const ownerPassword = /company owner\s+username: owner\s+password: (\S+)/.exec(
      first.output,
    )![1]!;
    await running.pop()!.close();

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output).not.toMatch(/username:/);
    const owner = await fetch(`${second.server.url}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: ownerPassword }),
    }).then((r) => r.json());
    expect(owner.user).toMatchObject({
      role: 'company_owner',
      changePassword: true,
      company: { tin: '101825906' },
    });
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o077).toBe(0);
  });

  it('skips the demo company with RISITI_DEMO=0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-start-'));
    const { output } = await start({ DATA_DIR: dataDir, RISITI_DEMO: '0' });
    expect(output).toMatch(/platform admin\s+username: admin\s+password: \S+/);
    expect(output).not.toMatch(/owner/);
  });
});

describe.runIf(testDbKind() === 'postgresql')('start on PostgreSQL', () => {
  it('migrates, seeds, reports PostgreSQL in the health check and issues receipts', async () => {
    const database = await createTestDatabase();
    await database.close();
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-start-'));
      const { server, output } = await start({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        RISITI_ADMIN_PASSWORD: 'Admin-pass1',
      });
      expect(output).toMatch(/company owner\s+username: owner/);
      const health = await fetch(`${server.url}/v1/accounting/health`).then((r) => r.json());
      expect(health.database).toBe('postgresql');
      const login = await fetch(`${server.url}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin-pass1' }),
      });
      expect(login.status).toBe(200);

      // The fiscal worker of the server process issues a submitted invoice.
      const { invoice } = await submitDemoInvoice(server, 'Admin-pass1');
      expect(invoice).toMatchObject({ status: 'issued', fiscal: { traStatus: 'accepted' } });
      await running.pop()!.close();
    } finally {
      await database.drop();
    }
  });
});

/** One request over an HTTP/2 session: status, headers and the body as text. */
function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const stream = session.request(headers);
      const chunks: Buffer[] = [];
      let answer: http2.IncomingHttpHeaders = {};
      stream.on('response', (h) => (answer = h));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({
          status: Number(answer[':status']),
          headers: answer,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      stream.on('error', reject);
      stream.end(body);
    },
  );
}

describe.runIf(testDbKind() === 'pglite')('HTTPS of its own', () => {
  it('answers HTTP/2 and HTTP/1.1 on one port with the given certificate, and stops with a browser still connected', async () => {
    const files = certificateFiles();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-start-'));
    const { server } = await start({
      DATA_DIR: dataDir,
      RISITI_ADMIN_PASSWORD: 'Admin-pass1',
      TLS_CERT_FILE: files.certFile,
      TLS_KEY_FILE: files.keyFile,
    });
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    // A browser: one HTTP/2 connection for everything, kept open.
    const session = http2.connect(server.url, { ca: files.cert });
    const health = await h2Request(session, { ':path': '/v1/accounting/health' });
    // A connection is held to a bounded number of requests at once.
    expect(session.remoteSettings.maxConcurrentStreams).toBe(MAX_STREAMS_PER_CONNECTION);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
    // Reached over HTTPS, so the browser is told to keep to it.
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const login = await h2Request(
      session,
      { ':method': 'POST', ':path': '/api/v2/login', 'content-type': 'application/json' },
      JSON.stringify({ username: 'admin', password: 'Admin-pass1' }),
    );
    expect(login.status).toBe(200);
    expect(JSON.parse(login.text).user).toMatchObject({ isAdmin: true });

    // The simulator's pages pass through the server: what belonged to the simulator's own
    // connection is not repeated over HTTP/2, where it is not allowed.
    const verify = await h2Request(session, { ':path': '/tra-sim/verify/UNKNOWN_101010' });
    expect(verify.status).toBe(404);

    // A client without HTTP/2, on the same port.
    const overHttp1 = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(`${server.url}/v1/accounting/health`, { ca: files.cert, agent: false }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, version: response.httpVersion }),
          );
        })
        .on('error', reject);
    });
    expect(overHttp1).toEqual({ status: 200, version: '1.1' });

    // Plain HTTP is not served on the HTTPS port.
    await expect(fetch(server.url.replace('https:', 'http:'))).rejects.toThrow();

    // Stopping does not wait for the browser to hang up.
    await running.pop()!.close();
    expect(session.closed || session.destroyed).toBe(true);
    session.destroy();
    files.remove();
  });
});

describe('configuration', () => {
  it('names each wrong variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RISITI_DEMO: 'yes' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RISITI_DEMO: 'yes' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT: must be a port number');
      expect((error as Error).message).toContain('DATABASE_URL: must start with postgres://');
      expect((error as Error).message).toContain('RISITI_DEMO: must be 0 or 1');
    }
  });

  it('reads the certificate and key for HTTPS, both or neither, and says what is wrong', () => {
    const files = certificateFiles();
    try {
      expect(loadConfig({}).tls).toBeUndefined();
      const tls = loadConfig({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile }).tls;
      expect(tls?.cert.toString()).toBe(files.cert);
      expect(() => loadConfig({ TLS_CERT_FILE: files.certFile })).toThrow(
        'TLS_KEY_FILE: must be set with TLS_CERT_FILE',
      );
      expect(() => loadConfig({ TLS_KEY_FILE: files.keyFile })).toThrow(
        'TLS_CERT_FILE: must be set with TLS_KEY_FILE',
      );
      const missing = path.join(files.dir, 'missing.pem');
      expect(() => loadConfig({ TLS_CERT_FILE: missing, TLS_KEY_FILE: files.keyFile })).toThrow(
        `TLS_CERT_FILE: cannot read ${missing} (ENOENT)`,
      );
      // Another certificate's key does not make a pair with this one.
      const other = certificateFiles();
      expect(() =>
        loadConfig({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: other.keyFile }),
      ).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE: not a PEM certificate and its private key/);
      other.remove();
      // A key where the certificate should be.
      expect(() =>
        loadConfig({ TLS_CERT_FILE: files.keyFile, TLS_KEY_FILE: files.keyFile }),
      ).toThrow(ConfigError);
    } finally {
      files.remove();
    }
  });

  it('reads the overdue threshold for TRA alerts in hours', () => {
    expect(loadConfig({}).traOverdueMs).toBe(48 * 3_600_000);
    expect(loadConfig({ TRA_OVERDUE_HOURS: '12' }).traOverdueMs).toBe(12 * 3_600_000);
    expect(() => loadConfig({ TRA_OVERDUE_HOURS: '0' })).toThrow(
      /TRA_OVERDUE_HOURS: must be at least 1 hour/,
    );
  });
});
