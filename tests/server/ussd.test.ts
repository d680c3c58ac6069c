// The USSD channel as a shop operator without a smartphone uses it: dial, PIN, a sale from
// amount to receipt, today's sales and the last receipt, in their language; and as the gateway
// and a stranger see it: the token, repeated requests, wrong PINs and junk.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USSD_SCREEN_MAX } from '../../domain/ussd';
import { invoices, users } from '../../server/db/schema';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker } from '../../server/vfd/worker';
import { identify } from '../../server/ussd/service';
import { createFiscalEnv, FAST, type FiscalEnv } from '../helpers/fiscal';
import { tokenFor } from '../helpers/session';

const TOKEN = 'gateway-secret-0123456789';
let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
  env.deps.config.ussdGatewayToken = TOKEN;
});
afterAll(async () => {
  await env.close();
});

const PIN = '4821';

interface Seller {
  id: string;
  companyId: string;
  mobile: string;
  token: string;
}

async function seller(
  options: {
    language?: 'en' | 'sw';
    role?: 'operator' | 'company_owner';
    pin?: string | null;
  } = {},
): Promise<Seller> {
  const company = await env.company();
  const user = await createUser(env.deps.db, options.role ?? 'operator', {
    companyId: company.id,
    organizationId: company.organizationId,
    language: options.language ?? 'en',
  });
  const token = await tokenFor(env.server, user);
  const pin = options.pin === undefined ? PIN : options.pin;
  if (pin) {
    const set = await env.server.call('PUT', '/v1/accounting/ussd/pin', {
      token,
      body: { currentPassword: TEST_PASSWORD, pin, confirmPin: pin },
    });
    expect(set.status).toBe(200);
  }
  return { id: user.id, companyId: company.id, mobile: user.mobile!, token };
}

async function dial(
  fields: Record<string, string>,
  auth: { query?: string; header?: string } = { query: TOKEN },
) {
  const url = auth.query === undefined ? '/ussd/callback' : `/ussd/callback?token=${auth.query}`;
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (auth.header) headers.authorization = `Bearer ${auth.header}`;
  const response = await env.server.app.request(url, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** One session: each call sends every input so far, as gateways do. */
function session(phone: string, sessionId = crypto.randomUUID()) {
  return async (...inputs: string[]) => {
    const answer = await dial({
      sessionId,
      serviceCode: '*148*09#',
      phoneNumber: phone,
      text: inputs.join('*'),
    });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain/);
    expect(answer.text).toMatch(/^(CON|END) /);
    expect(answer.text.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    return answer.text;
  };
}

const ussdInvoices = (companyId: string) =>
  env.deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.origin, 'ussd')));

describe('a sale by USSD', () => {
  it('goes from dial to receipt, fiscalized once as a USSD invoice with the right totals', async () => {
    const shop = await seller();
    const step = session(`+255${shop.mobile}`);
    expect(await step()).toMatch(/^CON .*PIN/s);
    expect(await step(PIN)).toMatch(
      /^CON Risiti\n1 New sale\n2 Today's sales\n3 Last receipt\n0 Exit$/,
    );
    expect(await step(PIN, '1')).toMatch(/^CON .*amount/is);
    expect(await step(PIN, '1', '11800')).toMatch(/^CON Tax type:\n1 Standard \(18%\)\n2 Exempted/);
    expect(await step(PIN, '1', '11800', '1')).toMatch(/^CON Payment:\n1 Cash\n2 Mobile money/);
    expect(await step(PIN, '1', '11800', '1', '2')).toMatch(/^CON Customer phone/);
    const confirm = await step(PIN, '1', '11800', '1', '2', '0712345678');
    expect(confirm).toContain('Total Tsh 11,800.00');
    expect(confirm).toContain('VAT Tsh 1,800.00');
    expect(confirm).toContain('Customer 0712345678');
    const done = await step(PIN, '1', '11800', '1', '2', '0712345678', '1');
    expect(done).toMatch(/^END Receipt \d+ issued\.\nTotal Tsh 11,800\.00\nVerification code \S+$/);

    const rows = await ussdInvoices(shop.companyId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      status: 'submitted',
      origin: 'ussd',
      operatorId: shop.id,
      totalIncludingTax: 1_180_000,
      taxAmount: 180_000,
      totalExcludingTax: 1_000_000,
      payments: [{ type: 'e-money', amount: 1_180_000 }],
    });
    expect(row!.customer.phoneNumber).toBe('712345678');
    expect(done).toContain(`Receipt ${row!.receiptNumber} issued`);
    expect(done).toContain(`Verification code ${row!.verificationCode}`);

    // TRA acknowledges it like any other invoice.
    const worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
    try {
      await env.drain(worker, shop.companyId);
    } finally {
      await worker.stop();
    }
    const [issued] = await ussdInvoices(shop.companyId);
    expect(issued!.status).toBe('issued');
  });

  it('answers a repeated final request with the same receipt and makes no second invoice', async () => {
    const shop = await seller({ role: 'company_owner' });
    const step = session(`0${shop.mobile}`);
    const inputs = [PIN, '1', '5000', '2', '1', '0', '1'];
    const first = await step(...inputs);
    const again = await step(...inputs);
    expect(first).toMatch(/^END Receipt/);
    expect(again).toBe(first);
    const rows = await ussdInvoices(shop.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ totalIncludingTax: 500_000, taxAmount: 0 });
  });

  it('records nothing when the sale is canceled at the confirm screen', async () => {
    const shop = await seller();
    const step = session(shop.mobile);
    expect(await step(PIN, '1', '5000', '1', '1', '0', '2')).toMatch(/^END Sale canceled/);
    expect(await ussdInvoices(shop.companyId)).toHaveLength(0);
  });

  it("tells today's sales and the last receipt of the caller", async () => {
    const shop = await seller();
    const phone = `255${shop.mobile}`;
    expect(await session(phone)(PIN, '3')).toBe('END You have no receipts yet.');
    await session(phone)(PIN, '1', '1000', '1', '1', '0', '1');
    const second = await session(phone)(PIN, '1', '2500', '2', '1', '0', '1');
    const today = await session(phone)(PIN, '2');
    expect(today).toMatch(/^END Today \d{4}-\d{2}-\d{2}\nReceipts: 2\nTotal Tsh 3,500\.00$/);
    const last = await session(phone)(PIN, '3');
    const number = /Receipt (\d+)/.exec(second)![1];
    expect(last).toMatch(new RegExp(`^END Last receipt ${number}\\n.*\\nTotal Tsh 2,500\\.00`));
    expect(await session(phone)(PIN, '0')).toBe('END Thank you for using Risiti.');
  });

  it('shows the menus in Swahili to a Swahili user', async () => {
    const shop = await seller({ language: 'sw' });
    const step = session(shop.mobile);
    const menu = await step(PIN);
    expect(menu).toMatch(/^CON Risiti\n1 /);
    expect(menu).not.toContain('New sale');
    expect(menu).toContain('Mauzo');
    expect(await step(PIN, '1', 'abc')).not.toContain('whole shillings');
  });
});

describe('who may call', () => {
  it('reads alike for an unknown number and a wrong PIN', async () => {
    const shop = await seller();
    const unknown = await session('0699000001')('1234');
    const wrong = await session(shop.mobile)('9999');
    expect(unknown).toMatch(/^END /);
    expect(wrong).toBe(unknown);
    const noPin = await seller({ pin: null });
    expect(await session(noPin.mobile)('1234')).toBe(unknown);
  });

  it('stops a number after 5 wrong PINs, even the right one, for 15 minutes', async () => {
    const shop = await seller();
    for (let i = 0; i < 5; i++) expect(await session(shop.mobile)('0000')).not.toMatch(/Too many/);
    const blocked = await session(shop.mobile)(PIN);
    expect(blocked).toMatch(/^END .*Too many wrong PINs/s);
    // A stranger's number is limited the same way, so the block tells nothing either.
    for (let i = 0; i < 5; i++) await session('0699000002')('0000');
    expect(await session('0699000002')('0000')).toBe(blocked);
    env.clock.advance(15 * 60_000 + 1);
    expect(await session(shop.mobile)(PIN)).toMatch(/^CON Risiti/);
  });

  it('stops answering when the user is no longer active', async () => {
    const shop = await seller();
    await env.deps.db.update(users).set({ status: 'inactive' }).where(eq(users.id, shop.id));
    expect(await session(shop.mobile)(PIN)).toMatch(/^END PIN si sahihi.*\nWrong PIN/s);
  });

  it('keeps people who share one phone number apart by their PINs', async () => {
    const first = await seller({ pin: '2468' });
    const [row] = await env.deps.db.select().from(users).where(eq(users.id, first.id));
    const other = await createUser(env.deps.db, 'operator', {
      companyId: first.companyId,
      organizationId: row!.organizationId,
      mobile: first.mobile,
    });
    const token = await tokenFor(env.server, other);
    const setPin = (pin: string) =>
      env.server.call('PUT', '/v1/accounting/ussd/pin', {
        token,
        body: { currentPassword: TEST_PASSWORD, pin, confirmPin: pin },
      });
    const same = await setPin('2468');
    expect(same.status).toBe(422);
    expect(same.body.fields).toEqual({
      pin: 'Someone else with your mobile number uses this PIN for USSD: choose another PIN.',
    });
    expect((await setPin('1357')).status).toBe(200);
    // Five PINs a day, refused ones included: trying every PIN to find the other's is no way in.
    for (let i = 0; i < 3; i++) expect((await setPin('1357')).status).toBe(200);
    expect((await setPin('9753')).status).toBe(429);
    const phone = { kind: 'phone' as const, phone9: first.mobile };
    expect(await identify(env.deps, phone, '2468')).toMatchObject({
      ok: true,
      user: { id: first.id },
    });
    expect(await identify(env.deps, phone, '1357')).toMatchObject({
      ok: true,
      user: { id: other.id },
    });

    // One PIN on both (kept from before PINs were told apart): neither is let in.
    await env.deps.db
      .update(users)
      .set({ ussdPinHash: row!.ussdPinHash })
      .where(eq(users.id, other.id));
    expect(await identify(env.deps, phone, '2468')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('requires the gateway token, in the query or as a Bearer header', async () => {
    const shop = await seller();
    const fields = {
      sessionId: 'abc123',
      serviceCode: '*148*09#',
      phoneNumber: shop.mobile,
      text: '',
    };
    expect((await dial(fields, {})).status).toBe(401);
    expect((await dial(fields, { query: 'wrong-token-0123456789' })).status).toBe(401);
    expect((await dial(fields, { header: TOKEN })).text).toMatch(/^CON /);
    const huge = (query: string) =>
      env.server.app.request(`/ussd/callback?token=${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(10 * 1024 * 1024),
        },
        body: 'text=1',
      });
    expect((await huge('wrong-token-0123456789')).status).toBe(401);
    expect((await huge(TOKEN)).status).toBe(413);
    env.deps.config.ussdGatewayToken = undefined;
    try {
      expect((await dial(fields)).status).toBe(404);
    } finally {
      env.deps.config.ussdGatewayToken = TOKEN;
    }
  });
});

describe('junk', () => {
  it('answers every wrong entry with a screen that says what is wrong, never a 5xx', async () => {
    const shop = await seller();
    const step = session(shop.mobile);
    expect(await step(PIN, '7')).toMatch(/^CON Invalid choice\.\nRisiti/);
    expect(await step(PIN, '1', '12.50')).toMatch(/^CON Enter the amount in whole shillings/);
    expect(await step(PIN, '1', '0')).toMatch(/^CON The amount must be above 0/);
    expect(await step(PIN, '1', '9'.repeat(16))).toMatch(/^CON The invoice total may be at most/);
    expect(await step(PIN, '1', '100', '9')).toMatch(/^CON Invalid choice\.\nTax type/);
    expect(await step(PIN, '1', '100', '1', '1', '12')).toMatch(/^CON Please enter a valid phone/);
    expect(await step(PIN, '1', '100', '1', '1', '0', '5')).toMatch(/^CON Invalid choice\.\nTotal/);
    for (const text of [
      '\u0000',
      `${PIN}*\u0000*%00`,
      `${PIN}*1*${'😀'.repeat(40)}`,
      '***',
      `${PIN}**`,
    ]) {
      const answer = await dial({
        sessionId: 'junk-1',
        serviceCode: 'x',
        phoneNumber: shop.mobile,
        text,
      });
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/^(CON|END) ./s);
    }
    const broken: Record<string, string>[] = [
      {},
      { sessionId: '\u0000', phoneNumber: '1', text: '' },
      { sessionId: 'a', phoneNumber: '\u0000\uD800', text: 'x'.repeat(400) },
      { sessionId: 'a', phoneNumber: '1', text: 'x'.repeat(600) },
    ];
    for (const fields of broken) {
      const answer = await dial(fields);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).toMatch(/^(CON|END) /);
    }
    expect(await ussdInvoices(shop.companyId)).toHaveLength(0);
  });
});

describe('trying the menus in the app', () => {
  it('sets the PIN with the current password and runs the same menus as the signed-in user', async () => {
    const shop = await seller({ pin: null });
    const access = await env.server.call('GET', '/v1/accounting/ussd', { token: shop.token });
    expect(access.body).toEqual({
      shortCode: '*148*09#',
      mobile: shop.mobile,
      pinSet: false,
      eligible: true,
    });
    const wrong = await env.server.call('PUT', '/v1/accounting/ussd/pin', {
      token: shop.token,
      body: { currentPassword: 'Not-it-1!', pin: '1234', confirmPin: '1234' },
    });
    expect(wrong.status).toBe(400);
    const short = await env.server.call('PUT', '/v1/accounting/ussd/pin', {
      token: shop.token,
      body: { currentPassword: TEST_PASSWORD, pin: '12a', confirmPin: '12a' },
    });
    expect(short.status).toBe(422);
    const set = await env.server.call('PUT', '/v1/accounting/ussd/pin', {
      token: shop.token,
      body: { currentPassword: TEST_PASSWORD, pin: '2468', confirmPin: '2468' },
    });
    expect(set.body.pinSet).toBe(true);

    const sessionId = crypto.randomUUID();
    const tryText = async (text: string) => {
      const answer = await env.server.call('POST', '/v1/accounting/ussd/try', {
        token: shop.token,
        body: { sessionId, text },
      });
      expect(answer.status).toBe(200);
      return answer.body as { end: boolean; text: string; screen: string };
    };
    expect(await tryText('')).toMatchObject({ end: false });
    // A PIN is set: a wrong one is called wrong, not missing.
    expect(await tryText('9999')).toMatchObject({
      end: true,
      text: 'Wrong PIN. Dial again and enter your USSD PIN.',
    });
    expect((await tryText('2468')).text).toMatch(/^Risiti\n1 New sale/);
    const done = await tryText('2468*1*3000*1*1*0*1');
    expect(done).toMatchObject({ end: true });
    expect(done.screen).toMatch(/^END Receipt \d+ issued/);
    expect(await tryText('2468*1*3000*1*1*0*1')).toEqual(done);
    expect(await ussdInvoices(shop.companyId)).toHaveLength(1);
    // The PIN now works on the phone too.
    expect(await session(shop.mobile)('2468')).toMatch(/^CON Risiti/);
  });

  it('is refused to callers who are not signed in', async () => {
    const answer = await env.server.call('POST', '/v1/accounting/ussd/try', {
      body: { sessionId: 'abcdefgh', text: '' },
    });
    expect(answer.status).toBe(401);
  });
});
