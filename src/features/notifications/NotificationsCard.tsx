// Notifications on this phone (standard Web Push): the browser asks the user's permission and
// subscribes with the server's key, and the server keeps the subscription for this user. The
// service worker shows what the server sends (src/pwa/push-worker.ts), even with the app
// closed. Turning it off unsubscribes this browser only.
import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { WARNING_TEXT } from '../../app/theme';
import type { PushSubscriptionInput } from '../../../domain/push';
import { readFailure } from '../../api/errors';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../../api/push';
import { notifyFailure } from '../../app/notify';
import { useOnline } from '../invoices/useOnline';

type State = 'checking' | 'unavailable' | 'blocked' | 'off' | 'on';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** How long a first visit waits for the service worker to be installed. */
const WORKER_WAIT_MS = 10_000;

/** The app's service worker, waited for on a first visit while it installs. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  if (found) return found;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
}

/** The VAPID key as the browser takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const pushServiceFailed = msg`This browser's notification service did not answer. Check the connection and try again; a browser without Google services may not be able to get notifications.`;

export function NotificationsCard() {
  const { i18n } = useLingui();
  const online = useOnline();
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void (async () => {
      const found = await registration().catch(() => null);
      let next: State;
      if (!found) next = 'unavailable';
      else if (Notification.permission === 'denied') next = 'blocked';
      else next = (await found.pushManager.getSubscription().catch(() => null)) ? 'on' : 'off';
      if (current) setState(next);
    })();
    return () => {
      current = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const found = await registration();
      if (!found) return setState('unavailable');
      if ((await Notification.requestPermission()) !== 'granted') return setState('blocked');
      const { publicKey } = await fetchPushKey();
      let subscription: PushSubscription;
      try {
        subscription = await found.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        });
      } catch (error) {
        // The browser's own push service refused or did not answer (no connection to it, or a
        // browser without one): nothing the server said, so not the server's message.
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          return setState('blocked');
        }
        return notifyFailure({ code: 'push_service', message: i18n._(pushServiceFailed) });
      }
      await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
      setState('on');
    } catch (error) {
      notifyFailure(await readFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      notifyFailure(await readFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="notifications-title"
      data-testid="notifications-card"
      data-state={state}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="notifications-title">
          <Trans>Notifications on this phone</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Risiti tells you here when TRA refuses a receipt you issued or your company issued, when
            a receipt you scanned for an expense has been read, and when insights you asked for are
            ready, even when the app is closed.
          </Trans>
        </Text>
        {state === 'unavailable' && (
          <Text size="sm" c="dimmed">
            <Trans>This browser cannot show notifications. Install Risiti to get them.</Trans>
          </Text>
        )}
        {state === 'blocked' && (
          <Text size="sm" c={WARNING_TEXT}>
            <Trans>
              Notifications are blocked for Risiti in this browser. Allow them in the browser’s site
              settings, then turn them on here.
            </Trans>
          </Text>
        )}
        {state === 'on' && (
          <Text size="sm" c="risiti.8">
            <Trans>Notifications are on for this phone.</Trans>
          </Text>
        )}
        {(state === 'off' || state === 'on') && (
          <Group>
            {state === 'off' ? (
              <Button onClick={() => void turnOn()} loading={busy} disabled={!online}>
                <Trans>Turn on notifications</Trans>
              </Button>
            ) : (
              <Button
                variant="default"
                onClick={() => void turnOff()}
                loading={busy}
                disabled={!online}
              >
                <Trans>Turn off notifications</Trans>
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
