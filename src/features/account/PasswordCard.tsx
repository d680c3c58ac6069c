// Changing the password: the current one, then the new one twice. The server signs out every
// other device and returns new tokens for this one.
import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordSchema } from '../../../domain/schemas/auth';
import { changePassword } from '../../api/account';
import { notifySuccess } from '../../app/notify';
import { PasswordRequirements } from './PasswordRequirements';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { useSession } from '../../stores/session';

export function PasswordCard() {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: valibotValidate(changePasswordSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(form, () => changePassword(values));
    if (!result) return;
    await useSession.getState().signIn(result);
    form.reset();
    notifySuccess(t`Your password is changed. Other devices must sign in again.`);
  });

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="profile-password"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="profile-password">
            <Trans>Change password</Trans>
          </Title>
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            required
            aria-describedby="profile-password-rules"
            {...form.getInputProps('newPassword')}
          />
          <PasswordRequirements id="profile-password-rules" value={form.values.newPassword} />
          <PasswordInput
            label={t`Confirm the new password`}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              <Trans>Change password</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
