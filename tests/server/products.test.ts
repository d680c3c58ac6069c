import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCompany } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const product = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: `Sukari 1kg ${crypto.randomBytes(2).toString('hex')}`,
  unitPrice: 350_000,
  taxType: 'standard',
  priceIncludesVat: true,
  ...overrides,
});

describe('products and services', () => {
  it('stores a product with its price in cents, and without a price', async () => {
    const { token } = await signedInCompany(server);
    const input = product({ name: '  Mchele   5kg ' });
    const created = await server.call('POST', '/v1/accounting/products', { token, body: input });
    expect(created).toMatchObject({
      status: 201,
      body: {
        id: input.id,
        name: 'Mchele 5kg',
        unitPrice: 350_000,
        taxType: 'standard',
        priceIncludesVat: true,
        version: 1,
      },
    });
    const service = await server.call('POST', '/v1/accounting/products', {
      token,
      body: product({ name: 'Ushauri', unitPrice: null, taxType: 'exempted' }),
    });
    expect(service.body).toMatchObject({ unitPrice: null, taxType: 'exempted' });
    const read = await server.call('GET', `/v1/accounting/products/${input.id}`, { token });
    expect(read.body).toEqual(created.body);
  });

  it('names the wrong fields', async () => {
    const { token } = await signedInCompany(server);
    const wrong = await server.call('POST', '/v1/accounting/products', {
      token,
      body: { name: '', unitPrice: 12.5, taxType: 'luxury' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields).toEqual({
      name: 'Please enter a product name',
      unitPrice: 'Enter the price in whole cents',
      taxType: 'Please choose a tax type',
    });
    const negative = await server.call('POST', '/v1/accounting/products', {
      token,
      body: product({ unitPrice: -1 }),
    });
    expect(negative.body.fields).toEqual({ unitPrice: 'Enter a price of zero or more' });
  });

  it('refuses a body over 1 MB once the caller is known, in their language, and stores nothing', async () => {
    const { token } = await signedInCompany(server);
    const name = `Kubwa ${crypto.randomBytes(3).toString('hex')}`;
    const tooBig = await server.call('POST', '/v1/accounting/products', {
      token,
      body: product({ name, note: 'x'.repeat(1024 * 1024) }),
      headers: { 'accept-language': 'sw' },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({
      code: 'payload_too_large',
      message: 'The request is too large',
    });
    const list = await server.call('GET', `/v1/accounting/products?search=${name}`, { token });
    expect(list.body.total).toBe(0);
  });

  it('refuses a second product of the same name, whatever its case and spacing', async () => {
    const { token } = await signedInCompany(server);
    await server.call('POST', '/v1/accounting/products', {
      token,
      body: product({ name: 'Unga wa Ngano' }),
    });
    const again = await server.call('POST', '/v1/accounting/products', {
      token,
      body: product({ name: 'unga  WA ngano' }),
    });
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'product_name_duplicated',
        message: 'A product with this name already exists',
        fields: { name: 'A product with this name already exists' },
      },
    });
    const other = await signedInCompany(server);
    const elsewhere = await server.call('POST', '/v1/accounting/products', {
      token: other.token,
      body: product({ name: 'Unga wa Ngano' }),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('updates with PUT, lists by name and deletes', async () => {
    const { token } = await signedInCompany(server);
    const soap = product({ name: 'Sabuni' });
    await server.call('PUT', `/v1/accounting/products/${soap.id}`, { token, body: soap });
    await server.call('POST', '/v1/accounting/products', {
      token,
      body: product({ name: 'Maji' }),
    });
    const updated = await server.call('PUT', `/v1/accounting/products/${soap.id}`, {
      token,
      body: { ...soap, unitPrice: 120_000, priceIncludesVat: false },
    });
    expect(updated.body).toMatchObject({ version: 2, unitPrice: 120_000, priceIncludesVat: false });
    const list = await server.call('GET', '/v1/accounting/products?search=sab', { token });
    expect(list.body).toMatchObject({ total: 1, items: [{ id: soap.id }] });
    const all = await server.call('GET', '/v1/accounting/products', { token });
    expect(all.body.items.map((p: { name: string }) => p.name)).toEqual(['Maji', 'Sabuni']);
    const url = `/v1/accounting/products/${soap.id}`;
    expect((await server.call('DELETE', url, { token })).status).toBe(204);
    expect((await server.call('GET', url, { token })).body).toMatchObject({
      code: 'product_not_found',
      message: 'Product not found',
    });
  });

  it("keeps one company's products out of another company's reach", async () => {
    const a = await signedInCompany(server);
    const b = await signedInCompany(server);
    const input = product();
    await server.call('POST', '/v1/accounting/products', { token: a.token, body: input });
    const url = `/v1/accounting/products/${input.id}`;
    expect((await server.call('GET', url, { token: b.token })).status).toBe(404);
    expect((await server.call('DELETE', url, { token: b.token })).status).toBe(404);
    // The id is the company's own: B writing it makes a product of B's, A's stays as it was.
    expect(
      (await server.call('PUT', url, { token: b.token, body: { ...input, unitPrice: 1 } })).status,
    ).toBe(201);
    const list = await server.call('GET', `/v1/accounting/products?companyId=${a.company.id}`, {
      token: b.token,
    });
    expect(list.status).toBe(403);
    expect((await server.call('GET', url, { token: a.token })).body.unitPrice).toBe(350_000);
  });
});
