// Recovery, step 1 of 3 (spec §4): the account's email receives a 6-digit code.
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { recoverPasswordSchema } from '../../../../domain/schemas/auth';
import { requestRecovery } from '../../../api/account';
import { usePageTitle } from '../../../app/usePageTitle';
import { submitToServer } from '../../../forms/submit';
import { useFlatForm } from '../../../forms/useFlatForm';
import { valibotValidate } from '../../../forms/valibot';
import { AnchorLink } from '../../../app/links';

export function RecoverForm() {
  const { t } = useLingui();
  usePageTitle(t`Recover your password`);
  const navigate = useNavigate();
  const form = useFlatForm({
    initialValues: { email: '' },
    validate: valibotValidate(recoverPasswordSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(form, () => requestRecovery(values.email.trim()));
    if (!result) return;
    await navigate({
      to: '/otp-reset-password',
      search: { verification: result.verification },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            <Trans>Recover your password</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>
              Enter the email address of your account. We will send you a 6-digit code to set a new
              password.
            </Trans>
          </Text>
        </div>
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          <Trans>Send the code</Trans>
        </Button>
        <AnchorLink to="/login" ta="center" size="sm">
          <Trans>Back to log in</Trans>
        </AnchorLink>
      </Stack>
    </form>
  );
}
