// A fresh install: first start seeds and prints logins once; configuration errors name the variable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import type { RunningServer } from '../../server/start';
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

  it('reads the overdue threshold for TRA alerts in hours', () => {
    expect(loadConfig({}).traOverdueMs).toBe(48 * 3_600_000);
    expect(loadConfig({ TRA_OVERDUE_HOURS: '12' }).traOverdueMs).toBe(12 * 3_600_000);
    expect(() => loadConfig({ TRA_OVERDUE_HOURS: '0' })).toThrow(
      /TRA_OVERDUE_HOURS: must be at least 1 hour/,
    );
  });
});
