import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { useCustomers } from '../../src/db/useCustomers';
import { startSyncEngine } from '../../src/sync/engine';
import { withSyncLock } from '../../src/sync/lock';
import { readSyncState } from '../../src/sync/sync-state';
import { syncNow } from '../../src/sync/sync-now';
import { useSyncState } from '../../src/sync/useSyncState';
import { db } from '../../src/db/db';
import { saveInvoiceDraft, submitInvoice } from '../../src/db/invoices';
import { invoiceInput, operator } from './helpers/invoices';
import { fakeServer, refusal } from './helpers/fake-server';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const walkIn = (name: string) => ({ name, identificationType: 'NO_IDENTIFICATION' as const });

beforeEach(resetLocalDatabase);

describe('the sync state', () => {
  it('counts and lists what the user did: three invoices saved and submitted offline are three', async () => {
    const inputs = [invoiceInput(), invoiceInput(), invoiceInput()];
    for (const input of inputs) {
      await saveInvoiceDraft(operator, input);
      await submitInvoice(operator, input);
    }
    // The outbox holds several calls per invoice (saving, then submitting).
    expect(await db.outbox.count()).toBeGreaterThan(3);

    const state = await readSyncState(operator.companyId);
    if (state.status !== 'waiting') throw new Error(`expected waiting, got ${state.status}`);
    expect(state.waitingCount).toBe(3);
    expect(state.waiting.map((w) => [w.entity, w.recordId, [...new Set(w.actions)]])).toEqual(
      inputs.map((input) => ['invoice', input.id, ['save', 'submit']]),
    );
  });

  it('goes from synced to N waiting, offline, error and back to synced', async () => {
    expect(await readSyncState(COMPANY)).toEqual({
      status: 'synced',
      lastSyncAt: null,
      downloading: true,
    });

    const asha = await saveCustomer(COMPANY, walkIn('Asha'));
    await saveCustomer(COMPANY, walkIn('Baraka'));
    const waiting = await readSyncState(COMPANY);
    expect(waiting.status).toBe('waiting');
    if (waiting.status !== 'waiting') return;
    expect(waiting.waiting.map((w) => [w.entity, w.actions, w.label])).toEqual([
      ['customer', ['save'], 'Asha'],
      ['customer', ['save'], 'Baraka'],
    ]);

    await syncNow({ send: fakeServer('network-error').send, companyId: COMPANY });
    const offline = await readSyncState(COMPANY);
    expect(offline).toMatchObject({
      status: 'offline',
      waiting: [{ label: 'Asha', attempts: 1 }, { label: 'Baraka' }],
    });

    const server = fakeServer();
    server.answers.push(
      refusal(409, 'customer_id_duplicated', 'Customer identification number duplicated'),
    );
    await syncNow({ send: server.send, companyId: COMPANY, ignoreBackoff: true });
    expect(await readSyncState(COMPANY)).toMatchObject({
      status: 'error',
      waiting: [],
      failed: [
        {
          entity: 'customer',
          recordId: asha.id,
          label: 'Asha',
          error: { message: 'Customer identification number duplicated' },
        },
      ],
    });

    await saveCustomer(COMPANY, { ...asha, name: 'Asha Fixed' });
    await syncNow({ send: fakeServer().send, companyId: COMPANY });
    const synced = await readSyncState(COMPANY);
    expect(synced.status).toBe('synced');
    expect(synced.status === 'synced' && synced.lastSyncAt).toBeGreaterThan(0);
  });
});

describe('live reads', () => {
  it('update the list and the sync state as soon as a change is saved', async () => {
    const list = renderHook(() => useCustomers(COMPANY, 'sh'));
    const state = renderHook(() => useSyncState(COMPANY));
    await waitFor(() => expect(list.result.current).toEqual([]));
    await waitFor(() => expect(state.result.current?.status).toBe('synced'));
    await act(async () => {
      await saveCustomer(COMPANY, walkIn('Asha Shop'));
      await saveCustomer(COMPANY, walkIn('Baraka'));
    });
    await waitFor(() => expect(list.result.current?.map((c) => c.name)).toEqual(['Asha Shop']));
    await waitFor(() =>
      expect(state.result.current).toMatchObject({ status: 'waiting', waiting: [{}, {}] }),
    );
    list.unmount();
    state.unmount();
  });
});

describe('the sync engine', () => {
  /** The engine on a fake server, with a timer far off: only the triggers under test sync. */
  const startEngine = () => {
    const server = fakeServer();
    const engine = startSyncEngine({
      send: server.send,
      getCompanyId: () => COMPANY,
      intervalMs: 60_000,
    });
    return { server, engine };
  };

  it('syncs on start, after a local change, and when the network comes back', async () => {
    await saveCustomer(COMPANY, walkIn('Before Start'));
    const { server, engine } = startEngine();
    try {
      await waitFor(() =>
        expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1),
      );

      await saveCustomer(COMPANY, walkIn('After Start'));
      await waitFor(() =>
        expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(2),
      );

      server.fallback = 'network-error';
      await saveCustomer(COMPANY, walkIn('While Offline'));
      await waitFor(async () => expect((await readSyncState(COMPANY)).status).toBe('offline'));
      const sentWhileOffline = server.requests.length;

      server.fallback = (request) =>
        request.method === 'GET'
          ? { status: 200, body: { changes: [], cursor: '0', more: false, reset: false } }
          : {
              status: 200,
              body: {
                ...JSON.parse(request.body ?? '{}'),
                id: request.path.split('?')[0]!.split('/').pop(),
                version: 1,
                createdAt: '',
                updatedAt: '',
              },
            };
      window.dispatchEvent(new Event('online'));
      await waitFor(async () => expect(await db.outbox.count()).toBe(0));
      expect(server.requests.length).toBeGreaterThan(sentWhileOffline);
      expect((await readSyncState(COMPANY)).status).toBe('synced');
    } finally {
      engine.stop();
    }
  });

  it('sends a change saved while another sync held the lock as soon as that sync ends', async () => {
    // Another tab or the service worker is syncing: it read the outbox before this change.
    let release!: () => void;
    const other = withSyncLock(() => new Promise<void>((resolve) => (release = resolve)));
    await saveCustomer(COMPANY, walkIn('Saved Meanwhile'));
    const { server, engine } = startEngine();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.requests).toHaveLength(0);
      release();
      await other;
      // Not at the next timer, a minute later: at once.
      await waitFor(() =>
        expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1),
      );
      await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    } finally {
      engine.stop();
    }
  });
});
