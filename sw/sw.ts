/// <reference lib="webworker" />
// The service worker: precaches the built app and answers every page navigation with the
// cached shell, so the app opens offline on any route; on Background Sync it sends the outbox
// as the signed-in user, even with every page of the app closed; it shows the server's push
// notifications and opens their page when tapped.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { onNotificationClick, onPush } from '../src/pwa/push-worker';
import { onOutboxSync, provideServiceWorkerSync } from '../src/sync/service-worker';
import { createStoredSessionSync } from '../src/sync/stored-session';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/v1\//, /^\/tra-sim\//],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

provideServiceWorkerSync(createStoredSessionSync());
self.addEventListener('sync', onOutboxSync);
self.addEventListener('push', onPush(self));
self.addEventListener('notificationclick', onNotificationClick(self));
