import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, digits } from '../helpers/factories';
import { signedInCompany, tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const customer = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Juma Hamisi',
  identificationType: 'TAX_IDENTIFICATION_NUMBER',
  identificationNumber: digits(9),
  phoneNumber: '0712 345 678',
  email: 'juma@example.co.tz',
  vatRegistrationNumber: null,
  ...overrides,
});

describe('creating and reading customers', () => {
  it('stores a customer under the id the phone chose, with its values normalised', async () => {
    const { token } = await signedInCompany(server);
    const input = customer({
      name: '  Mama   Ntilie  ',
      identificationNumber: '123-456-789',
      phoneNumber: '+255 754 000 111',
      vatRegistrationNumber: '10017937k',
    });
    const created = await server.call('POST', '/v1/accounting/customers', { token, body: input });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: input.id,
      name: 'Mama Ntilie',
      identificationNumber: '123456789',
      phoneNumber: '754000111',
      vatRegistrationNumber: '10017937K',
      version: 1,
    });
    const read = await server.call('GET', `/v1/accounting/customers/${input.id}`, { token });
    expect(read.body).toEqual(created.body);
  });

  it('gives a customer without an id one, and keeps no number for "no identification"', async () => {
    const { token } = await signedInCompany(server);
    const { id: _id, ...input } = customer({
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: 'typed before',
      phoneNumber: '',
      email: '',
    });
    const created = await server.call('POST', '/v1/accounting/customers', { token, body: input });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body).toMatchObject({
      identificationNumber: null,
      phoneNumber: null,
      email: null,
    });
  });

  it('names every wrong field with the messages of the specification', async () => {
    const { token, operator } = await signedInCompany(server);
    const post = (body: object) => server.call('POST', '/v1/accounting/customers', { token, body });
    const empty = await post({ name: ' ', phoneNumber: '12345', email: 'not-an-email' });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({
      name: 'Please enter a customer name',
      identificationType: 'Please choose an identification type',
      phoneNumber: 'Please enter a valid phone number',
      email: 'Valid email required',
    });
    const tin = await post(customer({ identificationNumber: '12345678' }));
    expect(tin.body.fields).toEqual({ identificationNumber: 'Please enter a correct TIN number' });
    const nida = await post(
      customer({
        identificationType: 'NATIONAL_IDENTIFICATION_AUTHORITY',
        identificationNumber: '1990-0101-12345',
      }),
    );
    expect(nida.body.fields).toEqual({ identificationNumber: 'Enter correct NIDA number' });
    const passport = await post(
      customer({ identificationType: 'PASSPORT', identificationNumber: '' }),
    );
    expect(passport.body.fields).toEqual({
      identificationNumber: 'Please enter a correct identification number',
    });
    const vrn = await post(customer({ vatRegistrationNumber: '1234' }));
    expect(vrn.body.fields).toEqual({
      vatRegistrationNumber: 'Please enter a correct VAT registration number',
    });
    await server.deps.db.execute(sql`update users set language = 'sw' where id = ${operator.id}`);
    const swahili = await post(customer({ identificationNumber: '1', email: 'x' }));
    expect(swahili.body.fields).toEqual({
      identificationNumber: 'Tafadhali weka namba sahihi ya TIN',
      email: 'Barua pepe sahihi inahitajika',
    });
  });

  it('accepts a 20-digit NIDA number written with dashes', async () => {
    const { token } = await signedInCompany(server);
    const created = await server.call('POST', '/v1/accounting/customers', {
      token,
      body: customer({
        identificationType: 'NATIONAL_IDENTIFICATION_AUTHORITY',
        identificationNumber: '19900101-12345-00001-23',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.identificationNumber).toBe('19900101123450000123');
  });

  it('answers "Customer not found" for an unknown id, in the user\'s language', async () => {
    const { token, operator } = await signedInCompany(server);
    const missing = await server.call('GET', `/v1/accounting/customers/${crypto.randomUUID()}`, {
      token,
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { code: 'customer_not_found', message: 'Customer not found' },
    });
    await server.deps.db.execute(sql`update users set language = 'sw' where id = ${operator.id}`);
    const swahili = await server.call('GET', '/v1/accounting/customers/not-a-uuid', { token });
    expect(swahili.status).toBe(404);
    expect(swahili.body.message).toBe('Mteja hakupatikana');
  });

  it("lists the company's customers by name, with search and paging", async () => {
    const { token } = await signedInCompany(server);
    for (const name of ['Zawadi Shop', 'asha traders', 'Baraka Hardware'])
      await server.call('POST', '/v1/accounting/customers', { token, body: customer({ name }) });
    const all = await server.call('GET', '/v1/accounting/customers', { token });
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((c: { name: string }) => c.name)).toEqual([
      'asha traders',
      'Baraka Hardware',
      'Zawadi Shop',
    ]);
    const found = await server.call('GET', '/v1/accounting/customers?search=HARD', { token });
    expect(found.body.items.map((c: { name: string }) => c.name)).toEqual(['Baraka Hardware']);
    const page = await server.call('GET', '/v1/accounting/customers?limit=1&offset=1', { token });
    expect(page.body).toMatchObject({ total: 3, items: [{ name: 'Baraka Hardware' }] });
  });
});

describe('duplicates', () => {
  it('refuses a second customer with the same identification number in the company', async () => {
    const { token } = await signedInCompany(server);
    const first = customer();
    await server.call('POST', '/v1/accounting/customers', { token, body: first });
    const second = await server.call('POST', '/v1/accounting/customers', {
      token,
      body: customer({ name: 'Someone Else', identificationNumber: first.identificationNumber }),
    });
    expect(second).toMatchObject({
      status: 409,
      body: {
        code: 'customer_id_duplicated',
        message: 'Customer identification number duplicated',
        fields: { identificationNumber: 'Customer identification number duplicated' },
      },
    });
  });

  it('refuses a second customer with the same VAT registration number', async () => {
    const { token } = await signedInCompany(server);
    const vrn = `${digits(8)}A`;
    await server.call('POST', '/v1/accounting/customers', {
      token,
      body: customer({ vatRegistrationNumber: vrn }),
    });
    const second = await server.call('POST', '/v1/accounting/customers', {
      token,
      body: customer({ vatRegistrationNumber: vrn.toLowerCase() }),
    });
    expect(second).toMatchObject({
      status: 409,
      body: {
        code: 'customer_vrn_duplicated',
        message: 'Customer VAT registration number duplicated',
      },
    });
  });

  it('refuses an edit that makes a duplicate, but lets a customer keep its own number', async () => {
    const { token } = await signedInCompany(server);
    const a = customer();
    const b = customer();
    await server.call('POST', '/v1/accounting/customers', { token, body: a });
    await server.call('POST', '/v1/accounting/customers', { token, body: b });
    const clash = await server.call('PUT', `/v1/accounting/customers/${b.id}`, {
      token,
      body: { ...b, identificationNumber: a.identificationNumber },
    });
    expect(clash.body.code).toBe('customer_id_duplicated');
    const rename = await server.call('PUT', `/v1/accounting/customers/${a.id}`, {
      token,
      body: { ...a, name: 'Juma H. Hamisi' },
    });
    expect(rename.status).toBe(200);
  });

  it('allows the same numbers in two different companies, and many walk-in customers', async () => {
    const one = await signedInCompany(server);
    const two = await signedInCompany(server);
    const shared = customer({ vatRegistrationNumber: `${digits(8)}B` });
    const a = await server.call('POST', '/v1/accounting/customers', {
      token: one.token,
      body: shared,
    });
    const b = await server.call('POST', '/v1/accounting/customers', {
      token: two.token,
      body: { ...shared, id: crypto.randomUUID() },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    for (let i = 0; i < 2; i++) {
      const walkIn = await server.call('POST', '/v1/accounting/customers', {
        token: one.token,
        body: customer({ identificationType: 'NO_IDENTIFICATION', identificationNumber: null }),
      });
      expect(walkIn.status).toBe(201);
    }
  });
});

describe('saving with PUT', () => {
  it('creates a customer made offline, then updates it, raising the version', async () => {
    const { token } = await signedInCompany(server);
    const input = customer();
    const created = await server.call('PUT', `/v1/accounting/customers/${input.id}`, {
      token,
      body: input,
    });
    expect(created).toMatchObject({ status: 201, body: { version: 1 } });
    const updated = await server.call('PUT', `/v1/accounting/customers/${input.id}`, {
      token,
      body: { ...input, email: 'new@example.co.tz' },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { version: 2, email: 'new@example.co.tz' },
    });
    const unchanged = await server.call('PUT', `/v1/accounting/customers/${input.id}`, {
      token,
      body: { ...input, email: 'new@example.co.tz' },
    });
    expect(unchanged.body.version).toBe(2);
    // PUT carries the whole customer: a field left out is cleared.
    const { email: _email, phoneNumber: _phone, ...withoutContacts } = input;
    const cleared = await server.call('PUT', `/v1/accounting/customers/${input.id}`, {
      token,
      body: withoutContacts,
    });
    expect(cleared.body).toMatchObject({ version: 3, email: null, phoneNumber: null });
  });

  it('refuses a change made on a version another device has since replaced, naming both', async () => {
    const { token } = await signedInCompany(server);
    const input = customer();
    const path = `/v1/accounting/customers/${input.id}`;
    const created = await server.call('PUT', path, { token, body: input });
    expect(created.headers.get('etag')).toBe('"1"');
    // Two phones both hold version 1; the first phone's change lands first.
    const first = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"1"' },
      body: { ...input, phoneNumber: '0755 000 111' },
    });
    expect(first).toMatchObject({ status: 200, body: { version: 2, phoneNumber: '755000111' } });
    const second = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"1"' },
      body: { ...input, email: 'second@example.co.tz' },
    });
    expect(second.status).toBe(412);
    expect(second.body).toMatchObject({
      code: 'record_changed',
      current: { version: 2, phoneNumber: '755000111', email: input.email },
    });
    expect(second.body.message).toBe(
      'Someone else changed this record in the meantime. Choose which version to keep.',
    );
    const read = await server.call('GET', path, { token });
    expect(read.body).toMatchObject({ version: 2, email: input.email });
    expect(read.headers.get('etag')).toBe('"2"');
    // Made on the version now stored, or leaving the customer as stored, it is accepted.
    const again = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"1"' },
      body: { ...input, phoneNumber: '0755 000 111' },
    });
    expect(again).toMatchObject({ status: 200, body: { version: 2 } });
    const chosen = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"2"' },
      body: { ...input, phoneNumber: '0755 000 111', email: 'second@example.co.tz' },
    });
    expect(chosen).toMatchObject({ status: 200, body: { version: 3 } });
    expect(chosen.headers.get('etag')).toBe('"3"');
    const junk = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': 'three' },
      body: input,
    });
    expect(junk).toMatchObject({
      status: 400,
      body: { fields: { 'If-Match': expect.any(String) } },
    });
  });

  it('refuses a create of an id that exists with other values', async () => {
    const { token } = await signedInCompany(server);
    const input = customer();
    await server.call('POST', '/v1/accounting/customers', { token, body: input });
    const again = await server.call('POST', '/v1/accounting/customers', { token, body: input });
    expect(again.status).toBe(200);
    const different = await server.call('POST', '/v1/accounting/customers', {
      token,
      body: { ...input, name: 'Other Name' },
    });
    expect(different.status).toBe(409);
  });
});

describe('deleting customers', () => {
  it('deletes, answers a repeated delete as done, and refuses to bring the customer back', async () => {
    const { token } = await signedInCompany(server);
    const input = customer();
    await server.call('POST', '/v1/accounting/customers', { token, body: input });
    const url = `/v1/accounting/customers/${input.id}`;
    expect((await server.call('DELETE', url, { token })).status).toBe(204);
    expect((await server.call('DELETE', url, { token })).status).toBe(204);
    expect((await server.call('GET', url, { token })).body.code).toBe('customer_not_found');
    const edit = await server.call('PUT', url, { token, body: input });
    expect(edit).toMatchObject({ status: 404, body: { message: 'Customer not found' } });
    const recreate = await server.call('POST', '/v1/accounting/customers', { token, body: input });
    expect(recreate).toMatchObject({ status: 409, body: { code: 'record_deleted' } });
    // Its numbers are free again for a new customer.
    const reuse = await server.call('POST', '/v1/accounting/customers', {
      token,
      body: { ...input, id: crypto.randomUUID() },
    });
    expect(reuse.status).toBe(201);
  });

  it('refuses to delete a customer that an invoice refers to, and keeps it', async () => {
    const { token, company } = await signedInCompany(server);
    const input = customer();
    await server.call('POST', '/v1/accounting/customers', { token, body: input });
    // A table that refers to customers the way invoices do: a foreign key with the company.
    const table = `test_invoices_${crypto.randomBytes(4).toString('hex')}`;
    await server.deps.db.execute(
      sql.raw(
        `create table ${table} (id uuid primary key, company_id uuid not null, customer_id uuid not null,
          foreign key (company_id, customer_id) references customers(company_id, id))`,
      ),
    );
    await server.deps.db.execute(
      sql`insert into ${sql.identifier(table)} values (${crypto.randomUUID()}, ${company.id}, ${input.id})`,
    );
    const url = `/v1/accounting/customers/${input.id}`;
    const refused = await server.call('DELETE', url, { token });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'customer_has_invoices',
        message: 'This customer has invoices and cannot be deleted',
      },
    });
    expect((await server.call('GET', url, { token })).status).toBe(200);
    await server.deps.db.execute(sql.raw(`drop table ${table}`));
    expect((await server.call('DELETE', url, { token })).status).toBe(204);
  });
});

describe('company isolation', () => {
  it("keeps one company's customers out of another company's reach", async () => {
    const a = await signedInCompany(server);
    const b = await signedInCompany(server);
    const input = customer();
    await server.call('POST', '/v1/accounting/customers', { token: a.token, body: input });
    const url = `/v1/accounting/customers/${input.id}`;
    expect((await server.call('GET', url, { token: b.token })).status).toBe(404);
    expect((await server.call('DELETE', url, { token: b.token })).status).toBe(404);
    // The id is the company's own: B writing it makes a customer of B's, A's stays as it was.
    const change = await server.call('PUT', url, {
      token: b.token,
      body: { ...input, name: 'Taken over' },
    });
    expect(change.status).toBe(201);
    const list = await server.call('GET', '/v1/accounting/customers', { token: b.token });
    expect(list.body.items.map((c: { name: string }) => c.name)).toEqual(['Taken over']);
    const asked = await server.call('GET', `/v1/accounting/customers?companyId=${a.company.id}`, {
      token: b.token,
    });
    expect(asked.status).toBe(403);
    const still = await server.call('GET', url, { token: a.token });
    expect(still.body).toMatchObject({ name: input.name, version: 1 });
  });

  it('lets an organization admin work in their own companies only, naming the company', async () => {
    const a = await signedInCompany(server);
    const admin = await createUser(server.deps.db, 'org_admin', {
      organizationId: a.company.organizationId,
    });
    const stranger = await createUser(server.deps.db, 'org_admin', {
      organizationId: (await createOrganization(server.deps.db)).id,
    });
    const body = customer();
    const own = await server.call('POST', `/v1/accounting/customers?companyId=${a.company.id}`, {
      token: await tokenFor(server, admin),
      body,
    });
    expect(own.status).toBe(201);
    const withoutCompany = await server.call('GET', '/v1/accounting/customers', {
      token: await tokenFor(server, admin),
    });
    expect(withoutCompany.status).toBe(400);
    const other = await server.call(
      'GET',
      `/v1/accounting/customers/${body.id}?companyId=${a.company.id}`,
      { token: await tokenFor(server, stranger) },
    );
    expect(other.status).toBe(403);
  });

  it('refuses anonymous calls', async () => {
    const anonymous = await server.call('GET', '/v1/accounting/customers');
    expect(anonymous.status).toBe(401);
  });
});
