/// <reference lib="webworker" />
// The service worker's side of push notifications: a notification the server sent (already in
// the user's language) is shown even with every page of the app closed, and a tap opens its
// page in the app's window if one is open, or in a new one. Only the app's own pages open.
import type { PushPayload } from '../../domain/push';

interface Worker {
  registration: ServiceWorkerRegistration;
  clients: Clients;
  location: { origin: string };
}

function payloadOf(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title.slice(0, 200),
      body: value.body.slice(0, 1000),
      url: typeof value.url === 'string' && value.url.startsWith('/') ? value.url : '/dashboard',
      tag: typeof value.tag === 'string' ? value.tag.slice(0, 100) : 'risiti',
    };
  } catch {
    return null;
  }
}

export function onPush(worker: Worker) {
  return (event: PushEvent) => {
    const payload = payloadOf(event.data);
    if (!payload) return;
    event.waitUntil(
      worker.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url },
      }),
    );
  };
}

export function onNotificationClick(worker: Worker) {
  return (event: NotificationEvent) => {
    event.notification.close();
    const path = (event.notification.data as { url?: unknown } | null)?.url;
    const url = new URL(
      typeof path === 'string' && path.startsWith('/') ? path : '/dashboard',
      worker.location.origin,
    ).href;
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({
          type: 'window',
          includeUncontrolled: true,
        });
        const open = windows.find((client) => client.url.startsWith(worker.location.origin));
        if (open) {
          await open.focus();
          await open.navigate(url);
          return;
        }
        await worker.clients.openWindow(url);
      })(),
    );
  };
}
