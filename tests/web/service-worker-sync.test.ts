import { beforeEach, describe, expect, it } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { onOutboxSync, provideServiceWorkerSync } from '../../src/sync/service-worker';
import { withSyncLock } from '../../src/sync/lock';
import { OUTBOX_SYNC_TAG } from '../../src/sync/service-worker-tag';
import { fakeServer } from './helpers/fake-server';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '11111111-1111-4111-8111-111111111111';

beforeEach(resetLocalDatabase);

/** Fires a Background Sync event the way the browser does and returns what it waited for. */
function fireSync(tag: string): Promise<unknown> | null {
  let waited: Promise<unknown> | null = null;
  const event = Object.assign(new Event('sync'), {
    tag,
    waitUntil: (promise: Promise<unknown>) => (waited = promise),
  });
  onOutboxSync(event);
  return waited;
}

describe('Background Sync in the service worker', () => {
  it('drains the outbox, and asks the browser to try again while entries remain', async () => {
    await saveCustomer(COMPANY, {
      name: 'Queued Offline',
      identificationType: 'NO_IDENTIFICATION',
    });
    const server = fakeServer('network-error');
    provideServiceWorkerSync({ send: server.send, companyId: async () => COMPANY });

    expect(fireSync('some-other-tag')).toBeNull();
    await expect(fireSync(OUTBOX_SYNC_TAG)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);

    server.fallback = (request) =>
      request.method === 'GET'
        ? { status: 200, body: { changes: [], cursor: '0', more: false, reset: false } }
        : {
            status: 200,
            body: {
              ...JSON.parse(request.body!),
              id: request.path.split('?')[0]!.split('/').pop(),
              version: 1,
              createdAt: '',
              updatedAt: '',
            },
          };
    await expect(fireSync(OUTBOX_SYNC_TAG)).resolves.toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('waits for a sync the page is running, then sends what is left itself', async () => {
    await saveCustomer(COMPANY, {
      name: 'Left By The Page',
      identificationType: 'NO_IDENTIFICATION',
    });
    const server = fakeServer();
    provideServiceWorkerSync({ send: server.send, companyId: async () => COMPANY });
    let waited: Promise<unknown> | null = null;
    // The page holds the sync lock (its drain is on its way) and is closed before sending.
    await withSyncLock(async () => {
      waited = fireSync(OUTBOX_SYNC_TAG);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.requests).toEqual([]);
    });
    await expect(waited).resolves.toBeUndefined();
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'GET']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does nothing when nobody is signed in', async () => {
    await saveCustomer(COMPANY, {
      name: 'Waits For Sign-In',
      identificationType: 'NO_IDENTIFICATION',
    });
    const server = fakeServer();
    provideServiceWorkerSync({ send: server.send, companyId: async () => null });
    await fireSync(OUTBOX_SYNC_TAG);
    expect(server.requests).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
  });
});
