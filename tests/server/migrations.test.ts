// Migrations on a database that already holds a business's records: 0010 moves every table of
// device-chosen ids to keys per company, and what was stored before must come through whole,
// still tied together, with the new rule (one id in two companies) in force afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder } from '../../server/db/client';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createCompany } from '../helpers/factories';

/** A copy of the migrations that ends with `lastTag`, as a database deployed then saw them. */
function migrationsUpTo(lastTag: string): string {
  const source = migrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-migrations-'));
  fs.cpSync(source, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(end).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

let database: TestDatabase;
let oldMigrations: string;
beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrate: false });
  oldMigrations = migrationsUpTo('0008_email_changes');
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(oldMigrations, { recursive: true, force: true });
});

const rows = async (query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

describe('0010_per_company_ids', () => {
  it('keeps the records stored before, and lets another company use the same ids after', async () => {
    const { db } = database;
    await migrateDatabase(database, oldMigrations);
    const a = await createCompany(db);
    const b = await createCompany(db);
    const id = {
      customer: crypto.randomUUID(),
      product: crypto.randomUUID(),
      invoice: crypto.randomUUID(),
      correction: crypto.randomUUID(),
      category: crypto.randomUUID(),
      vendor: crypto.randomUUID(),
      expense: crypto.randomUUID(),
      attachment: crypto.randomUUID(),
      deleted: crypto.randomUUID(),
    };
    const now = new Date('2026-03-04T09:00:00Z').toISOString();
    const empty = sql`'[]'::jsonb`;
    await db.execute(sql`
      insert into customers (id, company_id, name, identification_type, seq, created_at, updated_at)
      values (${id.customer}, ${a.id}, 'Juma', 'NO_IDENTIFICATION', 1, ${now}, ${now})`);
    await db.execute(sql`
      insert into products (id, company_id, name, name_key, tax_type, price_includes_vat, seq, created_at, updated_at)
      values (${id.product}, ${a.id}, 'Sukari', 'sukari', 'standard', true, 2, ${now}, ${now})`);
    for (const [invoiceId, corrects, seq] of [
      [id.invoice, null, 3],
      [id.correction, id.invoice, 4],
    ] as const) {
      await db.execute(sql`
        insert into invoices (id, company_id, status, date, customer_id, customer, amounts_include_tax,
          items, payments, line_totals, tax_groups, total_discount, sub_total, total_excluding_tax,
          tax_amount, total_including_tax, origin, corrects_invoice_id, public_id, seq, created_at, updated_at)
        values (${invoiceId}, ${a.id}, 'draft', '2026-03-04', ${id.customer}, '{"name":"Juma"}'::jsonb, true,
          ${empty}, ${empty}, ${empty}, ${empty}, 0, 0, 0, 0, 0, 'web', ${corrects},
          ${crypto.randomBytes(16).toString('base64url')}, ${seq}, ${now}, ${now})`);
    }
    await db.execute(sql`
      insert into invoice_products (invoice_id, product_id) values (${id.invoice}, ${id.product})`);
    await db.execute(sql`
      insert into expense_categories (id, company_id, name, code, seq, created_at, updated_at)
      values (${id.category}, ${a.id}, 'Rent', 'RENT', 5, ${now}, ${now})`);
    await db.execute(sql`
      insert into vendors (id, company_id, name, tin, seq, created_at, updated_at)
      values (${id.vendor}, ${a.id}, 'Duka', '123456789', 6, ${now}, ${now})`);
    await db.execute(sql`
      insert into expenses (id, company_id, status, source, receipt_code, date, time, currency,
        rate_micros, amount_type, category_id, vendor_id, items, payments, line_totals, net_amount,
        total_vat, total_amount, paid, balance, net_amount_tzs, total_vat_tzs, total_amount_tzs,
        seq, created_at, updated_at)
      values (${id.expense}, ${a.id}, 'draft', 'manual', 'ABC123', '2026-03-04', '09:00:00', 'TZS',
        1000000, 'inclusive', ${id.category}, ${id.vendor}, ${empty}, ${empty}, ${empty}, 0, 0, 0,
        0, 0, 0, 0, 0, 7, ${now}, ${now})`);
    await db.execute(sql`
      insert into expense_attachments (id, company_id, expense_id, name, kind, mime, size, sha256, seq, created_at, updated_at)
      values (${id.attachment}, ${a.id}, ${id.expense}, 'receipt.jpg', 'photo', 'image/jpeg', 3, 'aa', 8, ${now}, ${now})`);
    await db.execute(sql`
      insert into expense_attachment_blobs (attachment_id, company_id, bytes)
      values (${id.attachment}, ${a.id}, '\\x010203'::bytea)`);
    await db.execute(sql`
      insert into sales (invoice_id, company_id, date, time, weekday, hour, status, tra_status,
        receipt_number, verification_code, operator_name, customer_key, customer_name, total_excl,
        tax, total_incl, discount, pay_cash, pay_cheque, pay_ccard, pay_emoney, pay_invoice)
      values (${id.invoice}, ${a.id}, '2026-03-04', '09:00:00', 2, 9, 'submitted', 'pending', 1,
        'V1', 'Op', 'Juma', 'Juma', 100, 18, 118, 0, 118, 0, 0, 0, 0)`);
    await db.execute(sql`
      insert into sale_lines (invoice_id, line_no, company_id, date, product_key, description,
        tax_type, quantity, net, tax, amount, discount)
      values (${id.invoice}, 1, ${a.id}, '2026-03-04', 'p', 'Sukari', 'standard', 1000, 100, 18, 118, 0)`);
    await db.execute(sql`
      insert into tombstones (entity, id, company_id, seq, deleted_at)
      values ('customer', ${id.deleted}, ${a.id}, 9, ${now})`);

    await migrateDatabase(database);

    const counts = await rows(sql`
      select (select count(*) from customers where company_id = ${a.id})::int as customers,
             (select count(*) from products where company_id = ${a.id})::int as products,
             (select count(*) from invoices where company_id = ${a.id})::int as invoices,
             (select count(*) from invoice_products where company_id = ${a.id}
                and invoice_id = ${id.invoice} and product_id = ${id.product})::int as links,
             (select count(*) from expenses where company_id = ${a.id} and category_id = ${id.category}
                and vendor_id = ${id.vendor})::int as expenses,
             (select count(*) from expense_attachment_blobs where company_id = ${a.id})::int as blobs,
             (select count(*) from sale_lines where company_id = ${a.id})::int as lines,
             (select count(*) from tombstones where company_id = ${a.id})::int as tombstones`);
    expect(counts.rows[0]).toEqual({
      customers: 1,
      products: 1,
      invoices: 2,
      links: 1,
      expenses: 1,
      blobs: 1,
      lines: 1,
      tombstones: 1,
    });

    // The same ids in company B are B's own records, beside A's.
    await db.execute(sql`
      insert into customers (id, company_id, name, identification_type, seq, created_at, updated_at)
      values (${id.customer}, ${b.id}, 'Other', 'NO_IDENTIFICATION', 1, ${now}, ${now})`);
    await db.execute(sql`
      insert into tombstones (entity, id, company_id, seq, deleted_at)
      values ('customer', ${id.deleted}, ${b.id}, 2, ${now})`);
    const named = await rows(
      sql`select company_id, name from customers where id = ${id.customer} order by name`,
    );
    expect(named.rows).toEqual([
      { company_id: a.id, name: 'Juma' },
      { company_id: b.id, name: 'Other' },
    ]);

    // A record can only point at its own company's records.
    await expect(
      db.execute(sql`
        insert into expenses (id, company_id, status, source, receipt_code, date, time, currency,
          rate_micros, amount_type, category_id, items, payments, line_totals, net_amount,
          total_vat, total_amount, paid, balance, net_amount_tzs, total_vat_tzs, total_amount_tzs,
          seq, created_at, updated_at)
        values (${crypto.randomUUID()}, ${b.id}, 'draft', 'manual', 'XYZ', '2026-03-04', '09:00:00',
          'TZS', 1000000, 'inclusive', ${id.category}, ${empty}, ${empty}, ${empty}, 0, 0, 0, 0, 0,
          0, 0, 0, 3, ${now}, ${now})`),
    ).rejects.toThrow();
    // Deleting A's customer is still refused while A's invoices name it.
    await expect(
      db.execute(sql`delete from customers where company_id = ${a.id} and id = ${id.customer}`),
    ).rejects.toThrow();
    // B's customer with that id is not named by any invoice and goes.
    await db.execute(sql`delete from customers where company_id = ${b.id} and id = ${id.customer}`);
  });
});
