// The user's own details (spec §5 Profile): names, email with confirmation, 9-digit phone and
// language. A new sign-in email needs the current password, and takes effect when the 6-digit
// code mailed to it is entered here.
import {
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '../../../domain/roles';
import { profileSchema, type ProfileInput } from '../../../domain/schemas/auth';
import { updateProfile } from '../../api/account';
import { EmailCodeForm } from './EmailCodeForm';
import { notifySuccess } from '../../app/notify';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { adoptUserLanguage } from '../../i18n/language';
import { useSession } from '../../stores/session';
import { useState } from 'react';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { MobileInput } from '../../forms/MobileInput';

const valuesOf = (user: SessionUser): ProfileInput => ({
  firstName: user.firstname,
  lastName: user.lastname,
  email: user.email,
  confirmEmail: user.email,
  mobile: user.mobile ?? '',
  language: user.language,
  currentPassword: '',
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function ProfileCard({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const form = useForm<ProfileInput>({
    initialValues: valuesOf(user),
    validate: valibotValidate(profileSchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());

  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const changingEmail = !sameEmail(form.values.email, user.email);

  const submit = form.onSubmit(async ({ currentPassword, ...values }) => {
    if (changingEmail && !currentPassword) {
      form.setFieldError('currentPassword', t`Current password is required`);
      return;
    }
    const input = changingEmail ? { ...values, currentPassword } : values;
    const result = await submitToServer(form, () => updateProfile(input));
    if (!result) return;
    const { pendingEmail: pending, ...updated } = result;
    useSession.getState().setUser(updated);
    await adoptUserLanguage(updated);
    form.setInitialValues(valuesOf(updated));
    form.reset();
    setPendingEmail(pending);
    if (pending) notifySuccess(t`Your details are saved. Enter the code we sent to ${pending}.`);
    else notifySuccess(t`Your profile is saved.`);
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-details">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="profile-details">
            <Trans>Your details</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`First name`}
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t`Last name`}
              autoComplete="family-name"
              required
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label={t`Email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t`Confirm the email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              {...form.getInputProps('confirmEmail')}
            />
            <MobileInput
              label={t`Mobile number`}
              autoComplete="tel-national"
              required
              {...form.getInputProps('mobile')}
            />
            <Select
              label={t`Language`}
              allowDeselect={false}
              data={[
                { value: 'en', label: 'English' },
                { value: 'sw', label: 'Kiswahili' },
              ]}
              {...form.getInputProps('language')}
            />
            {changingEmail && (
              <PasswordInput
                label={t`Current password`}
                description={t`Needed to change the sign-in email`}
                autoComplete="current-password"
                required
                {...form.getInputProps('currentPassword')}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
              <Trans>Save my details</Trans>
            </Button>
          </Group>
        </Stack>
        {leave.dialog}
      </form>
      {pendingEmail && (
        <EmailCodeForm
          email={pendingEmail}
          onDone={async (updated) => {
            useSession.getState().setUser(updated);
            form.setInitialValues(valuesOf(updated));
            form.reset();
            setPendingEmail(null);
            const email = updated.email;
            notifySuccess(t`Your sign-in email is now ${email}.`);
          }}
          onCancel={() => setPendingEmail(null)}
        />
      )}
    </Card>
  );
}
