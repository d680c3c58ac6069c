// Spec §4: at first sign-in the user must choose their own password before anything else.
import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconShieldLock } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { setFirstPassword } from '../../../api/account';
import { safeNext } from '../../../app/guard';
import { notifySuccess } from '../../../app/notify';
import { usePageTitle } from '../../../app/usePageTitle';
import { PasswordRequirements } from '../../../features/account/PasswordRequirements';
import { newPasswordPairSchema } from '../../../features/account/schemas';
import { signOut, startSession } from '../../../features/account/session';
import { submitToServer } from '../../../forms/submit';
import { useFlatForm } from '../../../forms/useFlatForm';
import { valibotValidate } from '../../../forms/valibot';
import { useSession } from '../../../stores/session';

const route = getRouteApi('/_auth/change-password');

export function FirstPasswordForm() {
  const { t } = useLingui();
  usePageTitle(t`Choose your password`);
  const { next } = route.useSearch();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const mustChange = useSession((state) => state.changePassword);
  const form = useFlatForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: valibotValidate(newPasswordPairSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(form, () => setFirstPassword(values));
    if (!result) return;
    await startSession(result);
    notifySuccess(t`Your new password is saved.`);
    await navigate({ href: safeNext(next, window.location.origin), replace: true });
  });

  if (user && !mustChange) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          <Trans>Your password is already set</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>To change it, use the password section of your profile.</Trans>
        </Text>
        <Button onClick={() => void navigate({ to: '/profile' })}>
          <Trans>Go to my profile</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} fz="h2">
          <Trans>Choose your password</Trans>
        </Title>
        <Alert color="risiti" variant="light" icon={<IconShieldLock />}>
          <Trans>
            This is your first sign-in. For your security, replace the password you were given with
            one that only you know.
          </Trans>
        </Alert>
        <PasswordInput
          label={t`New password`}
          autoComplete="new-password"
          autoFocus
          required
          aria-describedby="password-rules"
          {...form.getInputProps('newPassword')}
        />
        <PasswordRequirements id="password-rules" value={form.values.newPassword} />
        <PasswordInput
          label={t`Confirm the new password`}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          <Trans>Save and continue</Trans>
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={async () => {
            await signOut();
            await navigate({ to: '/login', replace: true });
          }}
        >
          <Trans>Sign out</Trans>
        </Button>
      </Stack>
    </form>
  );
}
