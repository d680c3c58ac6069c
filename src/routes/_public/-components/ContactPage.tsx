// The contact form (spec §5): full name, email and message required, phone optional. It is
// also how a business asks for an account.
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck, IconDeviceMobile } from '@tabler/icons-react';
import {
  CONTACT_MESSAGE_MAX,
  contactRequestSchema,
  type ContactRequestInput,
} from '../../../../domain/schemas/contact';
import { sendContactRequest } from '../../../api/contact';
import { usePageTitle } from '../../../app/usePageTitle';
import { submitToServer } from '../../../forms/submit';
import { useFlatForm } from '../../../forms/useFlatForm';
import { valibotValidate } from '../../../forms/valibot';
import { useSession } from '../../../stores/session';
import { ACTIVATION_WORKING_DAYS, USSD_CODE } from '../../-components/constants';
import { MobileInput } from '../../../forms/MobileInput';

export function ContactPage() {
  const { t } = useLingui();
  usePageTitle(t`Contact us`);
  const user = useSession((state) => state.user);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFlatForm<ContactRequestInput>({
    initialValues: {
      fullName: user ? `${user.firstname} ${user.lastname}` : '',
      email: user?.email ?? '',
      phone: user?.mobile ?? '',
      message: '',
    },
    validate: valibotValidate(contactRequestSchema),
  });
  const days = ACTIVATION_WORKING_DAYS;

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(form, () => sendContactRequest(values));
    if (!result) return;
    setSentTo(values.email.trim());
    form.setFieldValue('message', '');
  });

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <Title order={1}>
            <Trans>Contact us</Trans>
          </Title>
          <Text c="dimmed" fz="lg">
            <Trans>
              Questions about Risiti, a request for an account, or a problem with your receipts:
              write to us and we will answer by email, usually within {days} working days.
            </Trans>
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconDeviceMobile size={22} color="var(--mantine-color-risiti-7)" />
            <Text>
              <Trans>Risiti on any mobile phone: dial {USSD_CODE}.</Trans>
            </Text>
          </Group>
        </Stack>

        <Card withBorder radius="lg" padding="lg">
          {sentTo ? (
            <Stack gap="md">
              <Alert color="risiti" variant="light" icon={<IconCircleCheck />} role="status">
                <Trans>Thank you. Your message has been sent; we will reply to {sentTo}.</Trans>
              </Alert>
              <Button variant="default" onClick={() => setSentTo(null)}>
                <Trans>Send another message</Trans>
              </Button>
            </Stack>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
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
                <MobileInput
                  label={t`Phone (optional)`}
                  autoComplete="tel-national"
                  {...form.getInputProps('phone')}
                />
                <Textarea
                  label={t`Message`}
                  required
                  autosize
                  minRows={4}
                  maxRows={12}
                  maxLength={CONTACT_MESSAGE_MAX}
                  {...form.getInputProps('message')}
                />
                <Button type="submit" loading={form.submitting}>
                  <Trans>Send the message</Trans>
                </Button>
              </Stack>
            </form>
          )}
        </Card>
      </SimpleGrid>
    </Container>
  );
}
