// Operators through the API (spec §3 Operator, §4, §5 Operator creation, §8): who creates whom,
// the invitation with a one-time password that must be changed at the first sign-in, statuses
// that stop a person at once, and 'Operator email already registered'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createCompanyWithPeople,
  createUser,
  TEST_PASSWORD,
} from '../helpers/factories';
import { memoryMailer } from '../helpers/fiscal';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const mailer = memoryMailer();
beforeAll(async () => {
  server = await createTestServer({ mailer });
});
afterAll(async () => {
  await server.close();
});

let address = 0;
const nextAddress = () => `10.61.${Math.floor(++address / 250)}.${address % 250}`;
async function login(username: string, password = TEST_PASSWORD) {
  return server.call('POST', '/api/v2/login', {
    body: { username, password },
    address: nextAddress(),
  });
}
async function signIn(user: { username: string }) {
  return (await login(user.username)).body.token as string;
}

const unique = () => Math.random().toString(36).slice(2, 8);
function operatorForm(company: { id: string; organizationId: string }, extra = {}) {
  const name = unique();
  return {
    firstName: 'Neema',
    lastName: 'Mushi',
    username: `neema-${name}`,
    email: `neema.${name}@duka.co.tz`,
    mobile: '754123456',
    organizationId: company.organizationId,
    companyId: company.id,
    userType: 'operator',
    ...extra,
  };
}

function lastMailTo(email: string) {
  return [...mailer.sent].reverse().find((mail) => mail.to === email);
}

function oneTimePassword(text: string): string {
  const match = /(?:One-time password|Nenosiri la mara moja): (\S+)/.exec(text);
  if (!match) throw new Error(`No password in: ${text}`);
  return match[1]!;
}

describe('operators', () => {
  it('are invited by email and must choose their own password at the first sign-in', async () => {
    const { company, owner } = await createCompanyWithPeople(server.deps.db);
    const token = await signIn(owner);
    const form = operatorForm(company, { username: `Juma-${unique()}` });
    const created = await server.call('POST', '/v1/accounting/operators', { token, body: form });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      invitation: 'sent',
      operator: {
        username: form.username.toLowerCase(),
        email: form.email,
        userType: 'operator',
        status: 'active',
        companyId: company.id,
        companyName: company.name,
        invitationPending: true,
      },
    });
    expect(created.body.operator.entranceDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mail = lastMailTo(form.email)!;
    expect(mail.subject).toBe(`Your Risiti account for ${company.name}`);
    expect(mail.text).toContain(`Username: ${form.username.toLowerCase()}`);
    const password = oneTimePassword(mail.text);

    const first = await login(form.username, password);
    expect(first.status).toBe(200);
    expect(first.body.user.changePassword).toBe(true);
    const blocked = await server.call('GET', '/v1/accounting/customers', {
      token: first.body.token,
    });
    expect(blocked.body.code).toBe('password_change_required');
    const changed = await server.call('POST', '/api/v2/user/first-password', {
      token: first.body.token,
      body: { newPassword: 'Duka-2026!', confirmPassword: 'Duka-2026!' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.changePassword).toBe(false);
    expect((await login(form.username, password)).status).toBe(401);
    expect((await login(form.username, 'Duka-2026!')).status).toBe(200);
  });

  it('refuse an email already registered, and a username already taken', async () => {
    const { company, owner, operator } = await createCompanyWithPeople(server.deps.db);
    const token = await signIn(owner);
    const sameEmail = await server.call('POST', '/v1/accounting/operators', {
      token,
      body: operatorForm(company, { email: operator.email.toUpperCase() }),
    });
    expect(sameEmail).toMatchObject({
      status: 409,
      body: {
        code: 'operator_email_taken',
        message: 'Operator email already registered',
        fields: { email: 'Operator email already registered' },
      },
    });
    const sameName = await server.call('POST', '/v1/accounting/operators', {
      token,
      body: operatorForm(company, { username: operator.username }),
    });
    expect(sameName).toMatchObject({ status: 409, body: { code: 'username_taken' } });
  });

  it('follow the New user and Operator creation rules, naming each field', async () => {
    const { owner } = await createCompanyWithPeople(server.deps.db);
    const token = await signIn(owner);
    const wrong = await server.call('POST', '/v1/accounting/operators', {
      token,
      body: {
        firstName: 'Al',
        lastName: '',
        username: 'a b',
        email: 'a@b.tz',
        mobile: '0754123456',
        organizationId: '',
        companyId: 'x',
        userType: 'boss',
        status: 'sleeping',
        entranceDay: '31-02-2026',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields).toEqual({
      firstName: 'First name must be 3 to 50 characters',
      lastName: 'Last name must be 3 to 50 characters',
      username: 'Username must not contain spaces',
      email: 'Email must be 12 to 100 characters',
      mobile: 'Please enter a valid phone number',
      organizationId: 'Choose an organization',
      companyId: 'Choose a company',
      userType: 'Choose the type of user',
      status: 'Choose active, inactive or blocked',
      entranceDay: 'Enter a valid entrance day as DD-MM-YYYY',
    });
  });

  it('keep the entrance day given, as DD-MM-YYYY', async () => {
    const { company, owner } = await createCompanyWithPeople(server.deps.db);
    const token = await signIn(owner);
    const created = await server.call('POST', '/v1/accounting/operators', {
      token,
      body: operatorForm(company, { entranceDay: '02-01-2026', status: 'inactive' }),
    });
    expect(created.body.operator).toMatchObject({ entranceDay: '2026-01-02', status: 'inactive' });
  });

  it('when made inactive or blocked, can do nothing from that moment, and come back when active', async () => {
    const { company, owner, operator } = await createCompanyWithPeople(server.deps.db);
    const ownerToken = await signIn(owner);
    const session = await login(operator.username);
    const operatorToken = session.body.token as string;
    expect(
      (await server.call('GET', '/v1/accounting/customers', { token: operatorToken })).status,
    ).toBe(200);
    for (const status of ['inactive', 'blocked'] as const) {
      const changed = await server.call('POST', `/v1/accounting/operators/${operator.id}/status`, {
        token: ownerToken,
        body: { status },
      });
      expect(changed).toMatchObject({ status: 200, body: { status } });
      const refused = await server.call('GET', '/v1/accounting/customers', {
        token: operatorToken,
      });
      expect(refused).toMatchObject({ status: 403, body: { code: 'account_disabled' } });
      expect((await login(operator.username)).body.code).toBe('account_disabled');
      const refresh = await server.call('POST', '/api/v2/user/token/refresh', {
        body: { refresh_token: session.body.refresh_token },
      });
      expect(refresh.status).toBe(401);
    }
    await server.call('POST', `/v1/accounting/operators/${operator.id}/status`, {
      token: ownerToken,
      body: { status: 'active' },
    });
    const again = await login(operator.username);
    expect(again.status).toBe(200);
    expect(company.id).toBe(again.body.user.company_id);
  });

  it('are managed by the owner for operators only, and by an organization admin across its companies', async () => {
    const { company, owner } = await createCompanyWithPeople(server.deps.db);
    const sister = await createCompany(server.deps.db, { organizationId: company.organizationId });
    const ownerToken = await signIn(owner);
    const asOwner = await server.call('POST', '/v1/accounting/operators', {
      token: ownerToken,
      body: operatorForm(company, { userType: 'company_owner' }),
    });
    expect(asOwner.status).toBe(403);
    const elsewhere = await server.call('POST', '/v1/accounting/operators', {
      token: ownerToken,
      body: operatorForm(sister),
    });
    expect(elsewhere).toMatchObject({
      status: 422,
      body: { fields: { companyId: 'Choose a company of the organization' } },
    });
    const admin = await createUser(server.deps.db, 'org_admin', {
      organizationId: company.organizationId,
    });
    const adminToken = await signIn(admin);
    const newOwner = await server.call('POST', '/v1/accounting/operators', {
      token: adminToken,
      body: operatorForm(sister, { userType: 'company_owner' }),
    });
    expect(newOwner.status).toBe(201);
    const list = await server.call('GET', '/v1/accounting/operators', { token: adminToken });
    const companies = new Set(list.body.items.map((item: { companyId: string }) => item.companyId));
    expect(companies).toEqual(new Set([company.id, sister.id]));
    const ownerList = await server.call('GET', '/v1/accounting/operators', { token: ownerToken });
    expect(
      ownerList.body.items.every(
        (item: { companyId: string; userType: string }) =>
          item.companyId === company.id && item.userType === 'operator',
      ),
    ).toBe(true);
  });

  it('are edited, and a new invitation replaces the old password', async () => {
    const { company, owner, operator } = await createCompanyWithPeople(server.deps.db);
    const token = await signIn(owner);
    const edited = await server.call('PUT', `/v1/accounting/operators/${operator.id}`, {
      token,
      body: operatorForm(company, {
        username: operator.username,
        email: operator.email,
        firstName: 'Mwanaisha',
      }),
    });
    expect(edited).toMatchObject({ status: 200, body: { firstName: 'Mwanaisha' } });
    const again = await server.call('POST', `/v1/accounting/operators/${operator.id}/invitation`, {
      token,
    });
    expect(again).toMatchObject({ status: 200, body: { invitation: 'sent' } });
    expect((await login(operator.username)).status).toBe(401);
    const password = oneTimePassword(lastMailTo(operator.email)!.text);
    const first = await login(operator.username, password);
    expect(first.body.user.changePassword).toBe(true);
  });

  it('of a disabled company or organization can do nothing from that moment', async () => {
    const { company, owner, operator } = await createCompanyWithPeople(server.deps.db);
    const platform = await signIn(await createUser(server.deps.db, 'platform_admin'));
    const tokens = [await signIn(owner), await signIn(operator)];
    const works = async () =>
      Promise.all(
        tokens.map(async (token) => {
          const answer = await server.call('GET', '/v1/accounting/customers', { token });
          return answer.status === 200 ? 'works' : answer.body.code;
        }),
      );
    expect(await works()).toEqual(['works', 'works']);
    await server.call('POST', `/v1/accounting/companies/${company.id}/disable`, {
      token: platform,
    });
    expect(await works()).toEqual(['company_inactive', 'company_inactive']);
    await server.call('POST', `/v1/accounting/companies/${company.id}/enable`, { token: platform });
    await server.call('POST', `/v1/accounting/organizations/${company.organizationId}/disable`, {
      token: platform,
    });
    expect(await works()).toEqual(['company_inactive', 'company_inactive']);
    await server.call('POST', `/v1/accounting/organizations/${company.organizationId}/enable`, {
      token: platform,
    });
    expect(await works()).toEqual(['works', 'works']);
  });

  it('cannot change their own status', async () => {
    const { owner } = await createCompanyWithPeople(server.deps.db);
    const admin = await createUser(server.deps.db, 'org_admin', {
      organizationId: owner.organizationId!,
    });
    const token = await signIn(admin);
    const self = await server.call('POST', `/v1/accounting/operators/${admin.id}/status`, {
      token,
      body: { status: 'blocked' },
    });
    expect(self.status).toBe(403);
  });
});
