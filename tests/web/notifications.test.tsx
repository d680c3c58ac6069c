// Notifications on this phone, from the profile page: the browser's permission asked, the
// subscription made with the server's key and given to the server, taken back, and what the
// page says when the browser blocks them. And the service worker's side: a push shown with its
// text, and a tap opening the app's own page only.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onNotificationClick, onPush } from '../../src/pwa/push-worker';
import { json, stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/phone-1';
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

const originalServiceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (originalServiceWorker)
    Object.defineProperty(navigator, 'serviceWorker', originalServiceWorker);
  else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  await signedOut();
});

/** A browser that can subscribe: its registration, push manager and permission. */
function pushBrowser(permission: NotificationPermission, installing = false) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const subscribe = vi.fn(async () => {
    current = subscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      // On a first visit the worker is still installing: no registration yet, ready later.
      getRegistration: async () => (installing ? undefined : registration),
      ready: installing
        ? new Promise((resolve) => setTimeout(() => resolve(registration), 200))
        : new Promise(() => {}),
      controller: null,
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: vi.fn(async () => permission),
  });
  return { subscribe, subscription };
}

/**
 * Presses the card's button until `shown` appears. The button is disabled while the server is
 * not known to answer (a test before this one may have left it so), and the page may draw the
 * card again as the session refreshes: a press of either kind is lost, as a user's would be,
 * and a user presses again.
 */
async function pressUntil(name: string, shown: string | RegExp): Promise<void> {
  await waitFor(() => {
    const button = screen.queryByRole('button', { name });
    if (button && !button.hasAttribute('disabled') && !button.hasAttribute('data-loading')) {
      fireEvent.click(button);
    }
    expect(screen.getByText(shown)).toBeTruthy();
  });
}

async function profile() {
  const user = await signedIn({ role: 'operator', user_type: 'operator' });
  return stubServer({
    'GET /api/v2/user/me': () => json(200, user),
    'GET /v1/accounting/push/key': () => json(200, { publicKey: KEY }),
    'PUT /v1/accounting/push/subscription': () => json(201, { subscribed: true }),
    'DELETE /v1/accounting/push/subscription': () => new Response(null, { status: 204 }),
  });
}

describe('notifications on the profile page', () => {
  it('subscribes with the server’s key, gives the subscription to the server, and takes it back', async () => {
    const { subscribe, subscription } = pushBrowser('granted');
    const server = await profile();
    await renderApp('/profile');
    await pressUntil('Turn on notifications', 'Notifications are on for this phone.');

    const [options] = subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    const bytes = options.applicationServerKey as Uint8Array;
    expect(Buffer.from(bytes).toString('base64url')).toBe(KEY);
    const [saved] = server.calls('PUT', '/v1/accounting/push/subscription');
    expect(await saved!.json()).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys });

    await pressUntil('Turn off notifications', 'Turn on notifications');
    const [removed] = server.calls('DELETE', '/v1/accounting/push/subscription');
    expect(await removed!.json()).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('waits for the service worker on a first visit rather than calling the browser unable', async () => {
    pushBrowser('granted', true);
    await profile();
    await renderApp('/profile');
    await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(screen.queryByText(/This browser cannot show notifications/)).toBeNull();
  });

  it('says how to allow them when the browser blocks them, and sends nothing', async () => {
    const { subscribe } = pushBrowser('denied');
    const server = await profile();
    await renderApp('/profile');
    await pressUntil(
      'Turn on notifications',
      /Notifications are blocked for Risiti in this browser/,
    );
    expect(subscribe).not.toHaveBeenCalled();
    expect(server.calls('PUT', '/v1/accounting/push/subscription')).toHaveLength(0);
  });
});

describe('the service worker', () => {
  function worker(
    windows: Array<{ url: string; focus(): Promise<void>; navigate(url: string): Promise<void> }>,
  ) {
    const shown: Array<[string, NotificationOptions]> = [];
    const opened: string[] = [];
    return {
      shown,
      opened,
      self: {
        location: { origin: 'https://risiti.example' },
        registration: {
          showNotification: async (title: string, options: NotificationOptions) => {
            shown.push([title, options]);
          },
        } as unknown as ServiceWorkerRegistration,
        clients: {
          matchAll: async () => windows,
          openWindow: async (url: string) => {
            opened.push(url);
            return null;
          },
        } as unknown as Clients,
      },
    };
  }
  const waited = (): { promises: Promise<unknown>[]; waitUntil(p: Promise<unknown>): void } => {
    const promises: Promise<unknown>[] = [];
    return { promises, waitUntil: (p) => promises.push(p) };
  };

  it('shows what the server sent, and opens its page in the open window or a new one', async () => {
    const w = worker([]);
    const event = waited();
    onPush(w.self)({
      ...event,
      data: {
        json: () => ({
          title: 'TRA refused a receipt',
          body: 'The receipt of Neema Joseph was refused.',
          url: '/edit-invoice/abc',
          tag: 'refused-abc',
        }),
      },
    } as unknown as PushEvent);
    await Promise.all(event.promises);
    expect(w.shown).toEqual([
      [
        'TRA refused a receipt',
        expect.objectContaining({
          body: 'The receipt of Neema Joseph was refused.',
          tag: 'refused-abc',
          data: { url: '/edit-invoice/abc' },
        }),
      ],
    ]);

    const click = (url: string) => {
      const e = waited();
      const close = vi.fn();
      return {
        e,
        close,
        event: { ...e, notification: { close, data: { url } } } as unknown as NotificationEvent,
      };
    };
    const first = click('/edit-invoice/abc');
    onNotificationClick(w.self)(first.event);
    await Promise.all(first.e.promises);
    expect(first.close).toHaveBeenCalled();
    expect(w.opened).toEqual(['https://risiti.example/edit-invoice/abc']);

    const navigate = vi.fn(async () => {});
    const open = worker([
      { url: 'https://risiti.example/dashboard', focus: async () => {}, navigate },
    ]);
    const second = click('https://elsewhere.example/phish');
    onNotificationClick(open.self)(second.event);
    await Promise.all(second.e.promises);
    expect(navigate).toHaveBeenCalledWith('https://risiti.example/dashboard');
    expect(open.opened).toEqual([]);
  });

  it('shows nothing for a push it cannot read', async () => {
    const w = worker([]);
    const event = waited();
    onPush(w.self)({
      ...event,
      data: {
        json: () => {
          throw new SyntaxError('bad');
        },
      },
    } as unknown as PushEvent);
    await Promise.all(event.promises);
    expect(w.shown).toEqual([]);
  });
});
