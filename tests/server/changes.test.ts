import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { reserveChangeSeq } from '../../server/sync/changes';
import { testDbKind } from '../helpers/db';
import { signedInCompany, tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const walkIn = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  identificationType: 'NO_IDENTIFICATION',
});

interface Page {
  changes: Array<{ type: string; id: string; deleted: boolean; record?: any }>;
  cursor: string;
  more: boolean;
  reset: boolean;
}

async function pull(token: string, since: string, limit?: number): Promise<Page> {
  const query = `since=${since}${limit ? `&limit=${limit}` : ''}`;
  const response = await server.call('GET', `/v1/accounting/changes?${query}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

describe('the changes feed', () => {
  it('returns what changed since the cursor, in order, with deletions as tombstones', async () => {
    const { token } = await signedInCompany(server);
    const empty = await pull(token, '0');
    expect(empty).toEqual({ changes: [], cursor: '0', more: false, reset: false });

    const asha = walkIn('Asha');
    const baraka = walkIn('Baraka');
    await server.call('POST', '/v1/accounting/customers', { token, body: asha });
    await server.call('POST', '/v1/accounting/customers', { token, body: baraka });
    const product = {
      id: crypto.randomUUID(),
      name: 'Chai',
      unitPrice: 50_000,
      taxType: 'standard',
    };
    await server.call('POST', '/v1/accounting/products', { token, body: product });
    const first = await pull(token, '0');
    expect(first.changes.map((c) => [c.type, c.id, c.deleted])).toEqual([
      ['customer', asha.id, false],
      ['customer', baraka.id, false],
      ['product', product.id, false],
    ]);
    expect(first.changes[2]!.record).toMatchObject({ name: 'Chai', unitPrice: 50_000, version: 1 });

    await server.call('PUT', `/v1/accounting/customers/${asha.id}`, {
      token,
      body: { ...asha, name: 'Asha Mwinyi' },
    });
    await server.call('DELETE', `/v1/accounting/customers/${baraka.id}`, { token });
    const second = await pull(token, first.cursor);
    expect(second.changes).toEqual([
      expect.objectContaining({
        type: 'customer',
        id: asha.id,
        deleted: false,
        record: expect.objectContaining({ name: 'Asha Mwinyi', version: 2 }),
      }),
      expect.objectContaining({ type: 'customer', id: baraka.id, deleted: true }),
    ]);
    expect(await pull(token, second.cursor)).toMatchObject({ changes: [], more: false });
  });

  it('pages through many changes without losing or repeating one', async () => {
    const { token } = await signedInCompany(server);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const body = walkIn(`Customer ${i}`);
      ids.push(body.id);
      await server.call('POST', '/v1/accounting/customers', { token, body });
    }
    const product = { id: crypto.randomUUID(), name: 'Soda', taxType: 'standard' };
    await server.call('POST', '/v1/accounting/products', { token, body: product });
    await server.call('DELETE', `/v1/accounting/customers/${ids[0]}`, { token });
    const seen: string[] = [];
    let cursor = '0';
    let pages = 0;
    for (;;) {
      const page = await pull(token, cursor, 3);
      pages++;
      seen.push(...page.changes.map((c) => `${c.type}:${c.id}:${c.deleted}`));
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([
      ...ids.slice(1).map((id) => `customer:${id}:false`),
      `product:${product.id}:false`,
      `customer:${ids[0]}:true`,
    ]);
  });

  it('shows a company only its own changes', async () => {
    const a = await signedInCompany(server);
    const b = await signedInCompany(server);
    await server.call('POST', '/v1/accounting/customers', {
      token: a.token,
      body: walkIn('Only A'),
    });
    expect((await pull(b.token, '0')).changes).toEqual([]);
    const asked = await server.call(
      'GET',
      `/v1/accounting/changes?since=0&companyId=${a.company.id}`,
      { token: b.token },
    );
    expect(asked.status).toBe(403);
  });

  it('starts again from the beginning for a cursor ahead of the server', async () => {
    const { token } = await signedInCompany(server);
    const body = walkIn('Restored');
    await server.call('POST', '/v1/accounting/customers', { token, body });
    const page = await pull(token, '999999');
    expect(page.reset).toBe(true);
    expect(page.changes.map((c) => c.id)).toEqual([body.id]);
  });

  it('refuses a cursor that is not one', async () => {
    const { token } = await signedInCompany(server);
    const response = await server.call('GET', '/v1/accounting/changes?since=abc', { token });
    expect(response).toMatchObject({ status: 422, body: { code: 'cursor_invalid' } });
  });

  it('names a wrong page size or wait under its own field, not the cursor', async () => {
    const { token } = await signedInCompany(server);
    for (const [query, field] of [
      ['limit=abc', 'limit'],
      ['wait=-5', 'wait'],
    ] as const) {
      const response = await server.call('GET', `/v1/accounting/changes?since=0&${query}`, {
        token,
      });
      expect(response).toMatchObject({
        status: 422,
        body: { code: 'validation_failed', fields: { [field]: 'This value is not valid' } },
      });
    }
  });
});

// PGlite runs one transaction at a time, so concurrency can only be shown on PostgreSQL.
describe.skipIf(testDbKind() !== 'postgresql')('the changes feed under concurrency', () => {
  it('never moves a cursor past a change that commits late', async () => {
    const { token, company, operator } = await signedInCompany(server);
    const start = await pull(token, '0');

    // Transaction A takes its position and writes, then stays open.
    const early = walkIn('Committed late');
    let commitA: () => void = () => {};
    const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
    let aWrote: () => void = () => {};
    const aHasWritten = new Promise<void>((resolve) => (aWrote = resolve));
    const transactionA = server.deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, company.id);
      const now = server.clock.now();
      await tx.insert(customers).values({
        id: early.id,
        companyId: company.id,
        name: early.name,
        identificationType: 'NO_IDENTIFICATION',
        seq,
        createdAt: now,
        updatedAt: now,
      });
      aWrote();
      await aMayCommit;
    });
    await aHasWritten;

    // Transaction B, a normal request, starts after A and must not become visible before it.
    const late = walkIn('Started later');
    let bDone = false;
    const requestB = server
      .call('POST', '/v1/accounting/customers', {
        token: await tokenFor(server, operator),
        body: late,
      })
      .then((response) => {
        bDone = true;
        return response;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bDone).toBe(false);

    const during = await pull(token, start.cursor);
    expect(during.changes).toEqual([]);
    expect(Number(during.cursor)).toBeLessThanOrEqual(Number(start.cursor));

    commitA();
    await transactionA;
    expect((await requestB).status).toBe(201);
    const after = await pull(token, during.cursor);
    expect(after.changes.map((c) => c.id)).toEqual([early.id, late.id]);
  });

  it('lets a device following the cursor see every write of many concurrent writers', async () => {
    const { token, operator } = await signedInCompany(server);
    const writers = 4;
    const perWriter = 15;
    const written: string[] = [];
    let writing = true;
    const seen = new Set<string>();
    let cursor = '0';
    const follow = async () => {
      const page = await pull(token, cursor, 7);
      for (const change of page.changes) seen.add(change.id);
      cursor = page.cursor;
      return page.more;
    };
    const follower = (async () => {
      while (writing) {
        await follow();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const writerToken = await tokenFor(server, operator);
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          const body = walkIn(`Writer ${w} customer ${i}`);
          const response = await server.call('POST', '/v1/accounting/customers', {
            token: writerToken,
            body,
          });
          expect(response.status).toBe(201);
          written.push(body.id);
        }
      }),
    );
    writing = false;
    await follower;
    while (await follow());
    expect(written).toHaveLength(writers * perWriter);
    expect([...seen].sort()).toEqual([...written].sort());
  });
});
