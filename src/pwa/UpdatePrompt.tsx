// Registers the service worker. A new version waits until the user chooses to reload, so an
// invoice being written is never interrupted; the app checks for one every hour.
import { useEffect } from 'react';
import { Button, Group, Notification, Portal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_CHECK_MS = 60 * 60_000;

export function UpdatePrompt() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (registration.installing || !navigator.onLine) return;
        void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('The service worker could not be registered', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    notifications.show({
      color: 'risiti',
      message: t`Risiti is ready to work without a connection on this device.`,
      autoClose: 6000,
      closeButtonProps: { 'aria-label': t`Close` },
    });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  if (!needRefresh) return null;
  return (
    <Portal>
      <Notification
        role="alert"
        withCloseButton
        onClose={() => setNeedRefresh(false)}
        closeButtonProps={{ 'aria-label': t`Later` }}
        title={t`A new version of Risiti is ready`}
        style={{
          position: 'fixed',
          bottom: 16,
          left: 16,
          right: 16,
          maxWidth: 420,
          marginInline: 'auto',
          zIndex: 1000,
        }}
        withBorder
      >
        <Group gap="xs" mt="xs">
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            <Trans>Reload now</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
            <Trans>Later</Trans>
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
