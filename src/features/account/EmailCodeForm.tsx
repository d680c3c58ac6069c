// The second step of changing the sign-in email: the 6-digit code mailed to the new address.
// Until it is entered, the account keeps its old email.
import { Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '../../../domain/roles';
import { emailConfirmSchema } from '../../../domain/schemas/auth';
import { confirmEmail } from '../../api/account';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';

export function EmailCodeForm({
  email,
  onDone,
  onCancel,
}: {
  email: string;
  onDone: (user: SessionUser) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { code: '' },
    validate: valibotValidate(emailConfirmSchema),
  });

  const submit = form.onSubmit(async ({ code }) => {
    const user = await submitToServer(form, () => confirmEmail(code));
    if (user) await onDone(user);
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="email-code-title">
      <Stack
        gap="sm"
        mt="lg"
        pt="lg"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={600} id="email-code-title">
          <Trans>Confirm your new email</Trans>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Trans>
            Unless {email} already belongs to an account, we have sent it a 6-digit code. Enter it
            here to make it your sign-in email. The code is valid for 1 hour; until then you sign in
            with your current email.
          </Trans>
        </Text>
        <Input.Wrapper label={t`6-digit code`} required error={form.errors.code} id="email-code">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            size="md"
            mt={6}
            ariaLabel={t`6-digit code`}
            error={Boolean(form.errors.code)}
            value={form.values.code}
            onChange={(value) => form.setFieldValue('code', value)}
          />
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            <Trans>Confirm the new email</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
