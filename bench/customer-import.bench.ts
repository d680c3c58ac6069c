// Server-side customer import of 10,000 rows: CSV parse and check (domain), storing the valid
// rows (one transaction), the whole HTTP upload, and a device pulling them all back through
// the changes feed. PGlite by default; PostgreSQL with TEST_DB=postgresql TEST_DATABASE_URL=….
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseCustomerCsv } from '../domain/customer-csv';
import { importCustomers } from '../server/customers/service';
import { readChanges } from '../server/sync/feed';
import { createCompanyWithPeople } from '../tests/helpers/factories';
import { createTestServer } from '../tests/helpers/server';
import { tokenFor } from '../tests/helpers/session';

const ROWS = 10_000;
const RUNS = 3;

function csv(rows: number): string {
  const lines = [
    'name,identification_type,identification_number,phone_number,email,vat_registration_number',
  ];
  const base = crypto.randomInt(100_000_000, 899_999_999);
  for (let i = 0; i < rows; i++) {
    const kind = i % 3;
    if (kind === 0)
      lines.push(
        `Duka ${i},TIN,${base + i},0712${String(i).padStart(6, '0')},duka${i}@example.co.tz,`,
      );
    else if (kind === 1) lines.push(`"Mama ${i}, Kariakoo",NO_IDENTIFICATION,,,,`);
    else
      lines.push(
        `Kampuni ${i},PASSPORT,AB${String(i).padStart(7, '0')},,,${String(10_000_000 + i)}K`,
      );
  }
  return lines.join('\r\n') + '\r\n';
}

const ms = (start: number) => performance.now() - start;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number) => `${value.toFixed(0)} ms`;

const server = await createTestServer();
try {
  const text = csv(ROWS);
  console.log(
    `customer import: ${ROWS} rows, ${(text.length / 1024 / 1024).toFixed(2)} MB, database ${server.deps.dbKind}`,
  );
  const parse: number[] = [];
  const store: number[] = [];
  const http: number[] = [];
  const pull: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const people = await createCompanyWithPeople(server.deps.db);
    const ctx = { deps: server.deps, userId: people.operator.id, companyId: people.company.id };

    let start = performance.now();
    const parsed = parseCustomerCsv(text);
    parse.push(ms(start));
    if (!parsed.ok || parsed.rows.length !== ROWS) throw new Error('benchmark file did not parse');

    start = performance.now();
    const outcome = await importCustomers(ctx, parsed.rows, () => crypto.randomUUID());
    store.push(ms(start));
    if (outcome.imported !== ROWS) throw new Error(`imported ${outcome.imported} of ${ROWS}`);

    start = performance.now();
    let cursor = 0;
    let received = 0;
    for (;;) {
      const page = await readChanges(server.deps.db, people.company.id, cursor, 500);
      received += page.changes.length;
      cursor = Number(page.cursor);
      if (!page.more) break;
    }
    pull.push(ms(start));
    if (received !== ROWS) throw new Error(`pulled ${received} of ${ROWS}`);

    const other = await createCompanyWithPeople(server.deps.db);
    const form = new FormData();
    form.set('file', new File([text], 'customers.csv', { type: 'text/csv' }));
    start = performance.now();
    const response = await server.app.request('/v1/accounting/customers/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenFor(server, other.operator)}` },
      body: form,
    });
    const body = (await response.json()) as { imported: number };
    http.push(ms(start));
    if (body.imported !== ROWS) throw new Error(`HTTP import stored ${body.imported}`);
  }
  console.log(
    `  parse + check (domain):          median ${fmt(median(parse))}  runs ${parse.map(fmt).join(', ')}`,
  );
  console.log(
    `  store (one transaction):         median ${fmt(median(store))}  runs ${store.map(fmt).join(', ')}`,
  );
  console.log(
    `  whole HTTP upload (multipart):   median ${fmt(median(http))}  runs ${http.map(fmt).join(', ')}`,
  );
  console.log(
    `  pull all back (pages of 500):    median ${fmt(median(pull))}  runs ${pull.map(fmt).join(', ')}`,
  );
  console.log(
    `  rows per second (parse + store): ${Math.round(ROWS / ((median(parse) + median(store)) / 1000))}`,
  );
} finally {
  await server.close();
}
