// AI business insights as an owner meets them: consent first, a task generated in the
// background and polled, its insights in the owner's language and true to the dashboard's
// figures, the same question answered from the day's cache, one task at a time, the daily
// quota, a failed task retried, an outside model when one is configured, and nobody else
// reading a task. On PGlite, and on PostgreSQL in the server-pg suite.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTsh, type Cents } from '../../domain/money';
import { ManualClock } from '../../server/clock';
import { companies, expenseCategories, pushMessages, users } from '../../server/db/schema';
import { runDueInsights } from '../../server/insights/job';
import { LONG_WAIT_NOTICE_MS } from '../../server/push/notices';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker, type TraWorker } from '../../server/vfd/worker';
import { createCompanyWithPeople, createUser, digits } from '../helpers/factories';
import { FAST, createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { tokenFor } from '../helpers/session';

let env: FiscalEnv;
let worker: TraWorker;
// Monday 2 February 2026, 09:00 in Dar es Salaam.
const FEBRUARY = '2026-02-02T06:00:00Z';
// Monday 2 March 2026, 09:00: "this month" is 1–31 March against 1–2 February.
const MARCH = '2026-03-02T06:00:00Z';

beforeAll(async () => {
  env = await createFiscalEnv({ clock: new ManualClock(FEBRUARY) });
  worker = createTraWorker(env.deps, FAST, invoiceQueueHooks);
});
afterAll(async () => {
  await worker?.stop();
  await env?.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);
const BASE = '/v1/accounting/insights';

/** A fresh token: tokens last 15 minutes and the tests move the clock by days. */
async function tokenOf(shop: InvoiceShop, role: 'operator' | 'company_owner') {
  const [row] = await env.deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, shop.companyId), eq(users.role, role)));
  return tokenFor(env.server, { id: row!.id, role });
}

async function sell(shop: InvoiceShop, unitPrice: number, description = 'Sukari 1kg') {
  const token = await tokenOf(shop, 'operator');
  const body = invoiceBody({ items: [{ unitPrice, description }] });
  expect((await call('POST', '/v1/accounting/invoices', { token, body })).status).toBe(201);
  const submitted = await call('POST', `/v1/accounting/invoices/${String(body.id)}/submit`, {
    token,
    headers: submitHeaders(),
  });
  expect(submitted.status).toBe(200);
}

async function categoryId(shop: InvoiceShop, name: string): Promise<string> {
  const [row] = await env.deps.db
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.companyId, shop.companyId), eq(expenseCategories.name, name)));
  if (row) return row.id;
  const token = await tokenOf(shop, 'company_owner');
  const created = await call('POST', '/v1/accounting/expense-categories', {
    token,
    body: { name, code: name.slice(0, 4).toUpperCase() },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** An expense of one line, VAT included at 18 %, dated today (DD-MM-YYYY). */
async function spend(shop: InvoiceShop, amount: number, category: string | null, date: string) {
  const token = await tokenOf(shop, 'company_owner');
  const id = crypto.randomUUID();
  const saved = await call('PUT', `/v1/accounting/expenses/${id}`, {
    token,
    body: {
      id,
      source: 'manual',
      receiptCode: `R${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
      date,
      time: '10:00',
      currency: 'TZS',
      amountType: 'INCLUSIVE',
      categoryId: category ? await categoryId(shop, category) : null,
      vendor: { name: 'Mama Ntilie Supplies', tin: digits(9), vrn: '', phone: '', serial: '' },
      items: [{ description: 'Bidhaa', quantity: 1000, unitAmount: amount, taxType: 'STANDARD' }],
      payments: [{ method: 'CASH', amount }],
    },
  });
  expect(saved.status).toBe(201);
  return saved.body;
}

async function generated(token: string, taskId: string) {
  await runDueInsights(env.deps);
  const task = await call('GET', `${BASE}/tasks/${taskId}`, { token });
  expect(task.status).toBe(200);
  return task.body;
}

/** A shop that sold Tsh 2,950 on 2 February and Tsh 5,900 + Tsh 2,950 on 2 March. */
async function shopWithSales() {
  env.clock.set(FEBRUARY);
  const shop = await invoiceShop(env);
  await sell(shop, 295_000);
  env.clock.set(MARCH);
  await sell(shop, 590_000, 'Mchele 5kg');
  await sell(shop, 295_000);
  return shop;
}

describe('consent', () => {
  it('is asked first, can be given, declined and changed, and is each user’s own', async () => {
    env.clock.set(MARCH);
    const shop = await invoiceShop(env);
    const owner = await tokenOf(shop, 'company_owner');

    const state = await call('GET', BASE, { token: owner });
    expect(state.status).toBe(200);
    expect(state.body).toEqual({
      consent: null,
      quota: { used: 0, limit: env.deps.config.ai.dailyLimit },
      latest: null,
      engine: 'own',
    });
    const refused = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'this_month' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ai_consent_required');
    expect(refused.body.message).toBe('Please agree to AI processing of your data first');

    const declined = await call('PUT', `${BASE}/consent`, {
      token: owner,
      body: { granted: false },
    });
    expect(declined.body).toEqual({ consent: false });
    expect((await call('GET', BASE, { token: owner })).body.consent).toBe(false);
    expect(
      (
        await call('POST', `${BASE}/tasks`, {
          token: owner,
          body: { type: 'tax', preset: 'today' },
        })
      ).status,
    ).toBe(403);

    await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: true } });
    expect((await call('GET', BASE, { token: owner })).body.consent).toBe(true);

    const wrong = await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: 'yes' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields.granted).toBe(
      'Choose whether you agree to AI processing of your data',
    );
  });

  it('is not for operators, nor for strangers', async () => {
    const shop = await invoiceShop(env);
    const operator = await tokenOf(shop, 'operator');
    expect((await call('GET', BASE, { token: operator })).status).toBe(403);
    expect(
      (await call('PUT', `${BASE}/consent`, { token: operator, body: { granted: true } })).status,
    ).toBe(403);
    expect((await call('GET', BASE)).status).toBe(401);
    expect((await call('POST', `${BASE}/tasks`, { body: { type: 'sales' } })).status).toBe(401);
  });
});

describe('generating insights', () => {
  it('tells the owner how sales went, with the dashboard’s figures, in the background', async () => {
    const shop = await shopWithSales();
    const owner = await tokenOf(shop, 'company_owner');
    await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: true } });

    const asked = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'this_month' },
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      type: 'sales',
      status: 'queued',
      period: { preset: 'this_month', firstDay: '2026-03-01', lastDay: '2026-03-31' },
      insights: null,
      cached: false,
    });
    // One at a time: a second question waits for the first.
    const second = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'tax', preset: 'this_month' },
    });
    expect(second.status).toBe(429);
    expect(second.body.message).toBe('Too many requests');

    const task = await generated(owner, asked.body.id);
    expect(task.status).toBe('completed');
    const dashboard = await call('GET', '/v1/accounting/reports/dashboard?preset=this_month', {
      token: owner,
    });
    const { current, previous } = dashboard.body;
    expect(current.receipts).toBe(2);
    expect(previous.receipts).toBe(1);
    const change = Math.round(
      ((current.totalIncl - previous.totalIncl) * 100) / previous.totalIncl,
    );
    const trend = task.insights.find((insight: { title: string }) =>
      insight.title.startsWith('Sales are'),
    );
    expect(trend).toMatchObject({
      type: 'sales',
      title: `Sales are up ${change}%`,
      summary: `Sales reached ${formatTsh(current.totalIncl as Cents)} against ${formatTsh(previous.totalIncl as Cents)} in the period before, from 2 receipts.`,
      cached: false,
      period: { preset: 'this_month', firstDay: '2026-03-01', lastDay: '2026-03-31' },
    });
    expect(trend.confidence).toBeGreaterThan(0);
    expect(trend.confidence).toBeLessThanOrEqual(1);
    // Mchele brought two thirds of the sales.
    expect(task.insights.map((insight: { title: string }) => insight.title)).toContain(
      'Mchele 5kg carries your sales',
    );
    for (let i = 1; i < task.insights.length; i++) {
      expect(task.insights[i - 1].severityScore).toBeGreaterThanOrEqual(
        task.insights[i].severityScore,
      );
    }

    // Asked again the same day: the same insights, from the cache, at no cost.
    const again = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'this_month' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: asked.body.id, status: 'completed', cached: true });
    expect(again.body.insights[0].cached).toBe(true);
    const state = await call('GET', BASE, { token: owner });
    expect(state.body.quota.used).toBe(1);
    expect(state.body.latest).toMatchObject({ id: asked.body.id, status: 'completed' });

    // The organization's admin asking the same gets their own analysis, not the owner's task.
    const [company] = await env.deps.db
      .select({ organizationId: companies.organizationId })
      .from(companies)
      .where(eq(companies.id, shop.companyId));
    const admin = await tokenFor(
      env.server,
      await createUser(env.deps.db, 'org_admin', { organizationId: company!.organizationId }),
    );
    await call('PUT', `${BASE}/consent`, { token: admin, body: { granted: true } });
    const theirs = await call('POST', `${BASE}/tasks?companyId=${shop.companyId}`, {
      token: admin,
      body: { type: 'sales', preset: 'this_month' },
    });
    expect(theirs.status).toBe(202);
    expect((await generated(admin, theirs.body.id)).insights).toEqual(
      task.insights.map((insight: object) =>
        expect.objectContaining({ ...insight, generatedAt: expect.any(String) }),
      ),
    );

    // Asked afresh: a new request, counted.
    const fresh = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'this_month', fresh: true },
    });
    expect(fresh.status).toBe(202);
    expect(fresh.body.id).not.toBe(asked.body.id);
    await generated(owner, fresh.body.id);
    expect((await call('GET', BASE, { token: owner })).body.quota.used).toBe(2);
  });

  it('reads expenses by category, VAT to declare and what is left, in Swahili too', async () => {
    const shop = await shopWithSales();
    const owner = await tokenOf(shop, 'company_owner');
    await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: true } });
    await spend(shop, 118_000, 'Fuel', '02-03-2026');
    await spend(shop, 59_000, 'Rent', '02-03-2026');

    const ask = async (type: string) => {
      const asked = await call('POST', `${BASE}/tasks`, {
        token: owner,
        body: { type, preset: 'this_month' },
      });
      expect(asked.status).toBe(202);
      return generated(owner, asked.body.id);
    };
    const expenses = await ask('expenses');
    const titles = expenses.insights.map((insight: { title: string }) => insight.title);
    expect(titles).toContain('Fuel is your largest cost');
    expect(titles).toContain('2 expenses wait to be checked');

    // VAT: 18/118 of Tsh 8,850 of sales, less 18/118 of Tsh 1,770 of expenses.
    const tax = await ask('tax');
    // The February receipt never reached TRA (no worker runs here): the most urgent.
    expect(tax.insights[0].title).toBe('1 receipt is late at TRA');
    expect(tax.insights.find((i: { title: string }) => i.title.startsWith('About'))).toMatchObject({
      title: `About ${formatTsh(108_000 as Cents)} of VAT to declare`,
      summary: `Sales collected ${formatTsh(135_000 as Cents)} of VAT; recorded expenses carry ${formatTsh(27_000 as Cents)}.`,
    });

    const health = await ask('health');
    // Sales before VAT Tsh 7,500; expenses before VAT Tsh 1,500: 80 % left.
    expect(health.insights[0].title).toBe('Sales cover expenses: 80% left');

    await env.deps.db
      .update(users)
      .set({ language: 'sw' })
      .where(eq(users.companyId, shop.companyId));
    const swahili = await ask('health');
    expect(swahili.insights[0].title).toBe('Mauzo yanalipa matumizi: imebaki 80%');
  });

  it('counts each user’s requests a day, and starts again the next day', async () => {
    const limit = env.deps.config.ai.dailyLimit;
    env.deps.config.ai.dailyLimit = 2;
    try {
      env.clock.set(MARCH);
      const shop = await invoiceShop(env);
      const owner = await tokenOf(shop, 'company_owner');
      await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: true } });
      for (const type of ['sales', 'tax']) {
        const asked = await call('POST', `${BASE}/tasks`, {
          token: owner,
          body: { type, preset: 'today' },
        });
        await generated(owner, asked.body.id);
      }
      const over = await call('POST', `${BASE}/tasks`, {
        token: owner,
        body: { type: 'health', preset: 'today' },
      });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('Daily AI request limit reached, try again tomorrow');
      expect((await call('GET', BASE, { token: owner })).body.quota).toEqual({ used: 2, limit: 2 });
      // What was asked today is still answered from the cache.
      const cached = await call('POST', `${BASE}/tasks`, {
        token: owner,
        body: { type: 'sales', preset: 'today' },
      });
      expect(cached.status).toBe(200);

      env.clock.advance(24 * 3600_000);
      const tomorrow = await tokenOf(shop, 'company_owner');
      expect((await call('GET', BASE, { token: tomorrow })).body.quota.used).toBe(0);
      const next = await call('POST', `${BASE}/tasks`, {
        token: tomorrow,
        body: { type: 'health', preset: 'today' },
      });
      expect(next.status).toBe(202);
      await generated(tomorrow, next.body.id);
    } finally {
      env.deps.config.ai.dailyLimit = limit;
    }
  });

  it('says what is wrong with a request, and hides tasks from everyone but their asker', async () => {
    env.clock.set(MARCH);
    const shop = await invoiceShop(env);
    const owner = await tokenOf(shop, 'company_owner');
    await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: true } });
    const badType = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'weather', preset: 'today' },
    });
    expect(badType.status).toBe(422);
    expect(badType.body.fields.type).toBe('Choose sales, expenses, tax or business health');
    const reversed = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'custom', from: '2026-03-10', to: '2026-03-01' },
    });
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.body.fields)).toEqual(['to']);

    const asked = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'today' },
    });
    const other = await createCompanyWithPeople(env.deps.db);
    const stranger = await tokenFor(env.server, other.owner);
    const hidden = await call('GET', `${BASE}/tasks/${asked.body.id}`, { token: stranger });
    const missing = await call('GET', `${BASE}/tasks/${crypto.randomUUID()}`, { token: stranger });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(
      (await call('POST', `${BASE}/tasks/${asked.body.id}/retry`, { token: stranger })).status,
    ).toBe(404);
    await generated(owner, asked.body.id);

    // Moved to another company, the asker no longer reads the former one's insights.
    const [asker] = await env.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, shop.companyId), eq(users.role, 'company_owner')));
    await env.deps.db
      .update(users)
      .set({ companyId: other.company.id, organizationId: other.company.organizationId })
      .where(eq(users.id, asker!.id));
    const moved = await call('GET', `${BASE}/tasks/${asked.body.id}`, { token: owner });
    expect(moved.status).toBe(404);
    expect(moved.body).toEqual(missing.body);
    expect(
      (await call('POST', `${BASE}/tasks/${asked.body.id}/retry`, { token: owner })).status,
    ).toBe(404);
  });
});

describe('insights that take long', () => {
  it('are told by push to the person who asked, on the dashboard they asked from', async () => {
    env.clock.set(MARCH);
    const shop = await invoiceShop(env);
    const [owner] = await env.deps.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, shop.companyId), eq(users.role, 'company_owner')));
    const [company] = await env.deps.db
      .select({ organizationId: companies.organizationId })
      .from(companies)
      .where(eq(companies.id, shop.companyId));
    const admin = await createUser(env.deps.db, 'org_admin', {
      organizationId: company!.organizationId,
    });
    const notices = (userId: string) =>
      env.deps.db
        .select({ title: pushMessages.title, url: pushMessages.url })
        .from(pushMessages)
        .where(eq(pushMessages.userId, userId));
    const ask = async (user: { id: string; role: 'company_owner' | 'org_admin' }, type: string) => {
      const token = await tokenFor(env.server, user);
      await call('PUT', `${BASE}/consent`, { token, body: { granted: true } });
      const asked = await call('POST', `${BASE}/tasks?companyId=${shop.companyId}`, {
        token,
        body: { type, preset: 'this_month' },
      });
      expect(asked.status).toBe(202);
    };

    // Made at once: the owner is still on the dashboard.
    await ask({ id: owner!.id, role: 'company_owner' }, 'sales');
    await runDueInsights(env.deps);
    expect(await notices(owner!.id)).toEqual([]);

    await ask({ id: owner!.id, role: 'company_owner' }, 'tax');
    env.clock.advance(LONG_WAIT_NOTICE_MS);
    await runDueInsights(env.deps);
    expect(await notices(owner!.id)).toEqual([
      { title: 'Your business insights are ready', url: '/dashboard' },
    ]);

    await ask({ id: admin.id, role: 'org_admin' }, 'sales');
    env.clock.advance(LONG_WAIT_NOTICE_MS);
    await runDueInsights(env.deps);
    expect(await notices(admin.id)).toEqual([
      {
        title: 'Your business insights are ready',
        url: `/dashboard?company=${shop.companyId}`,
      },
    ]);
  });
});

describe('an outside model', () => {
  let model: http.Server;
  let answer: () => unknown;
  const seen: Array<{ authorization?: string; body: any }> = [];

  beforeAll(async () => {
    model = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        seen.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        const content = answer();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: typeof content === 'string' ? content : JSON.stringify(content),
                },
                finish_reason: 'stop',
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const { port } = model.address() as AddressInfo;
    env.deps.config.ai.llm = {
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'sk-test',
      model: 'test-model',
    };
  });
  afterAll(async () => {
    env.deps.config.ai.llm = null;
    await new Promise<void>((resolve) => model.close(() => resolve()));
  });

  it('writes the insights when configured; a bad answer fails the task, and a retry recovers', async () => {
    const shop = await shopWithSales();
    const owner = await tokenOf(shop, 'company_owner');
    await call('PUT', `${BASE}/consent`, { token: owner, body: { granted: true } });

    answer = () => 'I think sales went well!';
    const asked = await call('POST', `${BASE}/tasks`, {
      token: owner,
      body: { type: 'sales', preset: 'this_month' },
    });
    expect((await call('GET', BASE, { token: owner })).body.engine).toBe('outside');
    const failed = await generated(owner, asked.body.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'ai_failed', insights: null });
    expect(seen.at(-1)!.authorization).toBe('Bearer sk-test');
    expect(seen.at(-1)!.body.model).toBe('test-model');
    // The model reads the period's figures, in shillings.
    const figures = JSON.parse(seen.at(-1)!.body.messages[1].content);
    expect(figures.sales.current.totalIncl).toBe(8850);

    // Out of range is refused, not repaired.
    answer = () => ({
      insights: [
        {
          type: 'sales',
          title: 'Rice sells',
          summary: 'Rice brought most sales.',
          recommendedAction: 'Stock rice.',
          confidence: 7,
          severityScore: 30,
        },
      ],
    });
    const retried = await call('POST', `${BASE}/tasks/${asked.body.id}/retry`, { token: owner });
    expect(retried.status).toBe(202);
    expect((await generated(owner, asked.body.id)).status).toBe('failed');

    answer = () => ({
      insights: [
        {
          type: 'sales',
          title: 'Rice carries your sales',
          summary: 'Mchele 5kg brought two thirds of March’s sales.',
          recommendedAction: 'Never run out of rice.',
          confidence: 0.8,
          severityScore: 40,
        },
      ],
    });
    await call('POST', `${BASE}/tasks/${asked.body.id}/retry`, { token: owner });
    const done = await generated(owner, asked.body.id);
    expect(done.status).toBe('completed');
    expect(done.insights).toEqual([
      expect.objectContaining({
        title: 'Rice carries your sales',
        recommendedAction: 'Never run out of rice.',
        confidence: 0.8,
        severityScore: 40,
      }),
    ]);
    // Each attempt was a request.
    expect((await call('GET', BASE, { token: owner })).body.quota.used).toBe(3);
  });
});
