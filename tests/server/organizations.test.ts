// Organizations through the API: who may create, read, edit, enable and disable them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

let address = 0;
async function signIn(user: { username: string }) {
  const { body } = await server.call('POST', '/api/v2/login', {
    body: { username: user.username, password: TEST_PASSWORD },
    address: `10.20.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return body.token as string;
}

const valid = {
  name: 'Vikoba vya Pwani',
  ownerName: 'Mwanaisha Juma',
  ownerPhone: '713456789',
  ownerEmail: 'mwanaisha@pwani.co.tz',
};

describe('organizations', () => {
  it('are created by a platform admin and read back', async () => {
    const token = await signIn(await createUser(server.deps.db, 'platform_admin'));
    const created = await server.call('POST', '/v1/accounting/organizations', {
      token,
      body: { ...valid, name: '  Vikoba vya Pwani  ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, active: true, id: expect.any(String) });
    const read = await server.call('GET', `/v1/accounting/organizations/${created.body.id}`, {
      token,
    });
    expect(read.body).toEqual(created.body);
    const list = await server.call('GET', '/v1/accounting/organizations', { token });
    expect(list.body.map((o: { id: string }) => o.id)).toContain(created.body.id);
  });

  it('name each wrong field, in the user’s language', async () => {
    const admin = await createUser(server.deps.db, 'platform_admin');
    const token = await signIn(admin);
    const bad = { name: '', ownerName: 'A', ownerPhone: '0713456789', ownerEmail: 'not-mail' };
    const english = await server.call('POST', '/v1/accounting/organizations', { token, body: bad });
    expect(english.status).toBe(422);
    expect(english.body.fields).toEqual({
      name: 'Please enter the organization name',
      ownerPhone: 'Please enter a valid phone number',
      ownerEmail: 'Valid email required',
    });
    await server.call('PUT', '/api/v2/user/language', { token, body: { language: 'sw' } });
    const swahili = await server.call('POST', '/v1/accounting/organizations', { token, body: bad });
    expect(swahili.body.fields.name).toBe('Tafadhali andika jina la taasisi');
  });

  it('are not created by an organization admin, and an organization admin sees only their own', async () => {
    const own = await createOrganization(server.deps.db);
    const other = await createOrganization(server.deps.db);
    const token = await signIn(
      await createUser(server.deps.db, 'org_admin', { organizationId: own.id }),
    );
    expect(
      (await server.call('POST', '/v1/accounting/organizations', { token, body: valid })).status,
    ).toBe(403);
    const list = await server.call('GET', '/v1/accounting/organizations', { token });
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([own.id]);
    expect(
      (await server.call('GET', `/v1/accounting/organizations/${other.id}`, { token })).status,
    ).toBe(403);
    const edited = await server.call('PUT', `/v1/accounting/organizations/${own.id}`, {
      token,
      body: { ...valid, name: 'Jina Jipya' },
    });
    expect(edited).toMatchObject({ status: 200, body: { id: own.id, name: 'Jina Jipya' } });
    expect(
      (await server.call('PUT', `/v1/accounting/organizations/${other.id}`, { token, body: valid }))
        .status,
    ).toBe(403);
    expect(
      (await server.call('POST', `/v1/accounting/organizations/${own.id}/disable`, { token }))
        .status,
    ).toBe(403);
  });

  it('are out of reach for company people', async () => {
    for (const role of ['company_owner', 'operator'] as const) {
      const token = await signIn(await createUser(server.deps.db, role));
      expect((await server.call('GET', '/v1/accounting/organizations', { token })).status).toBe(
        403,
      );
    }
  });

  it('when disabled, stop their admins at the next request, and can be enabled again', async () => {
    const platform = await signIn(await createUser(server.deps.db, 'platform_admin'));
    const organization = await createOrganization(server.deps.db);
    const admin = await signIn(
      await createUser(server.deps.db, 'org_admin', { organizationId: organization.id }),
    );
    const disabled = await server.call(
      'POST',
      `/v1/accounting/organizations/${organization.id}/disable`,
      {
        token: platform,
      },
    );
    expect(disabled.body.active).toBe(false);
    expect(
      await server.call('GET', '/v1/accounting/organizations', { token: admin }),
    ).toMatchObject({
      status: 403,
      body: { code: 'account_disabled' },
    });
    await server.call('POST', `/v1/accounting/organizations/${organization.id}/enable`, {
      token: platform,
    });
    expect(
      (await server.call('GET', '/v1/accounting/organizations', { token: admin })).status,
    ).toBe(200);
  });

  it('answer 404 for an unknown or malformed id', async () => {
    const token = await signIn(await createUser(server.deps.db, 'platform_admin'));
    expect(
      (
        await server.call(
          'GET',
          '/v1/accounting/organizations/9d6f1a4e-0000-4000-8000-000000000000',
          { token },
        )
      ).status,
    ).toBe(404);
    expect(
      (await server.call('GET', '/v1/accounting/organizations/not-an-id', { token })).status,
    ).toBe(404);
  });
});
