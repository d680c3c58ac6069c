// Push notifications as standard Web Push, against a local push service over HTTPS: a browser's
// subscription kept for its user (and only for push services the server knows), a receipt TRA
// refused told to the company's owner and the operator who issued it, encrypted for each
// browser so that only it can read the text (in its user's language), a browser gone for good
// forgotten, and a push service that fails tried again later. On PGlite, and on PostgreSQL in
// the server-pg suite.
import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { createRequire } from 'node:module';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages, pushSubscriptions, users } from '../../server/db/schema';
import { invoiceReceiptSettled } from '../../server/invoices/settle';
import { MAX_BROWSERS_PER_USER, runDuePush } from '../../server/push/service';
import { sendTraAlerts } from '../../server/vfd/alerts';
import { localCertificate } from '../helpers/certificate';
import { createUser } from '../helpers/factories';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { tokenFor } from '../helpers/session';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
};

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let env: FiscalEnv;
let service: https.Server;
let host: string;
const received: Received[] = [];
/** What the push service answers next (201 by default). */
let answer = 201;
const agentHadCa = 'ca' in https.globalAgent.options;
const defaultAgentCa = https.globalAgent.options.ca;

beforeAll(async () => {
  env = await createFiscalEnv();
  const { cert, key } = localCertificate();
  service = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer);
      response.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(service.address() as AddressInfo).port}`;
  env.deps.config.pushServiceHosts = [host];
  // The push service's certificate is trusted by this test's process only.
  https.globalAgent.options.ca = [...tls.rootCertificates, cert];
});
afterAll(async () => {
  // Given back as it was: an agent's options override a request's own, so a `ca` left behind
  // as undefined would take the certificate a later test passes away from its requests.
  if (agentHadCa) https.globalAgent.options.ca = defaultAgentCa;
  else delete https.globalAgent.options.ca;
  await new Promise<void>((resolve) => service?.close(() => resolve()));
  await env?.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);
const BASE = '/v1/accounting/push';

/** A browser's keys, as PushSubscription.toJSON() gives them, and what it decrypts with. */
function browser(name: string = crypto.randomUUID()) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    subscription: {
      endpoint: `https://${host}/push/${name}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
    read(message: Received) {
      return JSON.parse(
        ece
          .decrypt(message.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
          .toString(),
      );
    },
  };
}

async function ownerOf(shop: InvoiceShop) {
  const [owner] = await env.deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, shop.companyId), eq(users.role, 'company_owner')));
  return owner!;
}

describe('subscriptions', () => {
  it('keeps a browser for its user, only at a known push service, and forgets it on request', async () => {
    const shop = await invoiceShop(env);
    const phone = browser();
    expect((await call('PUT', `${BASE}/subscription`, { body: phone.subscription })).status).toBe(
      401,
    );
    const key = await call('GET', `${BASE}/key`, { token: shop.token });
    expect(key.body.publicKey).toBe(env.deps.secrets.vapid.publicKey);

    const elsewhere = await call('PUT', `${BASE}/subscription`, {
      token: shop.token,
      body: { ...phone.subscription, endpoint: 'https://169.254.169.254/latest/meta-data' },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.fields).toEqual({
      endpoint: 'This browser’s notification service is not supported',
    });
    const plain = await call('PUT', `${BASE}/subscription`, {
      token: shop.token,
      body: { ...phone.subscription, endpoint: `http://${host}/push/x` },
    });
    expect(plain.body.fields.endpoint).toBe('This browser’s notification service is not supported');
    const badKeys = await call('PUT', `${BASE}/subscription`, {
      token: shop.token,
      body: { ...phone.subscription, keys: { p256dh: 'abc', auth: phone.subscription.keys.auth } },
    });
    expect(badKeys.status).toBe(422);
    expect(badKeys.body.fields['keys.p256dh'] ?? badKeys.body.fields.keys).toBe(
      'This browser sent notification keys that cannot be used',
    );

    expect(
      (await call('PUT', `${BASE}/subscription`, { token: shop.token, body: phone.subscription }))
        .status,
    ).toBe(201);
    expect(
      (await call('PUT', `${BASE}/subscription`, { token: shop.token, body: phone.subscription }))
        .status,
    ).toBe(200);
    // Someone else cannot take it away.
    const stranger = await tokenFor(env.server, await createUser(env.deps.db, 'operator'));
    await call('DELETE', `${BASE}/subscription`, {
      token: stranger,
      body: { endpoint: phone.subscription.endpoint },
    });
    const rows = () =>
      env.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint));
    expect(await rows()).toHaveLength(1);
    const removed = await call('DELETE', `${BASE}/subscription`, {
      token: shop.token,
      body: { endpoint: phone.subscription.endpoint },
    });
    expect(removed.status).toBe(204);
    expect(await rows()).toHaveLength(0);
  });

  it('keeps a user’s newest browsers, as many as a person has, and forgets the oldest', async () => {
    const shop = await invoiceShop(env);
    const phones = Array.from({ length: MAX_BROWSERS_PER_USER + 3 }, () => browser());
    const subscribe = async (phone: (typeof phones)[number]) => {
      env.clock.advance(1_000);
      return call('PUT', `${BASE}/subscription`, { token: shop.token, body: phone.subscription });
    };
    for (const phone of phones.slice(0, MAX_BROWSERS_PER_USER)) {
      expect((await subscribe(phone)).status).toBe(201);
    }
    // The first browser subscribes again: the newest now. Three more come: the three that
    // subscribed longest ago are forgotten.
    expect((await subscribe(phones[0]!)).status).toBe(200);
    for (const phone of phones.slice(MAX_BROWSERS_PER_USER)) {
      expect((await subscribe(phone)).status).toBe(201);
    }
    const kept = await env.deps.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, shop.operatorId));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      [phones[0]!, ...phones.slice(4)].map((phone) => phone.subscription.endpoint).sort(),
    );
  });
});

describe('a receipt TRA refused', () => {
  async function refusedReceipt(shop: InvoiceShop, reason: string | null) {
    const body = invoiceBody({
      customer: { name: 'Neema Joseph', identificationType: 'NO_IDENTIFICATION' },
    });
    expect(
      (await call('POST', '/v1/accounting/invoices', { token: shop.token, body })).status,
    ).toBe(201);
    const submitted = await call('POST', `/v1/accounting/invoices/${String(body.id)}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    expect(submitted.status).toBe(200);
    await env.deps.db.transaction((tx) =>
      invoiceReceiptSettled(tx, {
        companyId: shop.companyId,
        invoiceId: String(body.id),
        receiptId: submitted.body.fiscal.receiptId ?? crypto.randomUUID(),
        status: 'rejected',
        ackCode: 9,
        ackMessage: reason,
        at: env.clock.now(),
      }),
    );
    return String(body.id);
  }

  it("is pushed to the owner's and the operator's phones, encrypted, in each one's language", async () => {
    const shop = await invoiceShop(env);
    const owner = await ownerOf(shop);
    const [operator] = await env.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, shop.operatorId));
    await env.deps.db.update(users).set({ language: 'sw' }).where(eq(users.id, operator!.id));
    const ownerPhone = browser('owner');
    const operatorPhone = browser('operator');
    const ownerToken = await tokenFor(env.server, { id: owner.id, role: 'company_owner' });
    await call('PUT', `${BASE}/subscription`, { token: ownerToken, body: ownerPhone.subscription });
    await call('PUT', `${BASE}/subscription`, {
      token: shop.token,
      body: operatorPhone.subscription,
    });

    received.length = 0;
    const invoiceId = await refusedReceipt(shop, 'Invalid customer TIN');
    expect(await runDuePush(env.deps)).toBeGreaterThanOrEqual(2);

    const toOwner = received.find((message) => message.path === '/push/owner')!;
    const toOperator = received.find((message) => message.path === '/push/operator')!;
    expect(toOwner.headers['content-encoding']).toBe('aes128gcm');
    expect(toOwner.headers.ttl).toBe('86400');
    expect(String(toOwner.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${env.deps.secrets.vapid.publicKey}$`),
    );
    // Only the browser it was written for can read it.
    expect(toOwner.body.toString()).not.toContain('Neema');
    expect(ownerPhone.read(toOwner)).toEqual({
      title: 'TRA refused a receipt',
      body: 'The receipt of Neema Joseph was refused: Invalid customer TIN. Open the invoice to correct it.',
      url: `/edit-invoice/${invoiceId}`,
      tag: `refused-${invoiceId}`,
    });
    expect(operatorPhone.read(toOperator).title).toBe('TRA imekataa risiti');
    expect(() => operatorPhone.read(toOwner)).toThrow();

    // Sent once.
    received.length = 0;
    expect(await runDuePush(env.deps)).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('forgets a browser that is gone, and tries a failing push service again later', async () => {
    const shop = await invoiceShop(env);
    const phone = browser();
    await call('PUT', `${BASE}/subscription`, { token: shop.token, body: phone.subscription });

    answer = 503;
    await refusedReceipt(shop, null);
    await runDuePush(env.deps);
    const [waiting] = await env.deps.db
      .select()
      .from(pushMessages)
      .where(eq(pushMessages.userId, shop.operatorId));
    expect(waiting).toMatchObject({ attempts: 1 });
    expect(waiting!.nextAt.getTime()).toBe(env.clock.now().getTime() + 60_000);

    answer = 410;
    env.clock.advance(61_000);
    received.length = 0;
    await runDuePush(env.deps);
    expect(
      received.some((message) =>
        message.path.endsWith(phone.subscription.endpoint.split('/').at(-1)!),
      ),
    ).toBe(true);
    expect(
      await env.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint)),
    ).toHaveLength(0);
    answer = 201;
  });

  it('and receipts TRA keeps waiting past the overdue time are pushed to the owner', async () => {
    const shop = await invoiceShop(env);
    const owner = await ownerOf(shop);
    const phone = browser('owner-overdue');
    await call('PUT', `${BASE}/subscription`, {
      token: await tokenFor(env.server, { id: owner.id, role: 'company_owner' }),
      body: phone.subscription,
    });
    const body = invoiceBody();
    await call('POST', '/v1/accounting/invoices', { token: shop.token, body });
    await call('POST', `/v1/accounting/invoices/${String(body.id)}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    // No worker sends it here: two days later it is overdue.
    env.clock.advance(env.deps.config.traOverdueMs + 60_000);
    await sendTraAlerts(env.deps, env.deps.config.traOverdueMs);
    received.length = 0;
    await runDuePush(env.deps);
    const message = received.find((m) => m.path === '/push/owner-overdue')!;
    expect(phone.read(message)).toEqual({
      title: `A receipt of ${shop.name} waits for TRA`,
      body: 'TRA has not accepted it for more than 2 days. Open the dashboard to check the VFD and the connection.',
      url: '/dashboard',
      tag: 'tra-overdue',
    });
  });
});
