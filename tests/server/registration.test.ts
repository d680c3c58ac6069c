// Bringing a business on (spec §5 Registration, Company form; §8): the public registration
// answers alike for known and unknown emails and mails the platform admins; the platform admin
// turns a request into an organization, its company and owner in one action; a company is
// created with its certificate in one form, and a refused certificate leaves the company with
// the partial-success message.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { potentialClients, users } from '../../server/db/schema';
import {
  createCompanyWithPeople,
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
const nextAddress = () => `10.62.${Math.floor(++address / 250)}.${address % 250}`;
async function signIn(user: { username: string }) {
  const { body } = await env.server.call('POST', '/api/v2/login', {
    body: { username: user.username, password: TEST_PASSWORD },
    address: nextAddress(),
  });
  return body.token as string;
}

const unique = () => Math.random().toString(36).slice(2, 8);

function request(extra = {}) {
  return {
    fullName: 'Mama Neema Mushi',
    email: `neema.${unique()}@duka.co.tz`,
    phone: '754123456',
    companyName: 'Duka la Mama Neema',
    tin: digits(9),
    promoCode: 'abc123',
    ...extra,
  };
}

const mailsTo = (email: string) => env.mailer.sent.filter((mail) => mail.to === email);

describe('registration requests', () => {
  it('are stored, mailed to the platform admins, and the applicant is told about the 2 working days', async () => {
    const admin = await createUser(env.deps.db, 'platform_admin');
    const body = request();
    const answer = await env.server.call('POST', '/v1/accounting/registrations', {
      body,
      address: nextAddress(),
    });
    expect(answer).toMatchObject({ status: 201, body: { received: true } });
    // Mailed once answered, so the answer's time says nothing about the email.
    await vi.waitFor(() => expect(mailsTo(body.email)).toHaveLength(1));
    const [stored] = await env.deps.db
      .select()
      .from(potentialClients)
      .where(eq(potentialClients.email, body.email));
    expect(stored).toMatchObject({ status: 'new', promoCode: 'ABC123', tin: body.tin });
    expect(stored!.mailedAt).not.toBeNull();
    const adminMail = mailsTo(admin.email).at(-1)!;
    expect(adminMail.subject).toBe('New registration request: Duka la Mama Neema');
    expect(adminMail.replyTo).toBe(body.email);
    expect(mailsTo(body.email).at(-1)!.text).toContain('within 2 working days');
  });

  it('answer alike for an email already registered, and tell only its mailbox', async () => {
    const { owner } = await createCompanyWithPeople(env.deps.db);
    const before = await env.deps.db.select().from(potentialClients);
    const answer = await env.server.call('POST', '/v1/accounting/registrations', {
      body: request({ email: owner.email }),
      address: nextAddress(),
    });
    expect(answer).toMatchObject({ status: 201, body: { received: true } });
    expect(await env.deps.db.select().from(potentialClients)).toHaveLength(before.length);
    await vi.waitFor(() =>
      expect(mailsTo(owner.email).at(-1)?.text).toContain('The email is already registered!'),
    );
  });

  it('refuse wrong fields with the spec’s message, naming each field', async () => {
    const answer = await env.server.call('POST', '/v1/accounting/registrations', {
      body: {
        fullName: 'Abe',
        email: 'neema',
        phone: '12345',
        companyName: 'Duka',
        tin: '12-34',
        promoCode: 'abc',
      },
      address: nextAddress(),
      headers: { 'accept-language': 'sw' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('registration_failed');
    expect(Object.keys(answer.body.fields).sort()).toEqual(
      ['companyName', 'email', 'fullName', 'phone', 'promoCode', 'tin'].sort(),
    );
    const english = await env.server.call('POST', '/v1/accounting/registrations', {
      body: {},
      address: nextAddress(),
    });
    expect(english.body.message).toBe('Registration failed! Please check and try again!');
  });

  it('are limited per address', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await env.server.call('POST', '/v1/accounting/registrations', {
        body: request(),
        address: from,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('are limited per address also when sent all at once', async () => {
    const from = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        env.server.call('POST', '/v1/accounting/registrations', { body: request(), address: from }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('entered by a platform admin say when the email is already registered', async () => {
    const admin = await createUser(env.deps.db, 'platform_admin');
    const token = await signIn(admin);
    const { owner } = await createCompanyWithPeople(env.deps.db);
    const duplicate = await env.server.call('POST', '/v1/accounting/potential-clients', {
      token,
      body: request({ email: owner.email }),
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { message: 'The email is already registered!' },
    });
    const operatorToken = await signIn((await createCompanyWithPeople(env.deps.db)).operator);
    const referred = await env.server.call('POST', '/v1/accounting/potential-clients', {
      token: operatorToken,
      body: request({ email: owner.email }),
    });
    expect(referred).toMatchObject({ status: 201, body: { received: true } });
  });

  it('become an organization, a company with its certificate and an invited owner in one action', async () => {
    const admin = await createUser(env.deps.db, 'platform_admin');
    const token = await signIn(admin);
    const body = request();
    await env.server.call('POST', '/v1/accounting/registrations', { body, address: nextAddress() });
    const list = await env.server.call('GET', '/v1/accounting/potential-clients?status=new', {
      token,
    });
    const item = list.body.items.find((i: { email: string }) => i.email === body.email);
    // A new address: nobody has an account with it yet.
    expect(item).toMatchObject({
      companyName: body.companyName,
      status: 'new',
      emailRegistered: false,
    });
    const one = await env.server.call('GET', `/v1/accounting/potential-clients/${item.id}`, {
      token,
    });
    expect(one.body).toMatchObject({ emailRegistered: false });

    const serial = `10TZ${digits(6)}`;
    const enrolled = await env.sim.enrol({
      serial,
      tin: body.tin,
      name: body.companyName,
      mobile: '255754123456',
      address: 'Mtaa wa Uhuru, Moshi',
    });
    const username = `neema-${unique()}`;
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        organization: {
          name: body.companyName,
          ownerName: body.fullName,
          ownerPhone: body.phone,
          ownerEmail: body.email,
        },
        company: {
          name: body.companyName,
          tin: body.tin,
          vrn: '',
          email: body.email,
          phone: body.phone,
          address: 'Mtaa wa Uhuru, Moshi',
          serial,
        },
        owner: {
          firstName: 'Neema',
          lastName: 'Mushi',
          username,
          email: body.email,
          mobile: body.phone,
        },
      }),
    );
    form.append('file', new Blob([new Uint8Array(enrolled.issued!.pfx)]), 'vfd.pfx');
    form.append('password', enrolled.issued!.password);
    const converted = await env.server.call(
      'POST',
      `/v1/accounting/potential-clients/${item.id}/convert`,
      { token, body: form },
    );
    expect(converted.status).toBe(201);
    expect(converted.body).toMatchObject({
      potentialClient: { status: 'converted' },
      organization: { name: body.companyName },
      company: { tin: body.tin, serial, vfd: { status: 'registered' } },
      owner: { username },
      invitation: 'sent',
      certificate: { status: 'installed' },
    });
    const [owner] = await env.deps.db.select().from(users).where(eq(users.username, username));
    expect(owner).toMatchObject({
      role: 'company_owner',
      companyId: converted.body.company.id,
      mustChangePassword: true,
    });
    const again = await env.server.call(
      'POST',
      `/v1/accounting/potential-clients/${item.id}/convert`,
      { token, body: form },
    );
    expect(again.status).toBe(409);
  });

  it('are refused whole when one part is wrong, naming the field inside its part', async () => {
    const admin = await createUser(env.deps.db, 'platform_admin');
    const token = await signIn(admin);
    const body = request();
    await env.server.call('POST', '/v1/accounting/potential-clients', { token, body });
    const [row] = await env.deps.db
      .select()
      .from(potentialClients)
      .where(eq(potentialClients.email, body.email));
    const { operator } = await createCompanyWithPeople(env.deps.db);
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        organization: {
          name: 'Neema Group',
          ownerName: body.fullName,
          ownerPhone: body.phone,
          ownerEmail: body.email,
        },
        company: {
          name: body.companyName,
          tin: body.tin,
          email: body.email,
          phone: body.phone,
          address: 'Moshi',
          serial: `10TZ${digits(6)}`,
        },
        owner: {
          firstName: 'Neema',
          lastName: 'Mushi',
          username: `neema-${unique()}`,
          email: operator.email,
          mobile: body.phone,
        },
      }),
    );
    const refused = await env.server.call(
      'POST',
      `/v1/accounting/potential-clients/${row!.id}/convert`,
      { token, body: form },
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { fields: { 'owner.email': 'Operator email already registered' } },
    });
    const [still] = await env.deps.db
      .select()
      .from(potentialClients)
      .where(eq(potentialClients.id, row!.id));
    expect(still!.status).toBe('new');
  });
});

describe('a company created with its certificate in one form', () => {
  async function companyForm(organizationId: string, password: string | null) {
    const serial = `10TZ${digits(6)}`;
    const tin = digits(9);
    const enrolled = await env.sim.enrol({
      serial,
      tin,
      name: 'Duka la Juma',
      mobile: '255754123456',
      address: 'Arusha',
    });
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        organizationId,
        name: 'Duka la Juma',
        tin,
        email: 'juma@duka.co.tz',
        phone: '754123456',
        address: 'Arusha',
        serial,
      }),
    );
    form.append('file', new Blob([new Uint8Array(enrolled.issued!.pfx)]), 'vfd.pfx');
    form.append('password', password ?? enrolled.issued!.password);
    return form;
  }

  it('registers the VFD at once', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    const created = await env.server.call('POST', '/v1/accounting/companies/with-certificate', {
      token,
      body: await companyForm(organization.id, null),
    });
    expect(created).toMatchObject({
      status: 201,
      body: { certificate: { status: 'installed' }, company: { vfd: { status: 'registered' } } },
    });
  });

  it('keeps the company when the certificate is refused, with the partial-success message', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    const created = await env.server.call('POST', '/v1/accounting/companies/with-certificate', {
      token,
      body: await companyForm(organization.id, 'not-the-password'),
    });
    expect(created.status).toBe(201);
    expect(created.body.company.vfd.status).toBe('unregistered');
    expect(created.body.certificate).toEqual({
      status: 'failed',
      code: 'certificate_wrong_password',
      message: 'Company created, but PFX file upload failed.',
      reason: 'The certificate password is wrong',
      fields: { password: 'The certificate password is wrong' },
    });
    const read = await env.server.call(
      'GET',
      `/v1/accounting/companies/${created.body.company.id}`,
      {
        token,
      },
    );
    expect(read.status).toBe(200);
  });

  it('refuses a file without its password before creating anything', async () => {
    const token = await signIn(await createUser(env.deps.db, 'platform_admin'));
    const organization = await createOrganization(env.deps.db);
    const form = await companyForm(organization.id, null);
    form.delete('password');
    const refused = await env.server.call('POST', '/v1/accounting/companies/with-certificate', {
      token,
      body: form,
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { fields: { password: 'Enter the certificate password' } },
    });
  });
});
