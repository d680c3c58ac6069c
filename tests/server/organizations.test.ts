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

const listUrl = (query: Record<string, string | undefined>) =>
  `/v1/accounting/organizations?${new URLSearchParams(query as Record<string, string>)}`;

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
    const list = await server.call('GET', listUrl({ search: 'Vikoba vya Pwani' }), { token });
    expect(list.body.items.map((o: { id: string }) => o.id)).toContain(created.body.id);
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
    expect(list.body).toEqual({ items: [expect.objectContaining({ id: own.id })], total: 1 });
    const searched = await server.call('GET', listUrl({ search: other.name }), { token });
    expect(searched.body).toEqual({ items: [], total: 0 });
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

  it('are listed a page at a time by name, and found by name, owner, phone or email', async () => {
    const token = await signIn(await createUser(server.deps.db, 'platform_admin'));
    const mark = `Kundi ${Date.now()}`;
    const created = [];
    for (const letter of ['C', 'A', 'E', 'B', 'D']) {
      created.push(
        await createOrganization(server.deps.db, {
          name: `${mark} ${letter}`,
          ownerName: letter === 'E' ? 'Zuhura Salim' : 'Owner Name',
          ownerEmail:
            letter === 'B' ? `b-${Date.now()}@ushirika.co.tz` : `o${letter}${Date.now()}@x.tz`,
        }),
      );
    }
    const page = async (query: Record<string, string>) =>
      (await server.call('GET', listUrl(query), { token })).body as {
        items: { name: string }[];
        total: number;
      };
    const first = await page({ search: mark, limit: '2' });
    expect(first.total).toBe(5);
    expect(first.items.map((o) => o.name)).toEqual([`${mark} A`, `${mark} B`]);
    const last = await page({ search: mark, limit: '2', offset: '4' });
    expect(last.items.map((o) => o.name)).toEqual([`${mark} E`]);
    expect((await page({ search: 'zuhura' })).items.map((o) => o.name)).toEqual([`${mark} E`]);
    expect((await page({ search: '@ushirika.co' })).items.map((o) => o.name)).toContain(
      `${mark} B`,
    );
    const phone = created[2]!.ownerPhone;
    expect((await page({ search: phone })).items.map((o) => o.name)).toContain(`${mark} E`);
    // The search's own % is a character, not "anything".
    expect((await page({ search: `${mark}%` })).total).toBe(0);
  });

  it('answer a page only within bounds', async () => {
    const token = await signIn(await createUser(server.deps.db, 'platform_admin'));
    for (const query of [
      { limit: '201' },
      { limit: '0' },
      { offset: '-1' },
      { search: 'x'.repeat(101) },
    ]) {
      const answer = await server.call('GET', listUrl(query), { token });
      expect(answer.status).toBe(422);
    }
  });
});
