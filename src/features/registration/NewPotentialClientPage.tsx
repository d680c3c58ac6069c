// /new-potential-client: someone signed in enters a business that wants Risiti.
import { Card, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../app/usePageTitle';
import { RegistrationForm } from './RegistrationForm';

export function NewPotentialClientPage() {
  const { t } = useLingui();
  usePageTitle(t`New potential client`);
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>New potential client</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          A business that wants Risiti. The platform admins are told at once and set up its account
          within 2 working days.
        </Trans>
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <RegistrationForm signedIn />
      </Card>
    </Stack>
  );
}
