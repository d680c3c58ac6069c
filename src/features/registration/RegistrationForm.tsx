// Registration (spec §5, §8): full name 5–50, email, 9-digit phone, company name of at least 5,
// 9-digit TIN and an optional 6-character promo code. On the landing page anyone may send it;
// on /new-potential-client someone signed in enters a business they spoke to. Either way the
// applicant is told that activation takes 2 working days.
import { useState } from 'react';
import { Alert, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import { registrationSchema, type RegistrationInput } from '../../../domain/schemas/registration';
import { visitorErrorMessages } from '../../../domain/visitor-errors';
import { enterPotentialClient, registerPublicly } from '../../api/admin';
import { notifyFailure } from '../../app/notify';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { MobileInput } from '../../forms/MobileInput';

const empty: RegistrationInput = {
  fullName: '',
  email: '',
  phone: '',
  companyName: '',
  tin: '',
  promoCode: '',
};

export function RegistrationForm({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useLingui();
  const [done, setDone] = useState(false);
  const form = useForm<RegistrationInput>({
    initialValues: empty,
    validate: valibotValidate(registrationSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(
    async (values) => {
      const answer = await submitToServer(form, () =>
        signedIn ? enterPotentialClient(values) : registerPublicly(values),
      );
      if (!answer) return;
      form.setValues(empty);
      form.resetDirty(empty);
      setDone(true);
    },
    () =>
      notifyFailure({
        code: 'registration_failed',
        message: i18n._(visitorErrorMessages.registration_failed),
      }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t`Registration`}>
      <Stack gap="md">
        {done && (
          <Alert
            color="green"
            icon={<IconCircleCheck />}
            title={t`Thank you! Your registration is received.`}
            role="status"
            data-testid="registration-received"
          >
            <Trans>
              We will set up the account within 2 working days and send the sign-in details by
              email.
            </Trans>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Full name`}
            autoComplete="name"
            required
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t`Email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <MobileInput label={t`Phone`} required {...form.getInputProps('phone')} />
          <TextInput
            label={t`Company name`}
            autoComplete="organization"
            required
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label={t`TIN`}
            description={t`9 digits`}
            inputMode="numeric"
            required
            {...form.getInputProps('tin')}
          />
          <TextInput
            label={t`Promo code`}
            description={t`Optional: 6 letters or digits`}
            maxLength={6}
            autoCapitalize="characters"
            {...form.getInputProps('promoCode')}
          />
        </SimpleGrid>
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          <Trans>Register</Trans>
        </Button>
      </Stack>
      {leave.dialog}
    </form>
  );
}
