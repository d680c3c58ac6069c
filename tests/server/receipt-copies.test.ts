// Receipt reissuing: an admin finds receipts of the companies they reach by number, customer or
// day, sees those TRA has not accepted with TRA's last answer, and gives the customer a copy —
// a PDF marked as a copy, or an email with it. Another organization's receipt answers 404.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { readPdf } from '../helpers/pdf';

let env: FiscalEnv;
let shop: InvoiceShop;
let foreign: InvoiceShop;
let adminToken: string;
let receipt: { id: string; number: number; code: string };

let address = 0;
async function signIn(user: { username: string }) {
  const { body } = await env.server.call('POST', '/api/v2/login', {
    body: { username: user.username, password: TEST_PASSWORD },
    address: `10.64.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return body.token as string;
}

async function submitted(target: InvoiceShop, customer: string, id = crypto.randomUUID()) {
  const body = invoiceBody({
    id,
    customer: {
      name: customer,
      identificationType: 'NO_IDENTIFICATION',
      phoneNumber: '0712345678',
      email: 'juma@example.co.tz',
    },
  });
  await env.server.call('POST', '/v1/accounting/invoices', { token: target.token, body });
  const answer = await env.server.call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
    token: target.token,
    headers: submitHeaders(),
  });
  expect(answer.status).toBe(200);
  return {
    id: body.id as string,
    number: answer.body.fiscal.receiptNumber as number,
    code: answer.body.fiscal.verificationCode as string,
  };
}

beforeAll(async () => {
  env = await createFiscalEnv();
  shop = await invoiceShop(env);
  foreign = await invoiceShop(env);
  const [company] = await env.deps.db.query.companies.findMany({
    where: (c, { eq }) => eq(c.id, shop.companyId),
  });
  const admin = await createUser(env.deps.db, 'org_admin', {
    organizationId: company!.organizationId,
  });
  adminToken = await signIn(admin);
  receipt = await submitted(shop, 'Mama Zuhura Mwanga');
  await submitted(foreign, 'Mama Zuhura Mwanga');
});
afterAll(async () => {
  await env.close();
});

describe('receipt copies', () => {
  it('are found by receipt number, verification code, customer and day, in reach only', async () => {
    for (const q of [String(receipt.number), receipt.code, 'zuhura']) {
      const found = await env.server.call(
        'GET',
        `/v1/accounting/receipt-copies?q=${encodeURIComponent(q)}`,
        { token: adminToken },
      );
      expect(found.status).toBe(200);
      expect(found.body.items.map((item: { invoiceId: string }) => item.invoiceId)).toEqual([
        receipt.id,
      ]);
    }
    const today = (
      await env.server.call('GET', '/v1/accounting/receipt-copies', { token: adminToken })
    ).body.items[0].date;
    const byDay = await env.server.call(
      'GET',
      `/v1/accounting/receipt-copies?from=${today}&to=${today}`,
      { token: adminToken },
    );
    expect(byDay.body.items).toHaveLength(1);
    const none = await env.server.call(
      'GET',
      '/v1/accounting/receipt-copies?from=2001-01-01&to=2001-01-02',
      { token: adminToken },
    );
    expect(none.body.items).toHaveLength(0);
  });

  it('come a page at a time, each page saying whether more follow', async () => {
    await submitted(shop, 'Bi Rehema Ally');
    await submitted(shop, 'Bw Hamisi Omari');
    const page = async (query: string) =>
      (
        await env.server.call('GET', `/v1/accounting/receipt-copies?${query}`, {
          token: adminToken,
        })
      ).body as { items: Array<{ invoiceId: string; customerName: string }>; more: boolean };
    const all = await page('limit=200');
    expect(all.more).toBe(false);
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    const first = await page('limit=2');
    expect(first).toMatchObject({ more: true });
    expect(first.items.map((item) => item.invoiceId)).toEqual(
      all.items.slice(0, 2).map((item) => item.invoiceId),
    );
    const last = await page(`limit=2&offset=${all.items.length - 1}`);
    expect(last.more).toBe(false);
    expect(last.items.map((item) => item.invoiceId)).toEqual([all.items.at(-1)!.invoiceId]);
    expect((await page('limit=201')).items).toBeUndefined();
  });

  it('show the receipts TRA has not accepted yet, with TRA’s state', async () => {
    const waiting = await env.server.call('GET', '/v1/accounting/receipt-copies?status=pending', {
      token: adminToken,
    });
    const ours = waiting.body.items.find(
      (item: { invoiceId: string }) => item.invoiceId === receipt.id,
    );
    expect(ours).toMatchObject({
      invoiceId: receipt.id,
      traStatus: 'pending',
      receiptNumber: receipt.number,
      customerName: 'Mama Zuhura Mwanga',
    });
  });

  it('give a PDF marked as a copy, and another organization’s receipt answers 404', async () => {
    const pdf = await env.server.app.request(
      `/v1/accounting/receipt-copies/${receipt.id}/pdf?layout=80mm`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(await pdf.arrayBuffer()))).text.join(' ');
    expect(text).toContain('COPY — REPRINT OF THE ORIGINAL RECEIPT');
    expect(text).toContain(receipt.code);
    const list = await env.server.call('GET', '/v1/accounting/receipt-copies?q=zuhura', {
      token: shop.ownerToken,
    });
    expect(list.body.items).toHaveLength(1);
    const foreignId = (
      await env.server.call('GET', '/v1/accounting/receipt-copies?q=zuhura', {
        token: foreign.ownerToken,
      })
    ).body.items[0].invoiceId;
    const refused = await env.server.app.request(`/v1/accounting/receipt-copies/${foreignId}/pdf`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(refused.status).toBe(404);
    const operator = await env.server.call('GET', '/v1/accounting/receipt-copies', {
      token: shop.token,
    });
    expect(operator.status).toBe(403);
  });

  it('are named by company and invoice id when two companies in reach use the same id', async () => {
    const admin = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const id = crypto.randomUUID();
    const ours = await submitted(shop, 'Bi Mwanaidi Salim', id);
    const theirs = await submitted(foreign, 'Bw Hamisi Juma', id);
    const pdf = (query: string) =>
      env.server.app.request(`/v1/accounting/receipt-copies/${id}/pdf${query}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
    expect((await pdf('')).status).toBe(404);
    for (const [companyId, expected] of [
      [shop.companyId, ours],
      [foreign.companyId, theirs],
    ] as const) {
      const answer = await pdf(`?companyId=${companyId}`);
      expect(answer.status).toBe(200);
      const text = (await readPdf(Buffer.from(await answer.arrayBuffer()))).text.join(' ');
      expect(text).toContain(expected.code);
    }
    const unknown = await pdf(`?companyId=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('are emailed as a copy', async () => {
    const sent = await env.server.call(
      'POST',
      `/v1/accounting/receipt-copies/${receipt.id}/email`,
      { token: adminToken, body: { to: 'zuhura@example.co.tz' } },
    );
    expect(sent).toMatchObject({ status: 202, body: { to: 'zuhura@example.co.tz' } });
    const mail = env.mailer.sent.at(-1)!;
    expect(mail.subject).toBe(`Copy of receipt ${receipt.number} from ${shop.name}`);
    expect(mail.attachments?.[0]?.filename).toBe(`receipt-${receipt.number}-copy.pdf`);
    const mistyped = await env.server.call(
      'POST',
      `/v1/accounting/receipt-copies/${receipt.id}/email`,
      { token: adminToken, body: { to: 'zuhura@example' } },
    );
    expect(mistyped).toMatchObject({
      status: 422,
      body: { code: 'validation_failed', fields: { to: 'Valid email required' } },
    });
  });
});
