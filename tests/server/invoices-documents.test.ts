// What reaches the customer: the printed receipt (PDF in three layouts), the email with the PDF
// attached, and the public receipt page's data.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { createMailer } from '../../server/mail/mailer';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { readPdf } from '../helpers/pdf';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

let env: FiscalEnv;
let smtp: TestSmtp;
beforeAll(async () => {
  env = await createFiscalEnv();
  smtp = await startSmtp();
  env.deps.mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Risiti <no-reply@risiti.test>',
    dataDir: env.server.dataDir,
  });
});
afterAll(async () => {
  env.deps.mailer.close();
  await smtp.close();
  await env.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

async function raw(path: string, headers: Record<string, string> = {}) {
  const response = await env.server.app.request(path, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A submitted invoice with a TIN customer, a discount, two tax groups and a credit part. */
async function receipt(shop: InvoiceShop, overrides: Record<string, unknown> = {}) {
  const body = invoiceBody({
    customer: {
      name: 'Kampuni ya Mfano',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '101825906',
      phoneNumber: '0754000111',
      email: `mteja-${crypto.randomBytes(3).toString('hex')}@example.co.tz`,
      vatRegistrationNumber: '10017937K',
    },
    items: [
      { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 },
      { description: 'Madaftari', quantity: 10, unitPrice: 150_000, discountPercent: 10 },
      { description: 'Dawa ya meno', unitPrice: 250_000, taxType: 'exempted' },
    ],
    payments: [{ type: 'cash', amount: 1_000_000 }],
    reference: 'LPO-2231',
    ...overrides,
  });
  await call('POST', '/v1/accounting/invoices', { token: shop.token, body });
  const submitted = await call('POST', `/v1/accounting/invoices/${body.id}/submit`, {
    token: shop.token,
    headers: submitHeaders(),
  });
  expect(submitted.status).toBe(200);
  return submitted.body;
}

const pdfOf = (shop: InvoiceShop, id: string, layout?: string) =>
  raw(`/v1/accounting/invoices/${id}/pdf${layout ? `?layout=${layout}` : ''}`, {
    authorization: `Bearer ${shop.token}`,
  });

/** The legal block of spec/tra-vfd.md, as the text of one page. */
function expectLegalBlock(text: string, invoice: any, shop: InvoiceShop) {
  const { fiscal } = invoice;
  for (const part of [
    '*** START OF LEGAL RECEIPT ***',
    'TRA',
    shop.name,
    'Plot 1, Dar es Salaam',
    'MOBILE:',
    'TIN:',
    'VRN: NOT REGISTERED',
    `SERIAL NO: ${shop.serial}`,
    'UIN:',
    'TAX OFFICE: Tax Office Ilala',
    'Kampuni ya Mfano',
    'CUSTOMER ID TYPE: TIN',
    '101825906',
    '0754000111',
    `RECEIPT NO: ${fiscal.receiptNumber}`,
    `Z NUMBER: ${fiscal.zNumber}`,
    fiscal.receiptDate,
    fiscal.receiptTime,
    'Sukari 1kg',
    'Madaftari',
    'Dawa ya meno',
    'TOTAL EXCL OF TAX:',
    'TOTAL TAX:',
    'TOTAL INCL OF TAX: Tsh 21,900.00',
    'DISCOUNT:',
    'RECEIPT VERIFICATION CODE',
    fiscal.verificationCode,
    '*** END OF LEGAL RECEIPT ***',
  ]) {
    expect(text).toContain(part);
  }
}

describe('printing', () => {
  it('prints the A4 invoice as a legal receipt with its QR code', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    const { response, bytes } = await pdfOf(shop, invoice.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.sizes[0]).toEqual({ width: 595.28, height: 841.89 });
    const text = pdf.text.join(' ');
    expectLegalBlock(text, invoice, shop);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('LPO-2231');
    // Each line: quantity, unit price, amount and tax group letter.
    expect(text).toMatch(/Sukari 1kg 2 2,950\.00 A 5,900\.00/);
    expect(text).toMatch(/Madaftari 10 1,500\.00 10% A 13,500\.00/);
    expect(text).toMatch(/Dawa ya meno 1 2,500\.00 E 2,500\.00/);
    expect(text).toContain('Cash 10,000.00');
    expect(text).toContain('On credit (unpaid) 11,900.00');
    expect(text).not.toContain('PRO FORMA');
    expect(pdf.images[0]).toBe(1);
  });

  it('prints 80 mm and 58 mm thermal receipts with the legal block and QR code', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    for (const [layout, mm] of [
      ['80mm', 80],
      ['58mm', 58],
    ] as const) {
      const { response, bytes } = await pdfOf(shop, invoice.id, layout);
      expect(response.status).toBe(200);
      const pdf = await readPdf(bytes);
      expect(pdf.pages).toBe(1);
      expect(pdf.sizes[0]!.width).toBeCloseTo((mm * 72) / 25.4, 1);
      expect(pdf.sizes[0]!.height).toBeGreaterThan(pdf.sizes[0]!.width);
      expectLegalBlock(pdf.text[0]!, invoice, shop);
      expect(pdf.text[0]).toMatch(/2 x 2,950\.00 5,900\.00 A/);
      expect(pdf.images[0]).toBe(1);
    }
    const wrong = await pdfOf(shop, invoice.id, 'a5');
    expect(wrong.response.status).toBe(422);
  });

  it('marks a draft as a pro forma, never as a legal receipt', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody();
    await call('POST', '/v1/accounting/invoices', { token: shop.token, body });
    for (const layout of ['a4', '80mm', '58mm']) {
      const pdf = await readPdf((await pdfOf(shop, body.id as string, layout)).bytes);
      const text = pdf.text.join(' ');
      expect(text).toContain('PRO FORMA — NOT A FISCAL RECEIPT');
      expect(text).not.toContain('LEGAL RECEIPT');
      expect(text).not.toContain('RECEIPT VERIFICATION CODE');
      expect(pdf.images[0]).toBe(0);
    }
  });

  it('prints in Swahili for a Swahili user', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    await env.deps.db.execute(sql`update users set language = 'sw' where id = ${shop.operatorId}`);
    const pdf = await readPdf((await pdfOf(shop, invoice.id, '80mm')).bytes);
    const text = pdf.text[0]!;
    expect(text).toContain('*** START OF LEGAL RECEIPT ***');
    expect(text).toContain('NAMBA YA RISITI');
    expect(text).toContain('JUMLA PAMOJA NA KODI');
    expect(text).toContain(invoice.fiscal.verificationCode);
    expect(text).not.toContain('RECEIPT NO');
    // The A4 table's headers are whole words, however narrow their column.
    const a4 = (await readPdf((await pdfOf(shop, invoice.id)).bytes)).text[0]!;
    for (const header of ['Maelezo', 'Idadi', 'Bei ya kimoja', 'Punguzo', 'Kodi', 'Kiasi']) {
      expect(
        a4.split(/\n/).some((line) => line.includes(header)),
        header,
      ).toBe(true);
    }
  });

  it('prints names in other scripts as written, and a character no font has as ?', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop, {
      customer: { name: 'Ŵilliam Łukasz Иван Αλέξης', identificationType: 'NO_IDENTIFICATION' },
      items: [{ description: 'Chai ☕ 茶', unitPrice: 100_000 }],
      payments: [],
    });
    const text = (await readPdf((await pdfOf(shop, invoice.id, '80mm')).bytes)).text[0]!;
    expect(text).toContain('Ŵilliam Łukasz Иван Αλέξης');
    expect(text).toContain('Chai ☕ ?');
  });

  it('fits a long invoice on several A4 pages', async () => {
    const shop = await invoiceShop(env);
    const items = Array.from({ length: 120 }, (_, i) => ({
      description: `Bidhaa namba ${i + 1} yenye maelezo marefu kidogo`,
      unitPrice: 10_000 + i,
    }));
    const invoice = await receipt(shop, { items, payments: [] });
    const pdf = await readPdf((await pdfOf(shop, invoice.id)).bytes);
    expect(pdf.pages).toBeGreaterThan(1);
    const text = pdf.text.join(' ');
    expect(text).toContain('Bidhaa namba 120 yenye');
    expect(text).toContain('*** END OF LEGAL RECEIPT ***');
  });
});

describe('emailing', () => {
  it('sends the receipt to the customer email with the PDF attached and the public link', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    const sent = await call('POST', `/v1/accounting/invoices/${invoice.id}/email`, {
      token: shop.token,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ to: invoice.customer.email });
    const mail = await smtp.waitFor(invoice.customer.email);
    expect(mail.subject).toBe(`Receipt ${invoice.fiscal.receiptNumber} from ${shop.name}`);
    expect(mail.text).toContain('Hello Kampuni ya Mfano,');
    expect(mail.text).toContain(invoice.fiscal.verificationCode);
    expect(mail.text).toContain(`http://localhost/r/${invoice.publicId}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toBe(`receipt-${invoice.fiscal.receiptNumber}.pdf`);
    const pdf = await readPdf(attachment!.content);
    expectLegalBlock(pdf.text.join(' '), invoice, shop);
  });

  it('sends to another address when asked, in the sender language', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    await env.deps.db.execute(sql`update users set language = 'sw' where id = ${shop.operatorId}`);
    const to = `mhasibu-${crypto.randomBytes(3).toString('hex')}@example.co.tz`;
    const sent = await call('POST', `/v1/accounting/invoices/${invoice.id}/email`, {
      token: shop.token,
      body: { to },
    });
    expect(sent.body).toEqual({ to });
    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe(`Risiti namba ${invoice.fiscal.receiptNumber} kutoka ${shop.name}`);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  });

  it('asks to check the customer email when there is none or it is not valid', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop, {
      customer: { name: 'Mteja', identificationType: 'NO_IDENTIFICATION' },
    });
    const none = await call('POST', `/v1/accounting/invoices/${invoice.id}/email`, {
      token: shop.token,
    });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({
      code: 'invoice_customer_email_missing',
      message: 'This customer has no valid email. Please check the customer email.',
      fields: {
        'customer.email': 'This customer has no valid email. Please check the customer email.',
      },
    });
    const invalid = await call('POST', `/v1/accounting/invoices/${invoice.id}/email`, {
      token: shop.token,
      body: { to: 'mteja@' },
    });
    // A typed address is the typist's mistake, named as one.
    expect(invalid).toMatchObject({
      status: 422,
      body: { code: 'validation_failed', fields: { to: 'Valid email required' } },
    });
    expect(Object.keys(invalid.body.fields)).toEqual(['to']);
  });

  it('counts the mails to one address together, typed or the customer own', async () => {
    const shop = await invoiceShop(env);
    const email = `juma-${crypto.randomBytes(3).toString('hex')}@example.co.tz`;
    const invoice = await receipt(shop, {
      customer: { name: 'Juma', identificationType: 'NO_IDENTIFICATION', email },
    });
    const send = (body?: unknown) =>
      call('POST', `/v1/accounting/invoices/${invoice.id}/email`, { token: shop.token, body });
    const answers: number[] = [];
    for (const body of [{ to: email.toUpperCase() }, { to: email }, undefined, {}, { to: email }]) {
      answers.push((await send(body)).status);
    }
    expect(answers).toEqual([202, 202, 202, 202, 202]);
    expect((await send()).status).toBe(429);
    expect((await send({ to: email })).status).toBe(429);
  });

  it('answers 502 when the mail server refuses, so the call can be repeated', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    const working = env.deps.mailer;
    env.deps.mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'Risiti <no-reply@risiti.test>',
      dataDir: env.server.dataDir,
    });
    try {
      const failed = await call('POST', `/v1/accounting/invoices/${invoice.id}/email`, {
        token: shop.token,
        headers: { 'Idempotency-Key': 'email-retry' },
      });
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe('invoice_email_failed');
    } finally {
      env.deps.mailer.close();
      env.deps.mailer = working;
    }
    const retried = await call('POST', `/v1/accounting/invoices/${invoice.id}/email`, {
      token: shop.token,
      headers: { 'Idempotency-Key': 'email-retry' },
    });
    expect(retried.status).toBe(202);
  });
});

describe('the public receipt', () => {
  it('shows a submitted receipt without signing in, and nothing but what is printed', async () => {
    const shop = await invoiceShop(env);
    const invoice = await receipt(shop);
    const view = await call('GET', `/v1/accounting/public/receipts/${invoice.publicId}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      publicId: invoice.publicId,
      status: 'submitted',
      business: { name: shop.name, serial: shop.serial, vrn: null, taxOffice: 'Tax Office Ilala' },
      customer: {
        name: 'Kampuni ya Mfano',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: '101825906',
      },
      totals: { totalIncludingTax: 2_190_000 },
      fiscal: {
        receiptNumber: invoice.fiscal.receiptNumber,
        verificationCode: invoice.fiscal.verificationCode,
        verificationUrl: invoice.fiscal.verificationUrl,
      },
    });
    expect(view.body.items).toHaveLength(3);
    const text = JSON.stringify(view.body);
    for (const secret of [invoice.customer.email, shop.operatorId, invoice.id, shop.companyId]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(view.body.customer)).not.toContain('email');

    const { response, bytes } = await raw(
      `/v1/accounting/public/receipts/${invoice.publicId}/pdf?layout=58mm`,
    );
    expect(response.status).toBe(200);
    expectLegalBlock((await readPdf(bytes)).text[0]!, invoice, shop);
  });

  it('does not exist for a draft, a canceled invoice or an unknown id', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody();
    const draft = await call('POST', '/v1/accounting/invoices', { token: shop.token, body });
    expect(
      (await call('GET', `/v1/accounting/public/receipts/${draft.body.publicId}`)).status,
    ).toBe(404);
    await call('POST', `/v1/accounting/invoices/${body.id}/cancel`, { token: shop.token });
    const canceled = await call('GET', `/v1/accounting/public/receipts/${draft.body.publicId}/pdf`);
    expect(canceled.status).toBe(404);
    expect(
      (await call('GET', '/v1/accounting/public/receipts/AAAAAAAAAAAAAAAAAAAAAA')).status,
    ).toBe(404);
    expect((await call('GET', '/v1/accounting/public/receipts/short')).status).toBe(404);
  });

  it('limits requests per address', async () => {
    const address = `10.9.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (
        await call('GET', '/v1/accounting/public/receipts/AAAAAAAAAAAAAAAAAAAAAA', { address })
      ).status;
    }
    expect(last).toBe(429);
    const other = await call('GET', '/v1/accounting/public/receipts/AAAAAAAAAAAAAAAAAAAAAA', {
      address: '10.8.0.1',
    });
    expect(other.status).toBe(404);
    env.clock.advance(61_000);
    const later = await call('GET', '/v1/accounting/public/receipts/AAAAAAAAAAAAAAAAAAAAAA', {
      address,
    });
    expect(later.status).toBe(404);
    await env.deps.db.delete(rateLimits).where(eq(rateLimits.key, `public-receipt:${address}`));
  });
});
