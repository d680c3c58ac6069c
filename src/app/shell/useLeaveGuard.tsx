// A form's question before its page is left with what was typed not saved. The invoice editor
// keeps what is typed as a draft of its own; the other forms keep nothing until saved, so
// leaving them by the menu, a link, Back or a reload would lose it without a word.
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker, type ShouldBlockFn } from '@tanstack/react-router';
import { registerUnsavedWork } from '../unsaved-work';

export interface LeaveGuard {
  /** The question, to render with the form. */
  dialog: ReactNode;
  /** Lets the next navigation go without asking: call it after a save, or on Cancel. */
  release(): void;
}

/**
 * Asks before the page is left while `unsaved()` is true: a navigation in the app (the menu, a
 * link, Back) opens a dialog to keep typing or leave, and a reload or a closed tab the
 * browser's own question. `unsaved` is read at the moment the user leaves.
 */
export function useLeaveGuard(unsaved: () => boolean): LeaveGuard {
  const { t } = useLingui();
  const latest = useRef(unsaved);
  const released = useRef(false);
  useLayoutEffect(() => {
    latest.current = unsaved;
  });
  const holds = useCallback(() => !released.current && latest.current(), []);
  const shouldBlockFn = useCallback<ShouldBlockFn>(
    ({ current, next }) =>
      (current.pathname !== next.pathname ||
        JSON.stringify(current.search) !== JSON.stringify(next.search)) &&
      holds(),
    [holds],
  );
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: holds, withResolver: true });
  const release = useCallback(() => {
    released.current = true;
  }, []);
  useEffect(() => registerUnsavedWork({ holds, release }), [holds, release]);

  const dialog = (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t`Leave without saving?`}
      centered
    >
      <Stack gap="lg">
        <Text>
          <Trans>What you typed in this form is not saved yet. If you leave, it is lost.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            <Trans>Keep typing</Trans>
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            <Trans>Leave without saving</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { dialog, release };
}
