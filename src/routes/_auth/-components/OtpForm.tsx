// Recovery, step 2 of 3: the 6-digit code from the email (valid 1 hour, 3 attempts).
import { useState } from 'react';
import { Button, Input, PinInput, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { m } from '../../../../domain/messages';
import { verifyOtpSchema } from '../../../../domain/schemas/auth';
import { verifyRecoveryCode } from '../../../api/account';
import { usePageTitle } from '../../../app/usePageTitle';
import { submitToServer } from '../../../forms/submit';
import { useFlatForm } from '../../../forms/useFlatForm';
import { valibotValidate } from '../../../forms/valibot';
import { i18n } from '../../../i18n/i18n';
import { StartAgain } from './StartAgain';
import { AnchorLink } from '../../../app/links';

const route = getRouteApi('/_auth/otp-reset-password');
const codeSchema = v.pick(verifyOtpSchema, ['code']);

export function OtpForm() {
  const { t } = useLingui();
  usePageTitle(t`Enter the code`);
  const { verification } = route.useSearch();
  const navigate = useNavigate();
  const [ended, setEnded] = useState<string | null>(null);
  const form = useFlatForm({ initialValues: { code: '' }, validate: valibotValidate(codeSchema) });

  if (!verification) return <StartAgain>{i18n._(m.verificationRequired)}</StartAgain>;
  if (ended) return <StartAgain>{ended}</StartAgain>;

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(
      form,
      () => verifyRecoveryCode(verification, values.code),
      (failure) => {
        if (failure.code === 'otp_expired' || failure.code === 'otp_attempts_exceeded') {
          setEnded(failure.message);
          return true;
        }
        form.setFieldValue('code', '');
        return false;
      },
    );
    if (!result) return;
    await navigate({ to: '/reset-password', search: { verification: result.verification } });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            <Trans>Enter the code</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>
              If the email belongs to a Risiti account, we have sent it a 6-digit code. The code is
              valid for 1 hour and you can try it 3 times.
            </Trans>
          </Text>
        </div>
        <Input.Wrapper label={t`6-digit code`} required error={form.errors.code} id="otp-code">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            size="md"
            mt={6}
            ariaLabel={t`6-digit code`}
            error={Boolean(form.errors.code)}
            value={form.values.code}
            onChange={(value) => form.setFieldValue('code', value)}
          />
        </Input.Wrapper>
        <Button type="submit" loading={form.submitting} fullWidth>
          <Trans>Check the code</Trans>
        </Button>
        <AnchorLink to="/recover-password" ta="center" size="sm">
          <Trans>No email? Request a new code</Trans>
        </AnchorLink>
      </Stack>
    </form>
  );
}
