// Recovery, step 3 of 3: the new password, once the code was accepted.
import { useState } from 'react';
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { m } from '../../../../domain/messages';
import { resetPassword } from '../../../api/account';
import { notifySuccess } from '../../../app/notify';
import { usePageTitle } from '../../../app/usePageTitle';
import { PasswordRequirements } from '../../../features/account/PasswordRequirements';
import { newPasswordPairSchema } from '../../../features/account/schemas';
import { submitToServer } from '../../../forms/submit';
import { useFlatForm } from '../../../forms/useFlatForm';
import { valibotValidate } from '../../../forms/valibot';
import { i18n } from '../../../i18n/i18n';
import { StartAgain } from './StartAgain';

const route = getRouteApi('/_auth/reset-password');

export function ResetForm() {
  const { t } = useLingui();
  usePageTitle(t`Set a new password`);
  const { verification } = route.useSearch();
  const navigate = useNavigate();
  const [ended, setEnded] = useState<string | null>(null);
  const form = useFlatForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: valibotValidate(newPasswordPairSchema),
  });

  if (!verification) return <StartAgain>{i18n._(m.verificationRequired)}</StartAgain>;
  if (ended) return <StartAgain>{ended}</StartAgain>;

  const submit = form.onSubmit(async (values) => {
    const done = await submitToServer(
      form,
      async () => {
        await resetPassword({ verification, ...values });
        return true;
      },
      (failure) => {
        if (failure.code !== 'reset_failed') return false;
        setEnded(failure.message);
        return true;
      },
    );
    if (!done) return;
    notifySuccess(t`Your password has been changed. Log in with your new password.`);
    await navigate({ to: '/login', replace: true });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            <Trans>Set a new password</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>The code is correct. Choose the password you will use from now on.</Trans>
          </Text>
        </div>
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
          <Trans>Save the new password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
