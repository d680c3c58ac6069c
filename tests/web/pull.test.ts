import { beforeEach, describe, expect, it } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { drainOutbox } from '../../src/sync/drain';
import { cursorKey } from '../../src/sync/entities';
import { pullChanges } from '../../src/sync/pull';
import type { SyncRequest } from '../../src/sync/transport';
import { fakeServer } from './helpers/fake-server';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const ID = {
  asha: 'aaaaaaaa-0000-4000-8000-000000000001',
  baraka: 'aaaaaaaa-0000-4000-8000-000000000002',
  chai: 'bbbbbbbb-0000-4000-8000-000000000001',
};

beforeEach(resetLocalDatabase);

const customer = (id: string, name: string, version: number) => ({
  type: 'customer',
  id,
  seq: 0,
  deleted: false as const,
  record: {
    id,
    name,
    identificationType: 'NO_IDENTIFICATION',
    identificationNumber: null,
    phoneNumber: null,
    email: null,
    vatRegistrationNumber: null,
    version,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
  },
});

const page = (changes: object[], cursor: string, more = false, reset = false) => ({
  status: 200,
  body: { changes, cursor, more, reset },
});

const since = (request: SyncRequest) => new URL(request.path, 'http://x').searchParams.get('since');

describe('pulling changes', () => {
  it('stores new and changed records, removes deleted ones, and follows the cursor', async () => {
    const server = fakeServer();
    server.answers.push(
      page(
        [
          customer(ID.asha, 'Asha', 1),
          customer(ID.baraka, 'Baraka', 1),
          {
            type: 'product',
            id: ID.chai,
            seq: 3,
            deleted: false,
            record: {
              id: ID.chai,
              name: 'Chai',
              unitPrice: 50_000,
              taxType: 'standard',
              priceIncludesVat: true,
              version: 1,
              createdAt: '2026-11-20T08:00:00.000Z',
              updatedAt: '2026-11-20T08:00:00.000Z',
            },
          },
        ],
        '3',
        true,
      ),
      page(
        [
          customer(ID.asha, 'Asha Mwinyi', 2),
          { type: 'customer', id: ID.baraka, seq: 5, deleted: true },
        ],
        '5',
      ),
    );
    const result = await pullChanges({ send: server.send, companyId: COMPANY });
    expect(result).toEqual({ status: 'done', applied: 5 });
    expect(server.requests.map(since)).toEqual(['0', '3']);
    expect(server.requests[0]!.path).toContain(`companyId=${COMPANY}`);
    expect(await db.customers.toArray()).toMatchObject([
      { id: ID.asha, name: 'Asha Mwinyi', version: 2, syncState: 'synced', companyId: COMPANY },
    ]);
    expect(await db.products.get(ID.chai)).toMatchObject({ name: 'Chai', unitPrice: 50_000 });
    expect(await db.meta.get(cursorKey(COMPANY))).toMatchObject({ value: '5' });

    server.answers.push(page([], '5'));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(since(server.requests[2]!)).toBe('5');
  });

  it('does not overwrite a record whose changes still wait to be sent', async () => {
    const mine = await saveCustomer(COMPANY, {
      name: 'My Edit',
      identificationType: 'NO_IDENTIFICATION',
    });
    const server = fakeServer();
    server.answers.push(page([customer(mine.id, 'Server Version', 3)], '7'));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(mine.id)).toMatchObject({
      name: 'My Edit',
      syncState: 'pending',
    });
    // Nor does a deletion on the server remove it while the user's change waits.
    server.answers.push(page([{ type: 'customer', id: mine.id, seq: 8, deleted: true }], '8'));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(mine.id)).toBeDefined();

    // Once the change is sent, the server's later versions apply again.
    await drainOutbox({ send: fakeServer().send, companyId: COMPANY });
    const version = (await db.customers.get(mine.id))!.version;
    server.answers.push(page([customer(mine.id, 'Edited On Another Phone', version + 1)], '9'));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(mine.id)).toMatchObject({
      name: 'Edited On Another Phone',
      syncState: 'synced',
    });
  });

  it("leaves another company's record under the same id alone, changed or deleted", async () => {
    const other = '22222222-2222-4222-8222-222222222222';
    const server = fakeServer();
    server.answers.push(page([customer(ID.asha, 'Asha of the other shop', 1)], '1'));
    await pullChanges({ send: server.send, companyId: other });
    server.answers.push(
      page([customer(ID.asha, 'Asha', 2)], '2'),
      page([{ type: 'customer', id: ID.asha, seq: 3, deleted: true }], '3'),
    );
    await pullChanges({ send: server.send, companyId: COMPANY });
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(ID.asha)).toMatchObject({
      name: 'Asha of the other shop',
      companyId: other,
    });
  });

  it('ignores a server version older than the one the device has', async () => {
    const server = fakeServer();
    server.answers.push(
      page([customer(ID.asha, 'Newer', 4)], '10'),
      page([customer(ID.asha, 'Older', 3)], '11'),
    );
    await pullChanges({ send: server.send, companyId: COMPANY });
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(ID.asha)).toMatchObject({ name: 'Newer', version: 4 });
  });

  it('forgets synced records the server no longer has after it started over', async () => {
    const server = fakeServer();
    server.answers.push(
      page([customer(ID.asha, 'Asha', 1), customer(ID.baraka, 'Baraka', 1)], '2'),
    );
    await pullChanges({ send: server.send, companyId: COMPANY });
    const pending = await saveCustomer(COMPANY, {
      name: 'Not Sent Yet',
      identificationType: 'NO_IDENTIFICATION',
    });
    server.answers.push(page([customer(ID.asha, 'Asha', 1)], '1', false, true));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect((await db.customers.toArray()).map((c) => c.id).sort()).toEqual(
      [ID.asha, pending.id].sort(),
    );
  });

  it('moves nothing when the server cannot be reached', async () => {
    const server = fakeServer('network-error');
    expect(await pullChanges({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'offline',
    });
    expect(await db.meta.get(cursorKey(COMPANY))).toBeUndefined();
    expect(await db.meta.get('connectivity')).toMatchObject({ value: { online: false } });
  });

  it('starts again from the beginning when the server cannot read the cursor', async () => {
    await db.meta.put({ key: cursorKey(COMPANY), value: 'damaged' });
    const server = fakeServer();
    server.answers.push(
      { status: 422, body: { code: 'cursor_invalid', message: 'The sync position is not valid.' } },
      page([customer(ID.asha, 'Asha', 1)], '1'),
    );
    expect(await pullChanges({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'done',
      applied: 1,
    });
    expect(server.requests.map(since)).toEqual(['damaged', '0']);
  });
});
