// One documented call: the request as curl and as fetch, and the answer it gets.
import { Stack, Tabs, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CodeBlock } from './CodeBlock';
import type { ApiExample } from './examples';
import { curlCommand, fetchCall, responseText } from './request-code';

export function ExampleBlock({ example, title }: { example: ApiExample; title: ReactNode }) {
  const { t } = useLingui();
  const origin = window.location.origin;
  return (
    <Stack gap="xs" miw={0}>
      <Text fw={600}>{title}</Text>
      <Tabs defaultValue="curl" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="curl">curl</Tabs.Tab>
          <Tabs.Tab value="fetch">fetch</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="curl" pt="xs">
          <CodeBlock code={curlCommand(example, origin)} label={t`Request with curl`} />
        </Tabs.Panel>
        <Tabs.Panel value="fetch" pt="xs">
          <CodeBlock code={fetchCall(example, origin)} label={t`Request with fetch`} />
        </Tabs.Panel>
      </Tabs>
      <Text fz="sm" c="dimmed">
        <Trans>Answer</Trans>
      </Text>
      <CodeBlock code={responseText(example)} label={t`Answer`} />
    </Stack>
  );
}
