// A company's VFD through the API: uploading TRA's certificate (registering the VFD once),
// each problem a certificate can have, secrets never shown, the receipts with their QR codes,
// Z reports on demand and receipts waiting too long for TRA.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vfds } from '../../server/db/schema';
import { issueCertificate } from '../../server/tra-sim/issue';
import { readPfx } from '../../server/vfd/certificate';
import { createCompany, createUser, TEST_PASSWORD } from '../helpers/factories';
import {
  createFiscalEnv,
  fixture,
  FIXTURE_PASSWORD,
  invoiceFor,
  type FiscalEnv,
} from '../helpers/fiscal';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});
afterEach(() => {
  env.sim.setFaults({});
  env.deps.traBaseUrl = env.simUrl;
});

let address = 0;
async function signIn(user: { username: string }) {
  const { body } = await env.server.call('POST', '/api/v2/login', {
    body: { username: user.username, password: TEST_PASSWORD },
    address: `10.40.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return body.token as string;
}

function upload(file: Buffer | null, password: string | null, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), 'vfd.pfx');
  if (password !== null) form.append('password', password);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return form;
}

/** A certificate as TRA would issue it, valid now on the test clock. */
function issued() {
  const made = issueCertificate({
    commonName: 'VFD',
    notBefore: new Date(env.clock.now().getTime() - 86_400_000),
  });
  return { pfx: made.pfx, password: made.password };
}

/** A company TRA (the simulator) issued the given certificate to, not yet registered. */
async function companyFor(pfx: Buffer, password = FIXTURE_PASSWORD) {
  const company = await createCompany(env.deps.db);
  const { certPem } = readPfx(pfx, password, env.clock.now());
  await env.sim.enrol({
    serial: company.serial,
    tin: company.tin,
    name: company.name,
    mobile: `255${company.phone}`,
    address: company.address,
    certPem,
  });
  return company;
}

const platformToken = async () => signIn(await createUser(env.deps.db, 'platform_admin'));

describe('uploading the certificate', () => {
  it('reads TRA’s legacy RC2/3DES file, registers the VFD and shows no secret', async () => {
    const token = await platformToken();
    const company = await companyFor(fixture('legacy'));
    const answer = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(fixture('legacy'), FIXTURE_PASSWORD),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'registered',
      certificate: {
        subject: expect.stringContaining('CN=10TZ100781'),
        serial: expect.stringMatching(/^([0-9a-f]{2} )+[0-9a-f]{2}$/),
      },
      registration: { SERIAL: company.serial, TIN: company.tin, ROUTINGKEY: 'vfdrct', GC: '1' },
      counters: { nextGc: 1 },
      queue: { pending: 0 },
    });
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/password|PASSWORD|USERNAME|pfx|token/i);
    const [row] = await env.deps.db.select().from(vfds).where(eq(vfds.companyId, company.id));
    // At rest the PFX and passwords are sealed: neither the file nor its password appears.
    expect(row!.pfxSealed).toMatch(/^v1\./);
    expect(
      Buffer.from(row!.pfxSealed.slice(3), 'base64').includes(fixture('legacy').subarray(0, 64)),
    ).toBe(false);
    expect(row!.pfxPasswordSealed).not.toContain(FIXTURE_PASSWORD);
    const owner = await signIn(
      await createUser(env.deps.db, 'company_owner', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    expect(
      (await env.server.call('GET', `/v1/accounting/companies/${company.id}/vfd`, { token: owner }))
        .body,
    ).toEqual(answer.body);
  });

  it('reads a modern AES-256 file', async () => {
    const token = await platformToken();
    const company = await companyFor(fixture('modern'));
    const answer = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(fixture('modern'), FIXTURE_PASSWORD),
      },
    );
    expect(answer).toMatchObject({ status: 200, body: { status: 'registered' } });
  });

  it('gives each problem its own message and keeps the previous certificate', async () => {
    const token = await platformToken();
    const certificate = issued();
    const company = await companyFor(certificate.pfx, certificate.password);
    const first = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      { token, body: upload(certificate.pfx, certificate.password) },
    );
    expect(first.status).toBe(200);
    const expired = issueCertificate({
      commonName: company.serial,
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    });
    const cases: Array<[FormData, number, string, string, string]> = [
      [
        upload(fixture('legacy'), 'wrong-password'),
        422,
        'certificate_wrong_password',
        'password',
        'The certificate password is wrong',
      ],
      [
        upload(Buffer.from('not a certificate at all'), 'x'),
        422,
        'certificate_not_pkcs12',
        'file',
        'This file is not a PFX (PKCS#12) certificate',
      ],
      [
        upload(fixture('ec'), FIXTURE_PASSWORD),
        422,
        'certificate_not_rsa',
        'file',
        'The certificate key is not an RSA key',
      ],
      [
        upload(expired.pfx, expired.password),
        422,
        'certificate_expired',
        'file',
        'The certificate expired on 2021-01-01',
      ],
    ];
    for (const [body, status, code, field, message] of cases) {
      const answer = await env.server.call(
        'PUT',
        `/v1/accounting/companies/${company.id}/certificate`,
        { token, body },
      );
      expect(answer).toMatchObject({ status, body: { code, message } });
      expect(Object.keys(answer.body.fields)).toEqual([field]);
    }
    const missing = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(null, null),
      },
    );
    expect(missing.body.fields).toEqual({
      file: 'Choose the certificate file (.pfx) from TRA',
      password: 'Enter the certificate password',
    });
    const tooLarge = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(Buffer.alloc(200 * 1024, 1), 'x'),
      },
    );
    expect([413, 422]).toContain(tooLarge.status);
    expect(tooLarge.body.fields).toEqual({ file: 'The certificate file must be at most 100 KB' });
    await env.server.call('PUT', '/api/v2/user/language', { token, body: { language: 'sw' } });
    const swahili = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(fixture('legacy'), 'wrong-password'),
      },
    );
    expect(swahili.body.message).toBe('Nenosiri la cheti si sahihi');
    const after = await env.server.call('GET', `/v1/accounting/companies/${company.id}/vfd`, {
      token,
    });
    expect(after.body.certificate.fingerprint).toBe(first.body.certificate.fingerprint);
  });

  it('registers once per VFD: a renewed certificate replaces the old one without registering again', async () => {
    const token = await platformToken();
    const certificate = issued();
    const company = await companyFor(certificate.pfx, certificate.password);
    await env.server.call('PUT', `/v1/accounting/companies/${company.id}/certificate`, {
      token,
      body: upload(certificate.pfx, certificate.password),
    });
    const before = await env.server.call('GET', `/v1/accounting/companies/${company.id}/vfd`, {
      token,
    });
    // TRA knows only the first certificate, so registering again with this one would be refused.
    const renewed = issued();
    const answer = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(renewed.pfx, renewed.password),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.certificate.fingerprint).not.toBe(before.body.certificate.fingerprint);
    expect(answer.body.registration).toEqual(before.body.registration);
  });

  it('reports TRA’s refusal, or TRA being unreachable, and stores nothing', async () => {
    const token = await platformToken();
    const unknown = await createCompany(env.deps.db);
    const refused = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${unknown.id}/certificate`,
      {
        token,
        body: upload(fixture('legacy'), FIXTURE_PASSWORD),
      },
    );
    expect(refused).toMatchObject({
      status: 422,
      body: {
        code: 'tra_registration_refused',
        message: expect.stringMatching(/^TRA refused the registration: Invalid serial.*\(6\)$/),
      },
    });
    env.deps.traBaseUrl = 'http://127.0.0.1:9';
    const unreachable = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${unknown.id}/certificate`,
      {
        token,
        body: upload(fixture('legacy'), FIXTURE_PASSWORD),
      },
    );
    expect(unreachable).toMatchObject({ status: 503, body: { code: 'tra_unreachable' } });
    const vfd = await env.server.call('GET', `/v1/accounting/companies/${unknown.id}/vfd`, {
      token,
    });
    expect(vfd.body).toEqual({ status: 'unregistered', blockedByTra: false });
  });

  it('sends the Cert-Serial override an administrator sets', async () => {
    const token = await platformToken();
    const certificate = issued();
    const company = await companyFor(certificate.pfx, certificate.password);
    // TRA knows the certificate by its own serial, so it refuses this one: the override was sent.
    const overridden = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(certificate.pfx, certificate.password, { certSerial: 'SERIAL-FROM-TRA' }),
      },
    );
    expect(overridden.body.message).toMatch(/Wrong certificate used to register/);
    const registered = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/certificate`,
      {
        token,
        body: upload(certificate.pfx, certificate.password),
      },
    );
    expect(registered.body.certificate.certSerialOverride).toBeNull();
    const set = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/vfd/cert-serial`,
      {
        token,
        body: { certSerial: '0a 1b 2c' },
      },
    );
    expect(set.body.certificate.certSerialOverride).toBe('0a 1b 2c');
    const cleared = await env.server.call(
      'PUT',
      `/v1/accounting/companies/${company.id}/vfd/cert-serial`,
      {
        token,
        body: { certSerial: null },
      },
    );
    expect(cleared.body.certificate.certSerialOverride).toBeNull();
  });

  it('is for platform and organization admins only', async () => {
    const certificate = issued();
    const company = await companyFor(certificate.pfx, certificate.password);
    const body = () => upload(certificate.pfx, certificate.password);
    for (const role of ['company_owner', 'operator'] as const) {
      const token = await signIn(
        await createUser(env.deps.db, role, {
          companyId: company.id,
          organizationId: company.organizationId,
        }),
      );
      expect(
        (
          await env.server.call('PUT', `/v1/accounting/companies/${company.id}/certificate`, {
            token,
            body: body(),
          })
        ).status,
      ).toBe(403);
    }
    const outsider = await signIn(
      await createUser(env.deps.db, 'org_admin', {
        organizationId: (await createCompany(env.deps.db)).organizationId,
      }),
    );
    expect(
      (
        await env.server.call('PUT', `/v1/accounting/companies/${company.id}/certificate`, {
          token: outsider,
          body: body(),
        })
      ).status,
    ).toBe(404);
    const orgAdmin = await signIn(
      await createUser(env.deps.db, 'org_admin', { organizationId: company.organizationId }),
    );
    expect(
      (
        await env.server.call('PUT', `/v1/accounting/companies/${company.id}/certificate`, {
          token: orgAdmin,
          body: body(),
        })
      ).status,
    ).toBe(200);
  });

  it('makes a test certificate with the built-in simulator, and only then', async () => {
    const token = await platformToken();
    const company = await createCompany(env.deps.db);
    const made = await env.server.call(
      'POST',
      `/v1/accounting/companies/${company.id}/certificate/simulated`,
      { token },
    );
    expect(made).toMatchObject({
      status: 200,
      body: { status: 'registered', registration: { SERIAL: company.serial } },
    });
    const configured = { ...env.deps.config };
    env.deps.config.traBaseUrl = 'https://virtual.tra.go.tz/efdmsRctApi';
    try {
      const refused = await env.server.call(
        'POST',
        `/v1/accounting/companies/${company.id}/certificate/simulated`,
        { token },
      );
      expect(refused).toMatchObject({ status: 409, body: { code: 'simulator_only' } });
    } finally {
      env.deps.config.traBaseUrl = configured.traBaseUrl;
    }
  });
});

describe('fiscal receipts through the API', () => {
  it('are listed with their state at TRA, shown in detail with QR codes, to the company only', async () => {
    const company = await env.company();
    const owner = await signIn(
      await createUser(env.deps.db, 'company_owner', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    const operator = await signIn(
      await createUser(env.deps.db, 'operator', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    const first = await env.fiscalize(invoiceFor(company.id));
    const second = await env.fiscalize(invoiceFor(company.id));
    const pending = await env.server.call(
      'GET',
      `/v1/accounting/companies/${company.id}/fiscal-receipts?status=pending`,
      {
        token: operator,
      },
    );
    expect(pending.body.total).toBe(2);
    expect(pending.body.items.map((r: { gc: number }) => r.gc)).toEqual([second.gc, first.gc]);
    await env.drain(env.worker(), company.id);
    const accepted = await env.server.call(
      'GET',
      `/v1/accounting/companies/${company.id}/fiscal-receipts?status=accepted`,
      {
        token: operator,
      },
    );
    expect(accepted.body.total).toBe(2);

    const detail = await env.server.call('GET', `/v1/accounting/fiscal-receipts/${first.id}`, {
      token: operator,
    });
    expect(detail.body).toMatchObject({
      id: first.id,
      rctvnum: first.rctvnum,
      status: 'accepted',
      verificationUrl: first.verificationUrl,
      totals: { totalIncludingTax: 295_000 },
      payments: { CASH: 295_000 },
    });
    const png = await env.server.app.request(`/v1/accounting/fiscal-receipts/${first.id}/qr.png`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const svg = await env.server.app.request(`/v1/accounting/fiscal-receipts/${first.id}/qr.svg`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const attempts = await env.server.call(
      'GET',
      `/v1/accounting/fiscal-receipts/${first.id}/attempts`,
      { token: owner },
    );
    expect(attempts.body).toMatchObject([{ outcome: 'accepted', httpStatus: 200, ackCode: 0 }]);
    expect(
      (
        await env.server.call('GET', `/v1/accounting/fiscal-receipts/${first.id}/attempts`, {
          token: operator,
        })
      ).status,
    ).toBe(403);

    const stranger = await signIn(
      await createUser(env.deps.db, 'operator', {
        companyId: (await createCompany(env.deps.db)).id,
      }),
    );
    expect(
      (
        await env.server.call('GET', `/v1/accounting/fiscal-receipts/${first.id}`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await env.server.call('GET', `/v1/accounting/companies/${company.id}/fiscal-receipts`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
  });

  it('lists receipts waiting over two days for TRA to the admins who reach them', async () => {
    const company = await env.company();
    const receipt = await env.fiscalize(invoiceFor(company.id));
    env.sim.setFaults({ errorRate: 1 });
    await env.worker().sendCompany(company.id);
    const people = [
      await createUser(env.deps.db, 'company_owner', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
      await createUser(env.deps.db, 'org_admin', { organizationId: company.organizationId }),
      await createUser(env.deps.db, 'org_admin', {
        organizationId: (await createCompany(env.deps.db)).organizationId,
      }),
      await createUser(env.deps.db, 'operator', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    ];
    let [owner, orgAdmin, otherAdmin, operator] = (await Promise.all(people.map(signIn))) as [
      string,
      string,
      string,
      string,
    ];
    const ids = async (token: string) =>
      (
        (await env.server.call('GET', '/v1/accounting/fiscal-receipts/overdue', { token })).body
          .items ?? []
      ).map((r: { id: string }) => r.id);
    expect(await ids(owner)).not.toContain(receipt.id);
    env.clock.advance(2 * 86_400_000 + 1_000);
    // Access tokens live 15 minutes: sign in again two days later.
    [owner, orgAdmin, otherAdmin, operator] = (await Promise.all(people.map(signIn))) as [
      string,
      string,
      string,
      string,
    ];
    const listed = await env.server.call('GET', '/v1/accounting/fiscal-receipts/overdue', {
      token: owner,
    });
    expect(listed.body).toMatchObject({ overdueAfterHours: 48 });
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        id: receipt.id,
        status: 'pending',
        lastError: 'token: An error has occurred.',
        companyName: company.name,
      }),
    );
    expect(await ids(orgAdmin)).toContain(receipt.id);
    expect(await ids(otherAdmin)).not.toContain(receipt.id);
    expect(
      (await env.server.call('GET', '/v1/accounting/fiscal-receipts/overdue', { token: operator }))
        .status,
    ).toBe(403);
    const vfd = await env.server.call('GET', `/v1/accounting/companies/${company.id}/vfd`, {
      token: owner,
    });
    expect(vfd.body.queue).toMatchObject({ pending: 1, overdue: 1 });
  });
});

describe('Z reports through the API', () => {
  it('are made on demand for a past day, listed, and refused for today or by an operator', async () => {
    const company = await env.company();
    const receipt = await env.fiscalize(invoiceFor(company.id));
    env.clock.advance(86_400_000);
    const owner = await signIn(
      await createUser(env.deps.db, 'company_owner', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    const operator = await signIn(
      await createUser(env.deps.db, 'operator', {
        companyId: company.id,
        organizationId: company.organizationId,
      }),
    );
    const made = await env.server.call('POST', `/v1/accounting/companies/${company.id}/z-reports`, {
      token: owner,
      body: { date: receipt.date },
    });
    expect(made).toMatchObject({
      status: 201,
      body: {
        date: receipt.date,
        znumber: receipt.znum,
        tickets: 1,
        dailyTotal: 295_000,
        status: 'pending',
      },
    });
    const again = await env.server.call(
      'POST',
      `/v1/accounting/companies/${company.id}/z-reports`,
      {
        token: owner,
        body: { date: receipt.date },
      },
    );
    expect(again.body.id).toBe(made.body.id);
    const today = new Date(env.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const refused = await env.server.call(
      'POST',
      `/v1/accounting/companies/${company.id}/z-reports`,
      {
        token: owner,
        body: { date: today },
      },
    );
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 'z_report_date_invalid', fields: { date: expect.any(String) } },
    });
    expect(
      (
        await env.server.call('POST', `/v1/accounting/companies/${company.id}/z-reports`, {
          token: owner,
          body: { date: '2026-02-30' },
        })
      ).body.fields,
    ).toEqual({ date: 'Enter a date as YYYY-MM-DD' });
    expect(
      (
        await env.server.call('POST', `/v1/accounting/companies/${company.id}/z-reports`, {
          token: operator,
          body: { date: receipt.date },
        })
      ).status,
    ).toBe(403);
    await env.drain(env.worker(), company.id);
    const list = await env.server.call('GET', `/v1/accounting/companies/${company.id}/z-reports`, {
      token: operator,
    });
    expect(list.body).toMatchObject([{ date: receipt.date, status: 'accepted' }]);
    // A page at a time: years of daily reports are never sent whole.
    const page = (query: string) =>
      env.server.call('GET', `/v1/accounting/companies/${company.id}/z-reports?${query}`, {
        token: operator,
      });
    expect((await page('limit=1&offset=1')).body).toEqual([]);
    expect((await page('limit=201')).status).toBe(422);
    expect((await page('offset=-1')).status).toBe(422);
  });
});
