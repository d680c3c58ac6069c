// The report downloads and screens' data as an owner and an organization admin would check
// them: the Excel file opened and read back (sheets, cells and their types), the PDFs' text, each
// day's Z report as TRA received it, the dashboard, invoices across companies, and who may see
// what. On PGlite, and on PostgreSQL in the server-pg suite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { companies, traOutbox, users, zReports } from '../../server/db/schema';
import { makeDueZReports } from '../../server/vfd/z-report';
import { createCompanyWithPeople, createUser } from '../helpers/factories';
import { FAST, createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker, type TraWorker } from '../../server/vfd/worker';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { readPdf } from '../helpers/pdf';
import { tokenFor } from '../helpers/session';

let env: FiscalEnv;
let shop: InvoiceShop;
let worker: TraWorker;
// Tuesday 3 March 2026, 09:00 in Dar es Salaam.
const START = '2026-03-03T06:00:00Z';

beforeAll(async () => {
  env = await createFiscalEnv({ clock: new ManualClock(START) });
  shop = await invoiceShop(env);
  // The app's worker: TRA's answer makes the invoice issued.
  worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
});
afterAll(async () => {
  await worker?.stop();
  await env?.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);

async function fresh(who: InvoiceShop, token: 'token' | 'ownerToken'): Promise<string> {
  // Tokens last 15 minutes and the tests move the clock by days.
  const role = token === 'token' ? 'operator' : 'company_owner';
  const [row] = await env.deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, who.companyId), eq(users.role, role)));
  return tokenFor(env.server, { id: row!.id, role });
}

async function sell(
  who: InvoiceShop,
  overrides: Parameters<typeof invoiceBody>[0] = {},
): Promise<{ id: string; receiptNumber: number }> {
  const token = await fresh(who, 'token');
  const body = invoiceBody(overrides);
  const saved = await call('POST', '/v1/accounting/invoices', { token, body });
  expect(saved.status).toBe(201);
  const submitted = await call('POST', `/v1/accounting/invoices/${String(body.id)}/submit`, {
    token,
    headers: submitHeaders(),
  });
  expect(submitted.status).toBe(200);
  return { id: String(body.id), receiptNumber: submitted.body.fiscal.receiptNumber };
}

async function download(url: string, token: string, language = 'en') {
  const response = await env.server.app.request(url, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('a day of sales in the reports', () => {
  let first: { id: string; receiptNumber: number };

  beforeAll(async () => {
    first = await sell(shop, {
      customer: { name: 'Asha Juma', identificationType: 'NO_IDENTIFICATION' },
      items: [
        { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 },
        { description: 'Maji', quantity: 1.5, unitPrice: 100_000, taxType: 'exempted' },
      ],
      payments: [{ type: 'cash', amount: 500_000 }],
    });
    env.clock.advance(3 * 3_600_000);
    await sell(shop, {
      items: [{ description: 'Chai', quantity: 1, unitPrice: 118_000 }],
      payments: [{ type: 'e-money', amount: 118_000 }],
    });
  });

  it('counts a receipt once as waiting, then once as issued after TRA accepted it', async () => {
    const owner = await fresh(shop, 'ownerToken');
    const url = '/v1/accounting/reports/sales?preset=today';
    const before = await call('GET', url, { token: owner });
    expect(before.status).toBe(200);
    expect(before.body.totals.receipts).toBe(2);
    expect(before.body.totals.totalIncl).toBe(590_000 + 150_000 + 118_000);
    const waiting = await call('GET', `${url}&status=submitted`, { token: owner });
    expect(waiting.body.totals.receipts).toBe(2);

    await env.drain(worker, shop.companyId);
    const token = await fresh(shop, 'ownerToken');
    const after = await call('GET', url, { token });
    expect(after.body.totals).toEqual(before.body.totals);
    expect((await call('GET', `${url}&status=issued`, { token })).body.totals.receipts).toBe(2);
    expect((await call('GET', `${url}&status=submitted`, { token })).body.totals.receipts).toBe(0);
    expect(after.body.operators).toEqual([
      expect.objectContaining({ operatorId: shop.operatorId, receipts: 2 }),
    ]);
    expect(after.body.payments).toMatchObject({
      CASH: 500_000,
      EMONEY: 118_000,
      INVOICE: 590_000 + 150_000 - 500_000,
    });
    // Tuesday 09:00 and 12:00 in Dar es Salaam.
    expect(after.body.heatmap[1][9]).toEqual({ receipts: 1, amount: 740_000 });
    expect(after.body.heatmap[1][12]).toEqual({ receipts: 1, amount: 118_000 });
  });

  it("rebuilds from the receipts, as the report's migration does, the same sums kept receipt by receipt", async () => {
    // Another shop sells saved products, two of them on one receipt, before and after TRA
    // issues its receipts, so that each product's sums hold receipts of both statuses.
    const other = await invoiceShop(env);
    const [sukari, unga] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [id, name] of [
      [sukari, 'Sukari'],
      [unga, 'Unga'],
    ]) {
      const body = { id, name, unitPrice: 295_000, taxType: 'standard', priceIncludesTax: true };
      const created = await call('POST', '/v1/accounting/products', {
        token: await fresh(other, 'token'),
        body,
      });
      expect(created.status).toBe(201);
    }
    const item = (productId: string, description: string, unitPrice: number) => ({
      productId,
      description,
      unitPrice,
    });
    await sell(other, {
      items: [item(sukari, 'Sukari', 295_000), item(unga, 'Unga', 180_000)],
      payments: [{ type: 'e-money', amount: 475_000 }],
    });
    await sell(other, { items: [item(sukari, 'Sukari', 295_000), item(sukari, 'Sukari', 1_000)] });
    // Projected while waiting, then issued.
    expect(
      (
        await call('GET', `/v1/accounting/reports/sales?preset=this_month&product=${sukari}`, {
          token: await fresh(other, 'ownerToken'),
        })
      ).body.totals.receipts,
    ).toBe(2);
    await env.drain(worker, other.companyId);
    await sell(other, { items: [item(unga, 'Unga', 180_000)] });

    const filters = (who: InvoiceShop, products: string[]) => [
      '',
      '&status=issued',
      '&status=submitted',
      '&payment=EMONEY',
      '&payment=INVOICE',
      '&taxType=exempted',
      '&taxType=standard',
      `&operator=${who.operatorId}`,
      `&operator=${who.operatorId}&status=issued`,
      '&payment=EMONEY&status=submitted',
      ...products.flatMap((id) => [
        `&product=${id}`,
        `&product=${id}&status=issued`,
        `&product=${id}&operator=${who.operatorId}`,
        `&product=${id}&payment=CASH`,
      ]),
    ];
    const asked = [
      { token: await fresh(shop, 'ownerToken'), filters: filters(shop, []) },
      { token: await fresh(other, 'ownerToken'), filters: filters(other, [sukari, unga]) },
    ];
    const reports = async () => {
      const out: unknown[] = [];
      for (const { token, filters } of asked) {
        for (const filter of filters) {
          const url = `/v1/accounting/reports/sales?preset=this_month${filter}`;
          const { generatedAt: _g, ...report } = (await call('GET', url, { token })).body;
          out.push(report);
        }
      }
      return out;
    };
    const kept = await reports();
    const withSukari = kept[asked[0]!.filters.length + 10] as { totals: { receipts: number } };
    expect(withSukari.totals.receipts).toBe(2);
    // The day and hour sums of every facet from 0013, then each product's from 0014; the
    // product and customer sums, per status, from 0015.
    const rebuilds: Array<[string, RegExp]> = [
      ['0013_report_speed.sql', /"sales_(daily|hours)"/],
      ['0014_product_facets.sql', /"sales_(daily|hours)"/],
      ['0015_sales_status.sql', /"sales_(products|customers)"/],
    ];
    for (const [file, tables] of rebuilds) {
      const migration = fs.readFileSync(`server/db/migrations/${file}`, 'utf8');
      const statements = migration.split('--> statement-breakpoint').map((s) => s.trim());
      for (const statement of statements) {
        if (!/^(DELETE|INSERT)/m.test(statement)) continue;
        if (tables.test(statement.split('\n').find((l) => /^(DELETE|INSERT)/.test(l))!)) {
          await env.deps.db.execute(sql.raw(statement));
        }
      }
    }
    expect(await reports()).toEqual(kept);
  });

  it('downloads an Excel workbook whose cells are dates, numbers of shillings and text', async () => {
    const owner = await fresh(shop, 'ownerToken');
    const file = await download('/v1/accounting/reports/sales.xlsx?preset=today', owner);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toBe('attachment; filename="sales-2026-03-03-2026-03-03.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Receipts', 'Lines', 'Daily totals']);

    const receipts = book.getWorksheet('Receipts')!;
    expect(receipts.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Time',
      'Receipt number',
      'Verification code',
      'Status',
      'At TRA',
      'Customer',
      'Operator',
      'Total excluding VAT',
      'VAT',
      'Total including VAT',
      'Discount',
      'Cash',
      'Cheque',
      'Credit card',
      'E-money',
      'On credit (unpaid)',
    ]);
    expect(receipts.rowCount).toBe(3);
    const row = receipts.getRow(2);
    expect(row.getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 3)));
    expect(row.getCell(1).numFmt).toBe('dd-mm-yyyy');
    expect(row.getCell(2).value).toBe('09:00:00');
    expect(row.getCell(3).value).toBe(first.receiptNumber);
    expect(row.getCell(5).value).toBe('Issued');
    expect(row.getCell(6).value).toBe('Accepted');
    expect(row.getCell(7).value).toBe('Asha Juma');
    expect(row.getCell(11).value).toBe(7_400);
    expect(row.getCell(11).numFmt).toBe('#,##0.00');
    expect(row.getCell(10).value).toBe(900);
    expect(row.getCell(13).value).toBe(5_000);
    expect(row.getCell(17).value).toBe(2_400);
    expect(receipts.getRow(3).getCell(16).value).toBe(1_180);

    const lines = book.getWorksheet('Lines')!;
    expect(lines.rowCount).toBe(4);
    expect(lines.getRow(3).values).toEqual([
      undefined,
      new Date(Date.UTC(2026, 2, 3)),
      first.receiptNumber,
      2,
      'Maji',
      1.5,
      'Exempted (0%)',
      'E',
      1_500,
      0,
      1_500,
      0,
    ]);

    const daily = book.getWorksheet('Daily totals')!;
    expect(daily.rowCount).toBe(3);
    const day = daily.getRow(2);
    expect(day.getCell(2).value).toBe(2);
    expect(day.getCell(3).value).toBe(5_000 + 1_000);
    expect(day.getCell(4).value).toBe(900 + 180);
    expect(day.getCell(9).value).toBe(1_500);
    expect(day.getCell(13).value).toBe(8_580);
    expect(daily.getRow(3).getCell(1).value).toBe('Total');
    expect(daily.getRow(3).getCell(13).value).toBe(8_580);
  });

  it('writes the workbook in the language of the owner who asks', async () => {
    const owner = await fresh(shop, 'ownerToken');
    await env.deps.db
      .update(users)
      .set({ language: 'sw' })
      .where(and(eq(users.companyId, shop.companyId), eq(users.role, 'company_owner')));
    const file = await download('/v1/accounting/reports/sales.xlsx?preset=today', owner);
    await env.deps.db
      .update(users)
      .set({ language: 'en' })
      .where(and(eq(users.companyId, shop.companyId), eq(users.role, 'company_owner')));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Risiti', 'Mistari', 'Jumla za kila siku']);
    expect(book.getWorksheet('Risiti')!.getRow(2).getCell(6).value).toBe('Imekubaliwa');
  });

  it('prints a PDF summary with the totals, VAT by group, payments and the charts figures', async () => {
    const owner = await fresh(shop, 'ownerToken');
    const file = await download('/v1/accounting/reports/sales.pdf?preset=today', owner);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const pdf = await readPdf(file.bytes);
    const text = pdf.text.join(' ');
    expect(text).toContain('Sales report');
    expect(text).toContain('03-03-2026 – 03-03-2026');
    expect(text).toContain('8,580.00');
    expect(text).toContain('A: standard 18%');
    expect(text).toContain('1,080.00');
    expect(text).toContain('On credit (unpaid)');
    expect(text).toContain('2,400.00');
    expect(text).toContain('Tuesday');
    expect(text).toContain('09:00–09:59');
    expect(text).toContain('Sukari 1kg');
    expect(text).toContain('Asha Juma');
    // The daily totals name every group, so the day's figures add up to its total.
    for (const group of ['A', 'C', 'D', 'E']) expect(text).toContain(`Group ${group} net`);
    // Numbered pages, each with the report on it: no page carries its number alone.
    expect(pdf.text.at(-1)).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
    for (const page of pdf.text) {
      expect(page.replace(/Page \d+ of \d+/, '').trim().length).toBeGreaterThan(100);
    }

    const filtered = await download(
      `/v1/accounting/reports/sales.pdf?preset=today&payment=EMONEY&operator=${shop.operatorId}`,
      owner,
    );
    const filteredText = (await readPdf(filtered.bytes)).text.join(' ');
    expect(filteredText).toContain('Payment type: E-money');
    expect(filteredText).toContain('1,180.00');
    expect(filteredText).not.toContain('Sukari 1kg');
  });

  it("gives each day's Z report as TRA received it, and a PDF of it", async () => {
    env.clock.advance(24 * 3_600_000);
    await makeDueZReports(env.deps, shop.companyId);
    await env.drain(worker, shop.companyId);
    const owner = await fresh(shop, 'ownerToken');
    const list = await call(
      'GET',
      '/v1/accounting/reports/z-reports?preset=custom&from=2026-03-01&to=2026-03-31',
      { token: owner },
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    const z = list.body.items[0];
    expect(z).toMatchObject({
      date: '2026-03-03',
      tickets: 2,
      dailyTotal: 858_000,
      status: 'accepted',
    });

    const xml = await download(`/v1/accounting/reports/z-reports/${z.id}/xml`, owner);
    expect(xml.status).toBe(200);
    expect(xml.disposition).toBe('attachment; filename="z-report-20260303.xml"');
    const [stored] = await env.deps.db
      .select({ body: traOutbox.body })
      .from(zReports)
      .innerJoin(traOutbox, eq(traOutbox.id, zReports.outboxId))
      .where(eq(zReports.id, z.id));
    expect(xml.bytes.toString('utf8')).toBe(stored!.body);
    expect(xml.bytes.toString('utf8')).toContain('<ZNUMBER>20260303</ZNUMBER>');

    const pdf = await download(`/v1/accounting/reports/z-reports/${z.id}/pdf`, owner);
    const read = await readPdf(pdf.bytes);
    expect(read.pages).toBe(1);
    expect(read.text[0]).toContain('Page 1 of 1');
    const text = read.text.join(' ');
    expect(text).toContain('Z report 20260303');
    expect(text).toContain('8,580.00');
    expect(text).toContain('A-18.00');
    expect(text).toContain('EMONEY');
    expect(text).toContain('Accepted by TRA on');
    // Days as the rest of the report writes them.
    expect(text).toMatch(/Made at \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);

    const all = await download(
      '/v1/accounting/reports/z-reports.pdf?preset=custom&from=2026-03-01&to=2026-03-31',
      owner,
    );
    expect((await readPdf(all.bytes)).text.join(' ')).toContain('Z report 20260303');

    const other = await createCompanyWithPeople(env.deps.db);
    const stranger = await tokenFor(env.server, other.owner);
    const hidden = await call('GET', `/v1/accounting/reports/z-reports/${z.id}/xml`, {
      token: stranger,
    });
    const missing = await call(
      'GET',
      `/v1/accounting/reports/z-reports/${crypto.randomUUID()}/xml`,
      { token: stranger },
    );
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
  });

  it('shows the owner the period against the one before, TRA and the VFD', async () => {
    const owner = await fresh(shop, 'ownerToken');
    const res = await call('GET', '/v1/accounting/reports/dashboard?preset=this_month', {
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ firstDay: '2026-03-01', lastDay: '2026-03-31' });
    // On the 4th, March is compared with 1–4 February.
    expect(res.body.previousPeriod).toEqual({ firstDay: '2026-02-01', lastDay: '2026-02-04' });
    expect(res.body.current).toMatchObject({ receipts: 2, totalIncl: 858_000, tax: 108_000 });
    expect(res.body.previous.receipts).toBe(0);
    expect(res.body.products[0]).toMatchObject({ name: 'Sukari 1kg', amount: 590_000 });
    expect(res.body.vfd).toMatchObject({ status: 'registered', blockedByTra: false });
    expect(res.body.rejected).toEqual([]);
    expect(res.body.lastZReport).toMatchObject({ date: '2026-03-03', status: 'accepted' });
  });
});

describe('across companies', () => {
  it("lists an organization admin's companies and their invoices, and nobody else's", async () => {
    const a = await invoiceShop(env);
    const [company] = await env.deps.db
      .select({ organizationId: companies.organizationId })
      .from(companies)
      .where(eq(companies.id, a.companyId));
    const admin = await createUser(env.deps.db, 'org_admin', {
      organizationId: company!.organizationId,
    });
    const sold = await sell(a, { items: [{ unitPrice: 1_000_000 }] });
    const outside = await invoiceShop(env);
    await sell(outside);
    const token = await tokenFor(env.server, admin);

    const overview = await call('GET', '/v1/accounting/reports/companies?preset=today', { token });
    expect(overview.status).toBe(200);
    expect(overview.body.items).toHaveLength(1);
    expect(overview.body.items[0]).toMatchObject({
      company: { id: a.companyId },
      current: { receipts: 1, totalIncl: 1_000_000 },
      pending: 1,
      vfdStatus: 'registered',
    });

    const list = await call('GET', '/v1/accounting/reports/invoices?preset=today', { token });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: sold.id,
        companyId: a.companyId,
        status: 'submitted',
        traStatus: 'pending',
        receiptNumber: sold.receiptNumber,
        totalIncludingTax: 1_000_000,
      }),
    ]);
    expect(list.body.counts).toEqual([{ status: 'submitted', traStatus: 'pending', count: 1 }]);

    const foreign = await call(
      'GET',
      `/v1/accounting/reports/invoices?preset=today&companyId=${outside.companyId}`,
      { token },
    );
    const unknown = await call(
      'GET',
      `/v1/accounting/reports/invoices?preset=today&companyId=${crypto.randomUUID()}`,
      { token },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(unknown.body);
    const sales = await call(
      'GET',
      `/v1/accounting/reports/sales?preset=today&companyId=${outside.companyId}`,
      { token },
    );
    expect(sales.status).toBe(403);
    const ownSales = await call(
      'GET',
      `/v1/accounting/reports/sales?preset=today&companyId=${a.companyId}`,
      { token },
    );
    expect(ownSales.body.totals.receipts).toBe(1);
  });

  it('pages the invoices newest first without repeating or skipping one', async () => {
    const b = await invoiceShop(env);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sell(b)).id);
    const owner = await fresh(b, 'ownerToken');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        status: number;
        body: { items: Array<{ id: string }>; cursor: string | null };
      } = await call(
        'GET',
        `/v1/accounting/reports/invoices?preset=today&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token: owner },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
  });
});

describe('who may ask, and what junk gets', () => {
  it('asks for a sign-in first, and keeps operators out of the invoices report', async () => {
    for (const url of [
      '/v1/accounting/reports/sales',
      '/v1/accounting/reports/sales.xlsx',
      '/v1/accounting/reports/dashboard',
      '/v1/accounting/reports/invoices',
      `/v1/accounting/reports/z-reports/${crypto.randomUUID()}/pdf`,
    ]) {
      expect((await call('GET', url)).status).toBe(401);
    }
    const operator = await fresh(shop, 'token');
    expect((await call('GET', '/v1/accounting/reports/invoices', { token: operator })).status).toBe(
      403,
    );
    expect(
      (await call('GET', '/v1/accounting/reports/companies', { token: operator })).status,
    ).toBe(403);
  });

  it('answers bad periods and filters with the field, and never a server error', async () => {
    const owner = await fresh(shop, 'ownerToken');
    const tooLong = await call(
      'GET',
      '/v1/accounting/reports/sales?preset=custom&from=01-01-2020&to=31-12-2024',
      { token: owner },
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.fields).toEqual({ to: 'A period may cover at most three years' });
    const backwards = await call(
      'GET',
      '/v1/accounting/reports/sales?preset=custom&from=2026-03-05&to=2026-03-01',
      { token: owner },
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.fields.to).toBe('The end date must not be before the start date');
    const junk = [
      'preset=someday',
      'preset=custom&from=yesterday',
      'operator=not-a-uuid',
      'taxType=vat',
      'payment=bitcoin',
      'status=draft',
      'product=%00',
      'companyId=%27%3B--',
      'companyId=00000000-0000-0000-0000-000000000000',
      `from=${'9'.repeat(5000)}&preset=custom&to=1`,
    ];
    for (const query of junk) {
      for (const path of [
        'sales',
        'sales.xlsx',
        'sales.pdf',
        'z-reports',
        'dashboard',
        'invoices',
      ]) {
        const res = await call('GET', `/v1/accounting/reports/${path}?${query}`, { token: owner });
        expect(res.status, `${path}?${query}`).toBeLessThan(500);
        // The sales report takes every one of these; the others read only the period.
        if (path.startsWith('sales') || /preset|from|companyId/.test(query)) {
          expect(res.status, `${path}?${query}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    for (const cursor of [
      'x',
      Buffer.from('{"date":"2026-01-01","createdAt":"z","id":"1"}').toString('base64url'),
      Buffer.from(
        '{"date":"2026-01-01","createdAt":"2026-02-30T00:00:00.000Z","id":"00000000-0000-4000-8000-000000000000"}',
      ).toString('base64url'),
    ]) {
      const res = await call('GET', `/v1/accounting/reports/invoices?cursor=${cursor}`, {
        token: owner,
      });
      expect(res.status).toBe(422);
    }
    expect(
      (await call('GET', '/v1/accounting/reports/z-reports/not-an-id/pdf', { token: owner }))
        .status,
    ).toBe(404);
  });
});
