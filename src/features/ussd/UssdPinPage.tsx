// /auth-ussd: the USSD PIN. Shows the number the channel recognises the user by (the profile's
// mobile) and the short code, and sets or changes the 4-digit PIN after the current password.
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { USSD_SHORT_CODE, ussdPinSchema, type UssdAccess } from '../../../domain/ussd';
import { saveUssdPin, fetchUssdAccess } from '../../api/ussd';
import { AnchorLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';

function PinForm({ access, onSaved }: { access: UssdAccess; onSaved(access: UssdAccess): void }) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { currentPassword: '', pin: '', confirmPin: '' },
    validate: valibotValidate(ussdPinSchema),
  });
  const submit = form.onSubmit(async (values) => {
    const saved = await submitToServer(form, () => saveUssdPin(values));
    if (!saved) return;
    form.reset();
    onSaved(saved);
    notifySuccess(t`Your USSD PIN is saved.`);
  });
  const pinProps = {
    inputMode: 'numeric' as const,
    maxLength: 4,
    autoComplete: 'off',
    required: true,
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="ussd-pin">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="ussd-pin">
            {access.pinSet ? <Trans>Change the USSD PIN</Trans> : <Trans>Set the USSD PIN</Trans>}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              The PIN is 4 digits. It is asked at the start of every USSD session; keep it to
              yourself.
            </Trans>
          </Text>
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput label={t`New USSD PIN`} {...pinProps} {...form.getInputProps('pin')} />
          <PasswordInput
            label={t`Confirm the USSD PIN`}
            {...pinProps}
            {...form.getInputProps('confirmPin')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              <Trans>Save the PIN</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function UssdPinPage() {
  const { t } = useLingui();
  usePageTitle(t`USSD PIN`);
  const access = useServerData(fetchUssdAccess, []);
  const data = access.data;
  const phone = data?.mobile ? `+255 ${data.mobile}` : null;
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>USSD PIN</Trans>
        </Title>
        <Text c="dimmed" mt={4}>
          <Trans>
            Record sales from any phone by dialling {USSD_SHORT_CODE}.{' '}
            <AnchorLink to="/ussd">How the USSD channel works</AnchorLink>
          </Trans>
        </Text>
      </div>
      <LoadState
        loading={access.loading && !data}
        failure={access.failure}
        onRetry={access.reload}
      />
      {data && (
        <>
          <Card
            withBorder
            radius="lg"
            padding="lg"
            component="section"
            aria-labelledby="ussd-phone"
          >
            <Stack gap="xs">
              <Title order={2} fz="h3" id="ussd-phone">
                <Trans>Your phone for USSD</Trans>
              </Title>
              {phone ? (
                <Text data-testid="ussd-phone">
                  <Trans>
                    The channel recognises calls from <strong>{phone}</strong>, the mobile number of
                    your profile.
                  </Trans>
                </Text>
              ) : (
                <Alert color="yellow">
                  <Trans>Your profile has no mobile number: add it so the channel knows you.</Trans>
                </Alert>
              )}
              <Text size="sm">
                <AnchorLink to="/profile">
                  <Trans>Change the mobile number in your profile</Trans>
                </AnchorLink>
              </Text>
              <Text size="sm" data-testid="ussd-pin-state">
                {data.pinSet ? (
                  <Trans>Your USSD PIN is set.</Trans>
                ) : (
                  <Trans>You have no USSD PIN yet.</Trans>
                )}
              </Text>
            </Stack>
          </Card>
          {data.eligible ? (
            <PinForm access={data} onSaved={access.set} />
          ) : (
            <Alert color="blue">
              <Trans>Only company owners and operators record sales through USSD.</Trans>
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
