// Turning notifications on where the browser's own push service fails: the user is told what
// failed (the browser's service, not Risiti's server), or that notifications are blocked.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApiEdge } from './helpers/api-edge';
import { json } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

/** A browser with push, whose push service answers `subscribe` with `failure`. */
async function browserWithPush(failure: DOMException) {
  const user = await signedIn();
  stubApiEdge(user, { online: true });
  const edgeFetch = globalThis.fetch;
  const saved: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/v1/accounting/push/key')
      return json(200, { publicKey: 'BAAAAAAAAAAAAAAAAAAAAA' });
    if (path === '/v1/accounting/push/subscription') {
      saved.push(await request.json());
      return json(200, { subscribed: true });
    }
    return edgeFetch(input, init);
  });
  const registration = {
    pushManager: {
      getSubscription: async () => null,
      subscribe: vi.fn(async () => {
        throw failure;
      }),
    },
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      permission: 'default',
      requestPermission: async () => 'granted',
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  await renderApp('/profile');
  const button = await screen.findByRole('button', { name: 'Turn on notifications' });
  await userEvent.click(button);
  return { saved, subscribe: registration.pushManager.subscribe };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('turning notifications on', () => {
  it("says the browser's push service failed, not that something went wrong", async () => {
    const { saved, subscribe } = await browserWithPush(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    expect(
      await screen.findByText(/This browser's notification service did not answer/),
    ).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
    expect(subscribe).toHaveBeenCalledOnce();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeTruthy();
  });

  it('shows notifications as blocked when the browser refuses the subscription', async () => {
    await browserWithPush(new DOMException('Permission denied', 'NotAllowedError'));
    await waitFor(() =>
      expect(screen.getByTestId('notifications-card').getAttribute('data-state')).toBe('blocked'),
    );
    expect(screen.getByText(/Notifications are blocked for Risiti in this browser/)).toBeTruthy();
  });
});
