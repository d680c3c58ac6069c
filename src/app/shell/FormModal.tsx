// A dialog holding a form. Closing it by its ×, Escape or a click beside it asks first while the
// form holds typing not saved yet (the form's leave guard says so): an edit is not thrown away by
// a stray key. The form's own Cancel button still closes it at once.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { hasUnsavedWork } from '../unsaved-work';

export function FormModal({ onClose, children, ...props }: ModalProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Modal
        closeOnClickOutside={false}
        {...props}
        onClose={() => (hasUnsavedWork() ? setAsking(true) : onClose())}
      >
        {children}
      </Modal>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t`Leave without saving?`}
        centered
        zIndex={300}
      >
        <Stack gap="lg">
          <Text>
            <Trans>What you typed in this form is not saved yet. If you leave, it is lost.</Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              <Trans>Keep typing</Trans>
            </Button>
            <Button
              color="red"
              onClick={() => {
                // The form goes with the dialog, and its guard with it; a form on the page
                // behind keeps its own.
                setAsking(false);
                onClose();
              }}
            >
              <Trans>Leave without saving</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
