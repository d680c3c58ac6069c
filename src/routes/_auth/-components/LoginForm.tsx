import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { loginSchema } from '../../../../domain/schemas/auth';
import { signInRequest } from '../../../api/account';
import { safeNext } from '../../../app/guard';
import { usePageTitle } from '../../../app/usePageTitle';
import { startSession } from '../../../features/account/session';
import { submitToServer } from '../../../forms/submit';
import { useFlatForm } from '../../../forms/useFlatForm';
import { valibotValidate } from '../../../forms/valibot';
import { AnchorLink } from '../../../app/links';

const route = getRouteApi('/_auth/login');

export function LoginForm() {
  const { t } = useLingui();
  usePageTitle(t`Log in`);
  const { next } = route.useSearch();
  const navigate = useNavigate();
  const form = useFlatForm({
    initialValues: { username: '', password: '' },
    validate: valibotValidate(loginSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(form, () =>
      signInRequest(values.username.trim(), values.password),
    );
    if (!result) return;
    await startSession(result);
    await navigate({ href: safeNext(next, window.location.origin), replace: true });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            <Trans>Log in</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>Welcome back. Log in to write invoices and receipts.</Trans>
          </Text>
        </div>
        <TextInput
          label={t`Username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          <Trans>Log in</Trans>
        </Button>
        <AnchorLink to="/recover-password" ta="center" size="sm">
          <Trans>Forgot your password?</Trans>
        </AnchorLink>
      </Stack>
    </form>
  );
}
