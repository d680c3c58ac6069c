// The session ended (the server refused to renew it) while a form on screen held typing not yet
// saved. Rather than leave for the sign-in page and lose it, the page stays under this dialog:
// the user signs in again as themselves and saves, or chooses to leave without saving.
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { loginSchema } from '../../../domain/schemas/auth';
import { signInRequest } from '../../api/account';
import { abandonUnsavedWork } from '../../app/unsaved-work';
import { startSession } from '../account/session';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { useSession } from '../../stores/session';

const passwordSchema = v.pick(loginSchema, ['password']);

export default function SignInAgainDialog() {
  const { t } = useLingui();
  const expired = useSession((state) => state.expired);
  const username = useSession((state) => state.user?.username ?? '');
  const form = useForm({
    initialValues: { password: '' },
    validate: valibotValidate(passwordSchema),
  });

  const submit = form.onSubmit(async ({ password }) => {
    const result = await submitToServer(form, () => signInRequest(username, password));
    if (!result) return;
    form.reset();
    await startSession(result);
  });

  const leave = async () => {
    abandonUnsavedWork();
    await useSession.getState().clear('refused');
  };

  return (
    <Modal
      opened={expired}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t`Log in again`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            <Trans>
              Your session has ended. Log in again as <strong>{username}</strong> to save your work:
              what you typed stays in the form.
            </Trans>
          </Text>
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void leave()}>
              <Trans>Leave without saving</Trans>
            </Button>
            <Button type="submit" loading={form.submitting}>
              <Trans>Log in</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
