// Reading a scanned receipt from TRA's verification: against a local server that answers like
// TRA's portal (its page shapes saved in tests/fixtures/tra-verify), and against the built-in
// simulator's verification of a receipt it really received.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushMessages } from '../../server/db/schema';
import { runDueLookups } from '../../server/expenses/lookup/job';
import { LONG_WAIT_NOTICE_MS } from '../../server/push/notices';
import { verifyReceipt } from '../../server/expenses/lookup/tra-verify';
import { createCompanyWithPeople } from '../helpers/factories';
import { createFiscalEnv, invoiceFor, type FiscalEnv } from '../helpers/fiscal';
import { signedInCompany, tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'tra-verify');
const receiptPage = fs.readFileSync(path.join(fixtures, 'receipt.html'), 'utf8');
const timeForm = fs.readFileSync(path.join(fixtures, 'time-form.html'), 'utf8');

interface Portal {
  base: string;
  requests: string[];
  /** What the next requests answer instead of the portal's pages. */
  failNext: { status: number; headers?: Record<string, string> }[];
  /** Answer the link with a redirect straight to the receipt, as the portal sometimes does. */
  redirectDirectly: boolean;
  close(): Promise<void>;
}

/**
 * A stand-in for verify.tra.go.tz: the link starts a session (cookie) and asks for the receipt
 * time; Verify/Verified?Secret= with that session and the right time shows the receipt.
 */
async function startPortal(known = { code: '317B5E380', time: '14:32:05' }): Promise<Portal> {
  const sessions = new Map<string, string>();
  const portal: Portal = {
    base: '',
    requests: [],
    failNext: [],
    redirectDirectly: false,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal');
    portal.requests.push(`${url.pathname}${url.search}`);
    const failure = portal.failNext.shift();
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'text/html', ...failure.headers });
      res.end('<html><body>Service unavailable</body></html>');
      return;
    }
    const cookie = /ASP\.NET_SessionId=([\w]+)/.exec(req.headers.cookie ?? '')?.[1];
    const link = /^\/([A-Z0-9]+)_(\d{6})$/.exec(url.pathname);
    if (link) {
      const session = crypto.randomBytes(8).toString('hex');
      sessions.set(session, link[1]!);
      const headers = {
        'set-cookie': `ASP.NET_SessionId=${session}; path=/; HttpOnly`,
        'content-type': 'text/html; charset=utf-8',
      };
      if (portal.redirectDirectly && link[1] === known.code) {
        const time = `${link[2]!.slice(0, 2)}:${link[2]!.slice(2, 4)}:${link[2]!.slice(4)}`;
        res.writeHead(302, { ...headers, location: `/Verify/Verified?Secret=${time}` });
        res.end();
        return;
      }
      res.writeHead(200, headers);
      res.end(timeForm);
      return;
    }
    if (url.pathname === '/Verify/Verified') {
      const code = cookie ? sessions.get(cookie) : undefined;
      const found = code === known.code && url.searchParams.get('Secret') === known.time;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(found ? receiptPage : timeForm);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><body>Not found</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  portal.base = `http://127.0.0.1:${address.port}/`;
  portal.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return portal;
}

describe("reading TRA's verification portal", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal.close();
  });

  it('answers the time question in the same session and reads the receipt', async () => {
    const outcome = await verifyReceipt(portal.base, '317B5E380', '14:32:05');
    expect(outcome.kind).toBe('found');
    if (outcome.kind !== 'found') return;
    expect(outcome.receipt).toEqual({
      seller: {
        name: 'MAMA NTILIE GENERAL SUPPLIES & SONS LIMITED',
        tin: '101825906',
        vrn: '10017937K',
        serial: '10TZ100781',
        mobile: '0754000111',
      },
      receiptNumber: '380',
      verificationCode: '317B5E380',
      date: '2025-07-14',
      time: '14:32:05',
      items: [
        { description: 'SUKARI 1KG', quantity: 2000, amount: 590_000, taxGroup: null },
        { description: 'MAFUTA YA KUPIKIA 5L', quantity: 1000, amount: 2_360_000, taxGroup: null },
        { description: 'MCHELE 25KG', quantity: 1000, amount: 5_900_000, taxGroup: null },
      ],
      totalExcludingTax: 7_500_000,
      totalTax: 1_350_000,
      totalIncludingTax: 8_850_000,
    });
    expect(portal.requests.slice(-2)).toEqual([
      '/317B5E380_143205',
      '/Verify/Verified?Secret=14%3A32%3A05',
    ]);
  });

  it('follows the portal straight to the receipt when it redirects', async () => {
    portal.redirectDirectly = true;
    try {
      const outcome = await verifyReceipt(portal.base, '317B5E380', '14:32:05');
      expect(outcome.kind).toBe('found');
    } finally {
      portal.redirectDirectly = false;
    }
  });

  it('takes a wrong time or an unknown code as not found, and a busy portal as try again', async () => {
    expect(await verifyReceipt(portal.base, '317B5E380', '14:32:06')).toEqual({
      kind: 'not_found',
    });
    expect(await verifyReceipt(portal.base, 'MFT7AB380', '14:32:05')).toEqual({
      kind: 'not_found',
    });
    portal.failNext.push({ status: 429, headers: { 'retry-after': '7' } });
    expect(await verifyReceipt(portal.base, '317B5E380', '14:32:05')).toMatchObject({
      kind: 'retry',
      retryAfterMs: 7_000,
    });
    portal.failNext.push({ status: 503 });
    expect((await verifyReceipt(portal.base, '317B5E380', '14:32:05')).kind).toBe('retry');
    expect((await verifyReceipt('http://127.0.0.1:9/', '317B5E380', '14:32:05')).kind).toBe(
      'retry',
    );
  });
});

describe('the receipt lookup job, against the portal', () => {
  let portal: Portal;
  let server: TestServer;
  beforeAll(async () => {
    portal = await startPortal();
    server = await createTestServer({ config: { TRA_VERIFY_BASE_URL: portal.base } });
  });
  afterAll(async () => {
    await server.close();
    await portal.close();
  });

  it('keeps a scanned code as a pending expense, then fills it from the page', async () => {
    const { token } = await signedInCompany(server);
    const id = crypto.randomUUID();
    const queued = await server.call('PUT', `/v1/accounting/expenses/${id}/lookup`, {
      token,
      body: { source: 'qr', receiptCode: '317b5e380', time: '14:32:05' },
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({
      status: 'pending',
      source: 'qr',
      receiptCode: '317B5E380',
      items: [],
      vendor: null,
      lookup: { status: 'queued', time: '14:32:05', error: null },
    });
    const polled = await server.call('GET', `/v1/accounting/expenses/${id}/lookup`, { token });
    expect(polled.body).toMatchObject({ status: 'queued', filled: false });

    expect(await runDueLookups(server.deps)).toBe(1);
    const read = await server.call('GET', `/v1/accounting/expenses/${id}`, { token });
    expect(read.body).toMatchObject({
      status: 'pending',
      date: '2025-07-14',
      time: '14:32:05',
      amountType: 'INCLUSIVE',
      vendor: {
        name: 'MAMA NTILIE GENERAL SUPPLIES & SONS LIMITED',
        tin: '101825906',
        vrn: '10017937K',
        serial: '10TZ100781',
      },
      items: [
        { description: 'SUKARI 1KG', quantity: 2000, unitAmount: 295_000, taxType: 'STANDARD' },
        { description: 'MAFUTA YA KUPIKIA 5L', quantity: 1000, unitAmount: 2_360_000 },
        { description: 'MCHELE 25KG', quantity: 1000, unitAmount: 5_900_000 },
      ],
      payments: [{ method: 'CASH', amount: 8_850_000 }],
      totals: { netAmount: 7_500_000, totalVat: 1_350_000, totalAmount: 8_850_000, balance: 0 },
      lookup: { status: 'done', error: null, attempts: 1 },
      version: 2,
    });
    const vendors = await server.call('GET', '/v1/accounting/vendors', { token });
    expect(vendors.body.items).toEqual([
      expect.objectContaining({ id: read.body.vendor.vendorId, tin: '101825906' }),
    ]);
    const feed = await server.call('GET', '/v1/accounting/changes', { token });
    const types = feed.body.changes.map((change: { type: string }) => change.type);
    expect(types).toContain('expense');
    expect(types).toContain('vendor');

    const again = await server.call('PUT', `/v1/accounting/expenses/${id}/lookup`, {
      token,
      body: { source: 'qr', receiptCode: '317B5E380', time: '14:32:05' },
    });
    expect(again.body.version).toBe(2);
  });

  it("gives up after about a minute without an answer, as 'receipt processing failed', and can try again", async () => {
    const { token } = await signedInCompany(server);
    const id = crypto.randomUUID();
    await server.call('PUT', `/v1/accounting/expenses/${id}/lookup`, {
      token,
      body: { source: 'code', receiptCode: '317B5E380', time: '14:32:05' },
    });
    const started = server.clock.now().getTime();
    for (let attempt = 0; attempt < 6; attempt++) {
      portal.failNext.push({ status: 503 });
      expect(await runDueLookups(server.deps)).toBe(1);
      expect(await runDueLookups(server.deps)).toBe(0);
      const state = await server.call('GET', `/v1/accounting/expenses/${id}/lookup`, { token });
      if (state.body.status === 'failed') break;
      server.clock.advance(30_000);
    }
    const failed = await server.call('GET', `/v1/accounting/expenses/${id}`, { token });
    expect(failed.body).toMatchObject({
      receiptCode: '317B5E380',
      items: [],
      lookup: { status: 'failed', error: 'receipt_processing_failed', attempts: 6 },
    });
    expect(server.clock.now().getTime() - started).toBeLessThanOrEqual(150_000);

    const retried = await server.call('PUT', `/v1/accounting/expenses/${id}/lookup`, {
      token,
      body: { source: 'code', receiptCode: '317B5E380', time: '14:32:05' },
    });
    expect(retried.body.lookup).toMatchObject({ status: 'queued', attempts: 0 });
    await runDueLookups(server.deps);
    const filled = await server.call('GET', `/v1/accounting/expenses/${id}`, { token });
    expect(filled.body.lookup.status).toBe('done');
    expect(filled.body.totals.totalAmount).toBe(8_850_000);
  });

  it('fails at once for a code TRA does not know, and keeps what was typed by hand meanwhile', async () => {
    const { token } = await signedInCompany(server);
    const unknown = crypto.randomUUID();
    await server.call('PUT', `/v1/accounting/expenses/${unknown}/lookup`, {
      token,
      body: { receiptCode: 'MFT7AB999', time: '09:00' },
    });
    await runDueLookups(server.deps);
    const failed = await server.call('GET', `/v1/accounting/expenses/${unknown}`, { token });
    expect(failed.body.lookup).toMatchObject({ status: 'failed', attempts: 1 });
    const processed = await server.call('POST', `/v1/accounting/expenses/${unknown}/status`, {
      token,
      body: { status: 'processed' },
    });
    expect(processed.status).toBe(409);
    expect(processed.body.code).toBe('expense_incomplete');

    const typed = crypto.randomUUID();
    await server.call('PUT', `/v1/accounting/expenses/${typed}/lookup`, {
      token,
      body: { receiptCode: '317B5E380', time: '14:32:05' },
    });
    const byHand = await server.call('PUT', `/v1/accounting/expenses/${typed}`, {
      token,
      body: {
        receiptCode: '317B5E380',
        date: '14-07-2025',
        time: '14:32:05',
        amountType: 'NO_TAX',
        vendor: { name: 'Mama Ntilie' },
        items: [{ description: 'Sukari', quantity: 1000, unitAmount: 100_000 }],
        payments: [{ method: 'CASH', amount: 100_000 }],
      },
    });
    expect(byHand.status).toBe(200);
    await runDueLookups(server.deps);
    const kept = await server.call('GET', `/v1/accounting/expenses/${typed}`, { token });
    expect(kept.body).toMatchObject({
      vendor: { name: 'Mama Ntilie' },
      totals: { totalAmount: 100_000 },
      lookup: { status: 'done' },
    });
  });

  /** A company's operator gives a receipt's code; the notices queued for them. */
  async function operatorAsks(receiptCode: string) {
    const { token, operator } = await signedInCompany(server);
    const id = crypto.randomUUID();
    await server.call('PUT', `/v1/accounting/expenses/${id}/lookup`, {
      token,
      body: { source: 'qr', receiptCode, time: '14:32:05' },
    });
    const notices = () =>
      server.deps.db
        .select({
          title: pushMessages.title,
          body: pushMessages.body,
          values: pushMessages.values,
          url: pushMessages.url,
        })
        .from(pushMessages)
        .where(eq(pushMessages.userId, operator.id));
    return { id, notices };
  }

  it('tells the person when their receipt is read after they have likely left its screen', async () => {
    const quick = await operatorAsks('317B5E380');
    await runDueLookups(server.deps);
    expect(await quick.notices()).toEqual([]);

    const slow = await operatorAsks('317B5E380');
    portal.failNext.push({ status: 503 });
    await runDueLookups(server.deps);
    server.clock.advance(LONG_WAIT_NOTICE_MS);
    await runDueLookups(server.deps);
    expect(await slow.notices()).toEqual([
      {
        title: 'A receipt was read',
        body: 'The receipt of {vendor} for {total} is in your expenses. Open it to check it.',
        values: { vendor: 'MAMA NTILIE GENERAL SUPPLIES & SONS LIMITED', total: 'Tsh 88,500.00' },
        url: `/expenses/${slow.id}`,
      },
    ]);
  });

  it('and when it could not be read in the minute the reading takes', async () => {
    const asked = await operatorAsks('317B5E380');
    for (let attempt = 0; attempt < 6; attempt++) {
      portal.failNext.push({ status: 503 });
      await runDueLookups(server.deps);
      server.clock.advance(30_000);
    }
    expect(await asked.notices()).toEqual([
      expect.objectContaining({
        title: 'A receipt could not be read',
        values: { code: '317B5E380' },
        url: `/expenses/${asked.id}`,
      }),
    ]);
  });
});

describe('the receipt lookup job, against the built-in simulator', () => {
  let env: FiscalEnv;
  beforeAll(async () => {
    env = await createFiscalEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  it('reads a receipt the simulator received, with each line’s tax group', async () => {
    const seller = await env.company();
    const receipt = await env.fiscalize(
      invoiceFor(seller.id, {
        lines: [
          { description: 'Sukari 1kg', qty: 2, price: 295_000 },
          { description: 'Unga wa mahindi', price: 180_000, tax: 'exempted' },
        ],
      }),
    );
    await env.drain(env.worker(), seller.id);

    const buyer = await createCompanyWithPeople(env.deps.db);
    const token = await tokenFor(env.server, buyer.operator);
    const id = crypto.randomUUID();
    const link = new URL(receipt.verificationUrl);
    const [code, hhmmss] = link.pathname.split('/').at(-1)!.split('_');
    const queued = await env.server.call('PUT', `/v1/accounting/expenses/${id}/lookup`, {
      token,
      body: {
        source: 'qr',
        receiptCode: code,
        time: `${hhmmss!.slice(0, 2)}:${hhmmss!.slice(2, 4)}:${hhmmss!.slice(4)}`,
      },
    });
    expect(queued.status).toBe(202);
    await runDueLookups(env.deps);
    const read = await env.server.call('GET', `/v1/accounting/expenses/${id}`, { token });
    expect(read.body).toMatchObject({
      date: receipt.date,
      time: receipt.time,
      vendor: { name: seller.name, tin: seller.tin, serial: seller.serial },
      items: [
        { description: 'Sukari 1kg', quantity: 2000, unitAmount: 295_000, taxType: 'STANDARD' },
        {
          description: 'Unga wa mahindi',
          quantity: 1000,
          unitAmount: 180_000,
          taxType: 'EXEMPTED',
        },
      ],
      totals: { totalAmount: 770_000, totalVat: 90_000, balance: 0 },
      lookup: { status: 'done' },
    });

    const wrongTime = crypto.randomUUID();
    await env.server.call('PUT', `/v1/accounting/expenses/${wrongTime}/lookup`, {
      token,
      body: { receiptCode: `${seller.receiptCode}999999`, time: '00:00:01' },
    });
    await runDueLookups(env.deps);
    const failed = await env.server.call('GET', `/v1/accounting/expenses/${wrongTime}`, { token });
    expect(failed.body.lookup).toMatchObject({
      status: 'failed',
      error: 'receipt_processing_failed',
    });
  });
});
