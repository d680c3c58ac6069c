// A fresh install as `npm start` builds it: the demo company fiscalizes with the built-in
// simulator, and the fiscal worker of the server process makes a submitted invoice issued.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../server/start';
import { invoiceBody } from '../helpers/invoices';
import { startOnLoopback } from '../helpers/real-start';

let server: RunningServer | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-invoices-start-'));
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('a fresh install', () => {
  it('issues an invoice of the demo company within seconds of its submission', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    server = await startOnLoopback({ DATA_DIR: dataDir, RISITI_ADMIN_PASSWORD: 'Admin-pass1' });
    const api = async (method: string, url: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server!.url}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const login = await api('POST', '/api/v2/login', undefined, {
      username: 'admin',
      password: 'Admin-pass1',
    });
    const token = login.body.token as string;
    const companies = await api('GET', '/v1/accounting/companies', token);
    const demo = companies.body.items[0];
    const body = invoiceBody();
    const query = `?companyId=${demo.id}`;
    expect((await api('POST', `/v1/accounting/invoices${query}`, token, body)).status).toBe(201);
    const submitted = await api('POST', `/v1/accounting/invoices/${body.id}/submit${query}`, token);
    expect(submitted.body).toMatchObject({ status: 'submitted', fiscal: { traStatus: 'pending' } });

    const deadline = Date.now() + 15_000;
    let invoice = submitted.body;
    while (invoice.status !== 'issued' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      invoice = (await api('GET', `/v1/accounting/invoices/${body.id}${query}`, token)).body;
    }
    expect(invoice).toMatchObject({ status: 'issued', fiscal: { traStatus: 'accepted' } });
  });
});
