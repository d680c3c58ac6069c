// A fresh install as `npm start` builds it: the demo company fiscalizes with the built-in
// simulator, and the fiscal worker of the server process makes a submitted invoice issued.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../server/start';
import { startOnLoopback, submitDemoInvoice } from '../helpers/real-start';

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
    const { submitted, invoice } = await submitDemoInvoice(server, 'Admin-pass1');
    expect(submitted).toMatchObject({ status: 'submitted', fiscal: { traStatus: 'pending' } });
    expect(invoice).toMatchObject({ status: 'issued', fiscal: { traStatus: 'accepted' } });
  });
});
