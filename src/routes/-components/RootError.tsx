// Shown when a page fails to render or its code cannot be loaded (an update deployed while the
// app was open, or no connection before the page was ever cached). Data already saved on the
// device is not affected; reloading fetches the current version.
import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Logo } from '../../app/Logo';
import { usePageTitle } from '../../app/usePageTitle';

export function RootError({ error }: ErrorComponentProps) {
  const { t } = useLingui();
  usePageTitle(t`Something went wrong`);
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Logo size={40} />
        <Title order={1} fz="h2">
          <Trans>Something went wrong</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            This page could not be shown. What you saved is safe on this device. Reload to try
            again; if you are offline, reconnect first.
          </Trans>
        </Text>
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
        <Code block maw="100%" c="dimmed">
          {detail}
        </Code>
      </Stack>
    </Center>
  );
}
