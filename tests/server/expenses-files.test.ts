// Files attached to expenses, and the expenses report with its PDF and Excel downloads.
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '../../domain/attachments';
import { createCompanyWithPeople, createUser, digits } from '../helpers/factories';
import { readPdf } from '../helpers/pdf';
import { tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const code = () =>
  `${crypto.randomBytes(3).toString('hex').toUpperCase()}${crypto.randomInt(1, 999)}`;

async function shop(language: 'en' | 'sw' = 'en') {
  const people = await createCompanyWithPeople(server.deps.db);
  const operator = await createUser(server.deps.db, 'operator', {
    companyId: people.company.id,
    organizationId: people.company.organizationId,
    language,
  });
  return { ...people, token: await tokenFor(server, operator) };
}

async function newExpense(token: string, overrides: Record<string, unknown> = {}) {
  const body = {
    id: crypto.randomUUID(),
    receiptCode: code(),
    date: '14-07-2025',
    time: '10:00',
    amountType: 'INCLUSIVE',
    vendor: { name: 'Mama Ntilie Supplies', tin: digits(9) },
    items: [
      { description: 'Sukari 1kg', quantity: 1000, unitAmount: 295_000, taxType: 'STANDARD' },
    ],
    payments: [{ method: 'CASH', amount: 295_000 }],
    ...overrides,
  };
  const saved = await server.call('PUT', `/v1/accounting/expenses/${body.id}`, { token, body });
  expect(saved.status).toBe(201);
  return saved.body as { id: string };
}

async function upload(
  token: string,
  expenseId: string,
  bytes: Uint8Array,
  name: string,
  type: string,
  id: string = crypto.randomUUID(),
) {
  const response = await server.app.request(
    `/v1/accounting/expenses/${expenseId}/attachments/${id}`,
    {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': type,
        'x-file-name': encodeURIComponent(name),
        'idempotency-key': crypto.randomUUID(),
      },
      body: new Uint8Array(bytes),
    },
  );
  const text = await response.text();
  return { id, status: response.status, body: text ? JSON.parse(text) : null };
}

const receiptPhoto = () =>
  QRCode.toBuffer('https://verify.tra.go.tz/317B5E380_143205', { width: 200 });

describe('files attached to an expense (spec §5: PDF, PNG or JPG, at most 5 MB)', () => {
  it('keeps a photo with the expense and gives it back only to the people of that company', async () => {
    const { token, company } = await shop();
    const expense = await newExpense(token);
    const photo = await receiptPhoto();
    const stored = await upload(token, expense.id, photo, 'Risiti ya duka.png', 'image/png');
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({
      id: stored.id,
      expenseId: expense.id,
      name: 'Risiti ya duka.png',
      kind: 'png',
      mime: 'image/png',
      size: photo.length,
      sha256: crypto.createHash('sha256').update(photo).digest('hex'),
    });
    const read = await server.app.request(
      `/v1/accounting/expenses/${expense.id}/attachments/${stored.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await read.arrayBuffer()).equals(photo)).toBe(true);

    const stranger = await shop();
    const foreign = await server.call(
      'GET',
      `/v1/accounting/expenses/${expense.id}/attachments/${stored.id}`,
      { token: stranger.token },
    );
    expect(foreign.status).toBe(404);
    const admin = await tokenFor(server, await createUser(server.deps.db, 'platform_admin'));
    const asAdmin = await server.call(
      'GET',
      `/v1/accounting/expenses/${expense.id}/attachments/${stored.id}?companyId=${company.id}`,
      { token: admin },
    );
    expect(asAdmin.status).toBe(403);
    const listed = await server.call('GET', `/v1/accounting/expenses/${expense.id}/attachments`, {
      token,
    });
    expect(listed.body.items.map((a: { id: string }) => a.id)).toEqual([stored.id]);
  });

  it('stores a repeated upload once, and refuses other bytes under the same id', async () => {
    const { token } = await shop();
    const expense = await newExpense(token);
    const photo = await receiptPhoto();
    const first = await upload(token, expense.id, photo, 'a.png', 'image/png');
    const again = await upload(token, expense.id, photo, 'a.png', 'image/png', first.id);
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(1);
    const other = await upload(
      token,
      expense.id,
      await QRCode.toBuffer('other'),
      'a.png',
      'image/png',
      first.id,
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'Another file was already stored under this name. Attach it again.',
    );
    const feed = await server.call('GET', '/v1/accounting/changes', { token });
    expect(
      feed.body.changes.filter((c: { type: string }) => c.type === 'expense_attachment'),
    ).toHaveLength(1);
  });

  it('checks the content, not only the name, and the size, chunked or not', async () => {
    const { token } = await shop();
    const expense = await newExpense(token);
    const png = await receiptPhoto();
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF');
    const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
    expect((await upload(token, expense.id, pdf, 'invoice.PDF', 'application/pdf')).status).toBe(
      201,
    );
    expect((await upload(token, expense.id, jpg, 'photo.jpeg', '')).status).toBe(201);
    const renamed = await upload(token, expense.id, png, 'photo.jpg', 'image/jpeg');
    expect(renamed).toMatchObject({
      status: 422,
      body: { fields: { file: 'The file content does not match its type' } },
    });
    const text = await upload(
      token,
      expense.id,
      new TextEncoder().encode('hello'),
      'notes.pdf',
      'application/pdf',
    );
    expect(text.body.fields.file).toBe('Only PDF, PNG or JPG files are accepted');
    const program = await upload(token, expense.id, png, 'setup.exe', 'application/octet-stream');
    expect(program.body.message).toBe('Only PDF, PNG or JPG files are accepted');
    const empty = await upload(token, expense.id, new Uint8Array(), 'empty.png', 'image/png');
    expect(empty.status).toBe(422);

    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    big.set(png.subarray(0, 8));
    const tooLarge = await upload(token, expense.id, big, 'big.png', 'image/png');
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { message: 'The file is too large. The maximum is 5 MB.' },
    });
    const exact = await upload(
      token,
      expense.id,
      big.subarray(0, MAX_ATTACHMENT_BYTES),
      'exact.png',
      'image/png',
    );
    expect(exact.status).toBe(201);
    const chunked = await server.app.request(
      `/v1/accounting/expenses/${expense.id}/attachments/${crypto.randomUUID()}`,
      {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'image/png',
          'x-file-name': 'c.png',
        },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(png.subarray(0, 8));
            for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(1024 * 1024));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit,
    );
    expect(chunked.status).toBe(413);
    const attachments = await server.call(
      'GET',
      `/v1/accounting/expenses/${expense.id}/attachments`,
      {
        token,
      },
    );
    expect(attachments.body.items).toHaveLength(3);
  });

  it('keeps at most 10 files on an expense, and none once it is processed', async () => {
    const { token } = await shop();
    const expense = await newExpense(token);
    const jpg = (n: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, n]);
    for (let n = 0; n < 10; n++) {
      expect((await upload(token, expense.id, jpg(n), `${n}.jpg`, 'image/jpeg')).status).toBe(201);
    }
    const eleventh = await upload(token, expense.id, jpg(10), '10.jpg', 'image/jpeg');
    expect(eleventh.body.fields.file).toBe('An expense can have at most 10 files');
    const second = await newExpense(token);
    await server.call('POST', `/v1/accounting/expenses/${second.id}/status`, {
      token,
      body: { status: 'processed' },
    });
    const late = await upload(token, second.id, jpg(1), 'late.jpg', 'image/jpeg');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Only a pending expense can be changed');
  });

  it('removes a file from a pending expense, once, and tells the other phones', async () => {
    const { token } = await shop();
    const expense = await newExpense(token);
    const stored = await upload(token, expense.id, await receiptPhoto(), 'a.png', 'image/png');
    const url = `/v1/accounting/expenses/${expense.id}/attachments/${stored.id}`;
    expect((await server.call('DELETE', url, { token })).status).toBe(204);
    expect((await server.call('DELETE', url, { token })).status).toBe(204);
    expect((await server.call('GET', url, { token })).status).toBe(404);
    const feed = await server.call('GET', '/v1/accounting/changes', { token });
    expect(feed.body.changes.at(-1)).toMatchObject({
      type: 'expense_attachment',
      id: stored.id,
      deleted: true,
    });
    const again = await upload(
      token,
      expense.id,
      await receiptPhoto(),
      'a.png',
      'image/png',
      stored.id,
    );
    expect(again.status).toBe(409);
  });

  it('keeps the bytes in the database when several servers share it (ATTACHMENT_STORE=database)', async () => {
    const shared = await createTestServer({ config: { ATTACHMENT_STORE: 'database' } });
    try {
      const people = await createCompanyWithPeople(shared.deps.db);
      const token = await tokenFor(shared, people.operator);
      const body = {
        id: crypto.randomUUID(),
        receiptCode: code(),
        date: '14-07-2025',
        time: '10:00',
        amountType: 'NO_TAX',
        vendor: { name: 'Duka' },
        items: [{ description: 'Sukari', quantity: 1000, unitAmount: 100 }],
        payments: [{ method: 'CASH', amount: 100 }],
      };
      await shared.call('PUT', `/v1/accounting/expenses/${body.id}`, { token, body });
      const photo = await receiptPhoto();
      const id = crypto.randomUUID();
      const put = await shared.app.request(`/v1/accounting/expenses/${body.id}/attachments/${id}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'image/png',
          'x-file-name': 'r.png',
        },
        body: new Uint8Array(photo),
      });
      expect(put.status).toBe(201);
      const read = await shared.app.request(
        `/v1/accounting/expenses/${body.id}/attachments/${id}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(Buffer.from(await read.arrayBuffer()).equals(photo)).toBe(true);
    } finally {
      await shared.close();
    }
  });
});

describe('the expenses report (spec §9: PDF and Excel)', () => {
  async function reportShop(language: 'en' | 'sw' = 'en') {
    const people = await shop(language);
    const { token } = people;
    const categories = await server.call('GET', '/v1/accounting/expense-categories', { token });
    const fuel = await server.call('POST', '/v1/accounting/expense-categories', {
      token,
      body: { name: 'Mafuta ya gari', code: 'FUEL' },
    });
    await newExpense(token, {
      date: '03-07-2025',
      categoryId: fuel.body.id,
      items: [
        { description: 'Diesel 20 l', quantity: 1000, unitAmount: 5_900_000, taxType: 'STANDARD' },
      ],
      payments: [{ method: 'EMONEY', amount: 5_900_000 }],
    });
    await newExpense(token, {
      date: '20-07-2025',
      currency: 'USD',
      currencyRate: '2600',
      amountType: 'NO_TAX',
      items: [{ description: 'Domain name', quantity: 1000, unitAmount: 1_500 }],
      payments: [{ method: 'BANK', amount: 1_500 }],
    });
    const canceled = await newExpense(token, { date: '21-07-2025' });
    await server.call('POST', `/v1/accounting/expenses/${canceled.id}/status`, {
      token,
      body: { status: 'canceled' },
    });
    await newExpense(token, { date: '02-08-2025' });
    return { ...people, fuel: fuel.body, categories: categories.body };
  }

  const july = 'preset=custom&from=01-07-2025&to=31-07-2025';

  it('adds up the period in shillings, by category, vendor and payment method, without canceled ones', async () => {
    const { token, fuel } = await reportShop();
    const report = await server.call('GET', `/v1/accounting/expenses/report?${july}`, { token });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      range: { firstDay: '2025-07-01', lastDay: '2025-07-31' },
      count: 2,
      totals: { count: 2, totalAmount: 5_900_000 + 3_900_000, totalVat: 900_000 },
      granularity: 'day',
      byMethod: [
        { method: 'BANK', amount: 3_900_000, count: 1 },
        { method: 'EMONEY', amount: 5_900_000, count: 1 },
      ],
    });
    expect(report.body.byCategory).toEqual([
      expect.objectContaining({ categoryId: fuel.id, totalAmount: 5_900_000 }),
      expect.objectContaining({ categoryId: null, totalAmount: 3_900_000 }),
    ]);
    expect(report.body.overTime).toHaveLength(31);
    const byMethod = await server.call(
      'GET',
      `/v1/accounting/expenses/report?${july}&method=EMONEY&categoryId=${fuel.id}`,
      { token },
    );
    expect(byMethod.body.totals).toMatchObject({ count: 1, totalAmount: 5_900_000 });
    const junk = await server.call(
      'GET',
      '/v1/accounting/expenses/report?preset=someday&method=GOLD',
      {
        token,
      },
    );
    expect(junk.status).toBe(422);
    // A period is bounded as the sales report's is, in every format.
    for (const format of ['json', 'pdf', 'xlsx']) {
      const centuries = await server.call(
        'GET',
        `/v1/accounting/expenses/report?preset=custom&from=01-01-1900&to=31-12-2099&format=${format}`,
        { token },
      );
      expect(centuries).toMatchObject({
        status: 422,
        body: { fields: { to: 'A period may cover at most three years' } },
      });
    }
  });

  it('downloads the same report as a PDF a person can read', async () => {
    const { token, company } = await reportShop();
    const response = await server.app.request(`/v1/accounting/expenses/report?${july}&format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(
      'expenses-2025-07-01-2025-07-31.pdf',
    );
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    const text = pdf.text.join(' ');
    expect(text).toContain('Expenses report');
    expect(text).toContain(company.name);
    expect(text).toContain('Period: 01-07-2025 to 31-07-2025');
    expect(text).toContain('98,000.00');
    expect(text).toContain('Mafuta ya gari');
    expect(text).toContain('E-money');
    expect(text).toContain('Page 1 of');
  });

  it('prints Swahili column names and statuses whole, however long', async () => {
    const { token } = await reportShop('sw');
    const response = await server.app.request(`/v1/accounting/expenses/report?${july}&format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = (await readPdf(new Uint8Array(await response.arrayBuffer()))).text.join(' ');
    expect(text).toContain('Msimbo wa risiti');
    expect(text).toContain('Inasubiri');
    expect(text).not.toContain('…');
  });

  it('downloads a real .xlsx whose dates are dates and amounts are numbers', async () => {
    const { token } = await reportShop();
    const response = await server.app.request(
      `/v1/accounting/expenses/report?${july}&format=xlsx`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Summary',
      'Expenses',
      'By category',
      'By vendor',
      'By payment method',
    ]);
    const list = workbook.getWorksheet('Expenses')!;
    expect(list.rowCount).toBe(3);
    const newest = list.getRow(2);
    expect(newest.getCell(1).value).toEqual(new Date('2025-07-20T00:00:00Z'));
    expect(newest.getCell(8).value).toBe('USD');
    expect(newest.getCell(9).value).toBe(2600);
    expect(newest.getCell(12).value).toBe(39_000);
    expect(newest.getCell(12).numFmt).toBe('#,##0.00');
    const summary = workbook.getWorksheet('Summary')!;
    const totalRow = summary
      .getRows(1, summary.rowCount)!
      .find((row) => row.getCell(1).value === 'Total')!;
    expect(totalRow.getCell(2).value).toBe(98_000);
  });
});
