// Signing out with changes that never reached the server, or invoices typed and never saved:
// say how many, and let the user send them now, keep working, or sign out and lose them.
// Nothing is dropped without that choice.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lostBySignOut, type UnsyncedChanges } from '../../db/local-data';
import { syncAndWait } from './app-sync';
import { changesSignOutWouldLose, signOutAndForget } from './sign-out';

export interface SignOutDialogProps {
  /** What would be lost; null while closed. */
  changes: UnsyncedChanges | null;
  onClose(): void;
  onSignedOut(): void | Promise<void>;
}

export function SignOutDialog({ changes, onClose, onSignedOut }: SignOutDialogProps) {
  const { t } = useLingui();
  const [current, setCurrent] = useState<UnsyncedChanges | null>(null);
  const [busy, setBusy] = useState<'sync' | 'sign-out' | null>(null);
  const [stillWaiting, setStillWaiting] = useState(false);
  const shown = current ?? changes;
  const waiting = shown?.waiting ?? 0;
  const failed = shown?.failed ?? 0;
  const unsaved = shown?.unsaved ?? 0;

  const close = () => {
    setCurrent(null);
    setStillWaiting(false);
    onClose();
  };

  const signOutNow = async () => {
    setBusy('sign-out');
    try {
      await signOutAndForget();
      setCurrent(null);
      await onSignedOut();
    } finally {
      setBusy(null);
    }
  };

  const syncThenSignOut = async () => {
    setBusy('sync');
    try {
      await syncAndWait();
      const left = await changesSignOutWouldLose();
      if (lostBySignOut(left) === 0) {
        await signOutNow();
        return;
      }
      setCurrent(left);
      setStillWaiting(true);
    } finally {
      setBusy((value) => (value === 'sync' ? null : value));
    }
  };

  return (
    <Modal
      opened={changes !== null}
      onClose={close}
      title={t`Changes not sent yet`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        {waiting > 0 && (
          <Text>
            <Plural
              value={waiting}
              one="# change saved on this phone has not reached the server yet."
              other="# changes saved on this phone have not reached the server yet."
            />
          </Text>
        )}
        {failed > 0 && (
          <Text>
            <Plural
              value={failed}
              one="# change was refused by the server and still needs correcting."
              other="# changes were refused by the server and still need correcting."
            />
          </Text>
        )}
        {unsaved > 0 && (
          <div>
            <Text>
              <Plural
                value={unsaved}
                one="# invoice has typing that was never saved."
                other="# invoices have typing that was never saved."
              />
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>
                Typing that was not saved is never sent: open those invoices and save them. An
                invoice never saved is offered again on the New invoice page.
              </Trans>
            </Text>
          </div>
        )}
        <Text fw={600}>
          <Trans>
            If you sign out now, they are deleted from this phone and cannot be recovered.
          </Trans>
        </Text>
        {stillWaiting && waiting + failed > 0 && (
          <Alert color="orange" role="alert">
            {waiting > 0 ? (
              <Trans>
                The server could not take them all now. Stay signed in and try again when there is a
                connection.
              </Trans>
            ) : (
              <Trans>
                Refused changes are not sent again until they are corrected: open them from the sync
                panel.
              </Trans>
            )}
          </Alert>
        )}
        <Stack gap="xs">
          {waiting + failed > 0 && (
            <Button onClick={syncThenSignOut} loading={busy === 'sync'} disabled={busy !== null}>
              <Trans>Send them now, then sign out</Trans>
            </Button>
          )}
          <Button variant="default" onClick={close} disabled={busy !== null}>
            <Trans>Stay signed in</Trans>
          </Button>
          <Group justify="center">
            <Button
              variant="subtle"
              color="red"
              onClick={signOutNow}
              loading={busy === 'sign-out'}
              disabled={busy !== null}
            >
              <Trans>Sign out and lose them</Trans>
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Modal>
  );
}
