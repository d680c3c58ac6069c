// Companies through the API: the Company form rules of spec §5 and who may do what (spec §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createOrganization,
  createUser,
  TEST_PASSWORD,
  digits,
} from '../helpers/factories';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

let address = 0;
async function signIn(user: { username: string }) {
  const { body } = await env.server.call('POST', '/api/v2/login', {
    body: { username: user.username, password: TEST_PASSWORD },
    address: `10.30.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return body.token as string;
}

const form = (organizationId: string) => ({
  organizationId,
  name: 'Duka la Mama Neema',
  tin: digits(9),
  vrn: '',
  email: 'neema@duka.co.tz',
  phone: '754123456',
  address: 'Mtaa wa Uhuru, Moshi',
  serial: `10tz${digits(6)}`,
});

describe('companies', () => {
  it('are created by a platform admin, with the VRN optional and the serial upper-cased', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    const input = form(organization.id);
    const created = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: input,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      organizationId: organization.id,
      name: input.name,
      tin: input.tin,
      vrn: null,
      serial: input.serial.toUpperCase(),
      active: true,
      blockedByTra: false,
      vfd: { status: 'unregistered', registeredAt: null },
    });
    const withVrn = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: { ...form(organization.id), vrn: '10017937k' },
    });
    expect(withVrn.body.vrn).toBe('10017937K');
  });

  it('follow the Company form rules, naming each wrong field', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    const wrong = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: {
        organizationId: organization.id,
        name: ' ',
        tin: '12345678',
        vrn: '1234',
        email: 'duka',
        phone: '07541234567',
        address: '',
        serial: 'TZ12',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields).toEqual({
      name: 'Please enter the company name',
      tin: 'TIN must be 9 digits',
      vrn: 'VAT number must be 9 letters or digits',
      email: 'Valid email required',
      phone: 'Please enter a valid phone number',
      address: 'Please enter the address',
      serial: 'Enter the VFD serial number from TRA, for example 10TZ100781',
    });
    const missing = await env.server.call('POST', '/v1/accounting/companies', { token, body: {} });
    expect(Object.keys(missing.body.fields).sort()).toEqual(
      ['address', 'email', 'name', 'organizationId', 'phone', 'serial', 'tin'].sort(),
    );
    const unknownOrg = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: form('9d6f1a4e-0000-4000-8000-000000000000'),
    });
    expect(unknownOrg).toMatchObject({
      status: 422,
      body: { fields: { organizationId: 'Please choose an organization' } },
    });
  });

  it('are not added to a disabled organization, whose people could not sign in', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    await env.server.call('POST', `/v1/accounting/organizations/${organization.id}/disable`, {
      token,
    });
    const refused = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: form(organization.id),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({
      organizationId: 'This organization is disabled: enable it before adding a company to it',
    });
    await env.server.call('POST', `/v1/accounting/organizations/${organization.id}/enable`, {
      token,
    });
    const added = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: form(organization.id),
    });
    expect(added.status).toBe(201);
  });

  it('refuse a VFD serial another company already has', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const existing = await createCompany(env.deps.db);
    const taken = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: { ...form(existing.organizationId), serial: existing.serial },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: {
        code: 'vfd_serial_taken',
        fields: { serial: 'This VFD serial is already used by another company' },
      },
    });
  });

  it('are managed by an organization admin within their organization only', async () => {
    const own = await createOrganization(env.deps.db);
    const other = await createOrganization(env.deps.db);
    const token = await signIn(
      await createUser(env.deps.db, 'org_admin', { organizationId: own.id }),
    );
    const created = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: form(own.id),
    });
    expect(created.status).toBe(201);
    const elsewhere = await env.server.call('POST', '/v1/accounting/companies', {
      token,
      body: form(other.id),
    });
    expect(elsewhere.status).toBe(403);
    const foreign = await createCompany(env.deps.db, { organizationId: other.id });
    expect(
      (await env.server.call('GET', `/v1/accounting/companies/${foreign.id}`, { token })).status,
    ).toBe(404);
    const moved = await env.server.call('PUT', `/v1/accounting/companies/${created.body.id}`, {
      token,
      body: { ...form(other.id), serial: created.body.serial, tin: created.body.tin },
    });
    expect(moved.status).toBe(403);
    const list = await env.server.call('GET', '/v1/accounting/companies', { token });
    expect(list.body.total).toBe(1);
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  });

  it('are listed for a platform admin with a search and pages', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    const marker = `Kiwanda ${digits(6)}`;
    for (let i = 0; i < 3; i++) {
      await createCompany(env.deps.db, { organizationId: organization.id, name: `${marker} ${i}` });
    }
    const page = await env.server.call(
      'GET',
      `/v1/accounting/companies?search=${encodeURIComponent(marker)}&limit=2&offset=1`,
      { token },
    );
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((c: { name: string }) => c.name)).toEqual([
      `${marker} 1`,
      `${marker} 2`,
    ]);
    const byOrganization = await env.server.call(
      'GET',
      `/v1/accounting/companies?organizationId=${organization.id}`,
      { token },
    );
    expect(byOrganization.body.total).toBe(3);
    expect(
      (await env.server.call('GET', '/v1/accounting/companies?limit=0', { token })).status,
    ).toBe(422);
  });

  it('are read, not edited, by their own owner and operators', async () => {
    const company = await createCompany(env.deps.db);
    const other = await createCompany(env.deps.db, { organizationId: company.organizationId });
    const owner = await signIn(
      await createUser(env.deps.db, 'company_owner', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    expect(
      (await env.server.call('GET', `/v1/accounting/companies/${company.id}`, { token: owner }))
        .body.id,
    ).toBe(company.id);
    expect(
      (await env.server.call('GET', `/v1/accounting/companies/${other.id}`, { token: owner }))
        .status,
    ).toBe(404);
    const list = await env.server.call('GET', '/v1/accounting/companies', { token: owner });
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([company.id]);
    const edit = await env.server.call('PUT', `/v1/accounting/companies/${company.id}`, {
      token: owner,
      body: { ...form(company.organizationId), tin: company.tin, serial: company.serial },
    });
    expect(edit.status).toBe(403);
    expect(
      (
        await env.server.call('POST', `/v1/accounting/companies/${company.id}/disable`, {
          token: owner,
        })
      ).status,
    ).toBe(403);
  });

  it('keep TIN and VFD serial once the VFD is registered with TRA', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const registered = await env.company();
    const read = await env.server.call('GET', `/v1/accounting/companies/${registered.id}`, {
      token,
    });
    expect(read.body.vfd.status).toBe('registered');
    const locked = await env.server.call('PUT', `/v1/accounting/companies/${registered.id}`, {
      token,
      body: { ...form(registered.organizationId), tin: digits(9), serial: `10TZ${digits(6)}` },
    });
    expect(locked).toMatchObject({
      status: 409,
      body: {
        code: 'vfd_identity_locked',
        fields: {
          tin: 'TIN and VFD serial cannot be changed after the VFD is registered with TRA',
          serial: 'TIN and VFD serial cannot be changed after the VFD is registered with TRA',
        },
      },
    });
    const renamed = await env.server.call('PUT', `/v1/accounting/companies/${registered.id}`, {
      token,
      body: {
        ...form(registered.organizationId),
        tin: registered.tin,
        serial: registered.serial,
        name: 'Jina Jipya',
      },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'Jina Jipya', vfd: { status: 'registered' } },
    });
  });

  it('when disabled, stop their people at the next request', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const company = await createCompany(env.deps.db);
    const operator = await signIn(
      await createUser(env.deps.db, 'operator', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    expect(
      (await env.server.call('GET', `/v1/accounting/companies/${company.id}`, { token: operator }))
        .status,
    ).toBe(200);
    const disabled = await env.server.call(
      'POST',
      `/v1/accounting/companies/${company.id}/disable`,
      { token },
    );
    expect(disabled.body.active).toBe(false);
    expect(
      await env.server.call('GET', `/v1/accounting/companies/${company.id}`, { token: operator }),
    ).toMatchObject({
      status: 403,
      body: { code: 'company_inactive' },
    });
    await env.server.call('POST', `/v1/accounting/companies/${company.id}/enable`, { token });
    expect(
      (await env.server.call('GET', `/v1/accounting/companies/${company.id}`, { token: operator }))
        .status,
    ).toBe(200);
  });
});
