import { Center, Group, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

import { useSession } from '../../stores/session';
import { Logo } from '../../app/Logo';
import { usePageTitle } from '../../app/usePageTitle';
import { useLingui } from '@lingui/react/macro';
import { ButtonLink } from '../../app/links';

export function NotFound() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  const signedIn = useSession((state) => state.user !== null);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Logo size={40} />
        <Text fz={64} fw={800} c="risiti.7" lh={1}>
          404
        </Text>
        <Title order={1} fz="h2">
          <Trans>Page not found</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            The address may be mistyped, or the page has moved. Nothing you saved is affected.
          </Trans>
        </Text>
        <Group justify="center">
          {signedIn ? (
            <ButtonLink to="/dashboard">
              <Trans>Go to the dashboard</Trans>
            </ButtonLink>
          ) : (
            <ButtonLink to="/">
              <Trans>Go to the home page</Trans>
            </ButtonLink>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
