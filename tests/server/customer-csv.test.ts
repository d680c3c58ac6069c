import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithPeople, digits } from '../helpers/factories';
import { tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const HEADER =
  'name,identification_type,identification_number,phone_number,email,vat_registration_number';
async function companyOperator(language: 'en' | 'sw' = 'en') {
  const people = await createCompanyWithPeople(server.deps.db);
  if (language === 'sw')
    await server.deps.db.execute(
      sql`update users set language = 'sw' where id = ${people.operator.id}`,
    );
  return { ...people, token: await tokenFor(server, people.operator) };
}

function upload(
  token: string,
  content: string | Uint8Array<ArrayBuffer> | null,
  name = 'customers.csv',
) {
  const form = new FormData();
  if (content !== null) form.set('file', new File([content], name, { type: 'text/csv' }));
  return server.call('POST', '/v1/accounting/customers/import', { token, body: form });
}

describe('customer CSV import: the file', () => {
  it('requires a file', async () => {
    const { token } = await companyOperator();
    const none = await upload(token, null);
    expect(none).toMatchObject({
      status: 422,
      body: { code: 'csv_file_required', message: 'Please choose a CSV file to import' },
    });
    const empty = await upload(token, '');
    expect(empty.body.code).toBe('csv_file_required');
  });

  it('takes only .csv files', async () => {
    const { token } = await companyOperator();
    const xlsx = await upload(token, `${HEADER}\nA,NO_IDENTIFICATION,,,,\n`, 'customers.xlsx');
    expect(xlsx).toMatchObject({
      status: 422,
      body: { code: 'csv_file_type', message: 'Only CSV files (.csv) can be imported' },
    });
    const binary = await upload(token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]));
    expect(binary.body).toMatchObject({
      code: 'csv_unreadable',
      message: 'The file could not be read as CSV text',
    });
  });

  it('needs every fixed column, and names the missing ones', async () => {
    const { token } = await companyOperator();
    const missing = await upload(token, 'name,identification_type,email\nAsha,TIN,a@b.co\n');
    expect(missing).toMatchObject({
      status: 422,
      body: {
        code: 'csv_missing_columns',
        message:
          'The file is missing the column(s): identification_number, phone_number, vat_registration_number',
      },
    });
  });

  it('needs at least one customer row', async () => {
    const { token } = await companyOperator();
    const headerOnly = await upload(token, `${HEADER}\r\n\r\n`);
    expect(headerOnly).toMatchObject({
      status: 422,
      body: { code: 'csv_no_rows', message: 'The file has no customer rows below the header' },
    });
  });

  it("answers in the user's language", async () => {
    const { token } = await companyOperator('sw');
    const headerOnly = await upload(token, HEADER);
    expect(headerOnly.body.message).toBe(
      'Faili halina mistari ya wateja chini ya mstari wa vichwa',
    );
  });
});

describe('customer CSV import: the rows', () => {
  it('imports the valid rows and lists each invalid one by row and column', async () => {
    const { token } = await companyOperator();
    const tin = digits(9);
    const file = [
      HEADER,
      `Asha Traders,TIN,${tin},0712345678,asha@example.co.tz,`,
      'Short Row,PASSPORT',
      ',NO_IDENTIFICATION,,,,',
      `Bad Phone,NO_IDENTIFICATION,,12345,,`,
      `Juma Hardware,TAX_IDENTIFICATION_NUMBER,1234,,,`,
      `Passport Holder,PASSPORT,,,,`,
      `Repeat Of Asha,TIN,${tin},,,`,
      `"Mama Ntilie, Kariakoo",NIDA,19900101-12345-00001-23,,,`,
      `Walk In,none,,,,`,
      `Odd Type,SOMETHING,123,,,`,
    ].join('\n');
    const result = await upload(token, file);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ total: 10, imported: 3 });
    expect(result.body.failed).toEqual([
      { row: 3, column: null, message: 'Row 3 has 2 columns instead of 6' },
      { row: 4, column: 'name', message: 'Row 4: the column name needs a value' },
      {
        row: 5,
        column: 'phone_number',
        message: 'Row 5, column phone_number: Please enter a valid phone number',
      },
      {
        row: 6,
        column: 'identification_number',
        message: 'Row 6, column identification_number: Please enter a correct TIN number',
      },
      {
        row: 7,
        column: 'identification_number',
        message: 'Row 7: the column identification_number needs a value',
      },
      {
        row: 8,
        column: 'identification_number',
        message: 'Row 8, column identification_number: Customer identification number duplicated',
      },
      {
        row: 11,
        column: 'identification_type',
        message: 'Row 11, column identification_type: Please choose an identification type',
      },
    ]);
    const list = await server.call('GET', '/v1/accounting/customers', { token });
    expect(list.body.items.map((c: { name: string }) => c.name)).toEqual([
      'Asha Traders',
      'Mama Ntilie, Kariakoo',
      'Walk In',
    ]);
    expect(list.body.items[1]).toMatchObject({
      identificationType: 'NATIONAL_IDENTIFICATION_AUTHORITY',
      identificationNumber: '19900101123450000123',
    });
  });

  it('refuses rows of customers the company already has, and imports nothing twice', async () => {
    const { token } = await companyOperator();
    const file = `${HEADER}\nKilimo Supplies,TIN,${digits(9)},,,${digits(8)}K\nMaua Flowers,NO_IDENTIFICATION,,,,\n`;
    expect((await upload(token, file)).body.imported).toBe(2);
    // A customer without identification is the same one by name, phone and email together.
    const again = await upload(token, `${file}maua flowers,NO_IDENTIFICATION,,0754123456,,\n`);
    expect(again.body).toMatchObject({
      imported: 1,
      failed: [
        {
          row: 2,
          column: 'identification_number',
          message: 'Row 2, column identification_number: Customer already registered',
        },
        { row: 3, column: 'name', message: 'Row 3, column name: Customer already registered' },
      ],
    });
    const list = await server.call('GET', '/v1/accounting/customers?search=maua', { token });
    expect(list.body.total).toBe(2);
  });

  it('reads semicolon files, headers in any order and case, with a BOM', async () => {
    const { token } = await companyOperator();
    const file =
      '\ufeffEmail;Name;Phone Number;Identification Type;Identification Number;VAT Registration Number\r\n' +
      'duka@example.co.tz;Duka la Mjini;+255 765 111 222;Driving Licence;4000123456;\r\n';
    const result = await upload(token, file);
    expect(result.body).toMatchObject({ imported: 1, failed: [] });
    const list = await server.call('GET', '/v1/accounting/customers', { token });
    expect(list.body.items[0]).toMatchObject({
      name: 'Duka la Mjini',
      email: 'duka@example.co.tz',
      phoneNumber: '765111222',
      identificationType: 'DRIVING_LICENCE',
    });
  });

  it('names the row and column in Swahili for a Swahili user', async () => {
    const { token } = await companyOperator('sw');
    const result = await upload(token, `${HEADER}\nAsha,TIN,12,,,\n`);
    expect(result.body.failed).toEqual([
      {
        row: 2,
        column: 'identification_number',
        message: 'Mstari 2, safu identification_number: Tafadhali weka namba sahihi ya TIN',
      },
    ]);
  });
});

describe('customer CSV export', () => {
  it('writes UTF-8 with a BOM and neutralises cells a spreadsheet would run', async () => {
    const { token } = await companyOperator();
    const names = [
      '=HYPERLINK("http://evil.example","Click")',
      '+255 Traders',
      '-Minus Ltd',
      '@SUM(A1)',
      '\tTabbed',
      'Ñyama Choma Café',
    ];
    for (const name of names) {
      const created = await server.call('POST', '/v1/accounting/customers', {
        token,
        body: { name, identificationType: 'NO_IDENTIFICATION' },
      });
      expect(created.status).toBe(201);
    }
    const response = await server.app.request('/v1/accounting/customers/export', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(HEADER.split(','));
    const exported = rows.slice(1).map((row) => row[0]);
    for (const cell of exported) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(exported).toEqual(
      expect.arrayContaining([
        `'=HYPERLINK("http://evil.example","Click")`,
        "'+255 Traders",
        "'-Minus Ltd",
        "'@SUM(A1)",
        'Ñyama Choma Café',
      ]),
    );
  });

  it('exports only the searched customers, and the file imports back unchanged', async () => {
    const source = await companyOperator();
    const tin = digits(9);
    for (const body of [
      {
        name: '=Formula Shop',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: tin,
        phoneNumber: '0712000111',
        vatRegistrationNumber: `${digits(8)}Z`,
      },
      { name: 'Other Shop', identificationType: 'NO_IDENTIFICATION' },
    ])
      await server.call('POST', '/v1/accounting/customers', { token: source.token, body });
    const response = await server.app.request('/v1/accounting/customers/export?search=formula', {
      headers: { authorization: `Bearer ${source.token}` },
    });
    const csv = await response.text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);

    const target = await companyOperator();
    const imported = await upload(target.token, csv);
    expect(imported.body).toMatchObject({ imported: 1, failed: [] });
    const list = await server.call('GET', '/v1/accounting/customers', { token: target.token });
    expect(list.body.items[0]).toMatchObject({
      name: '=Formula Shop',
      identificationNumber: tin,
      phoneNumber: '712000111',
    });
  });
});
