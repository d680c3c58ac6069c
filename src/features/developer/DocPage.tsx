// The frame of a developer documentation page, in the look of the user manual: title, contents,
// sections, and the way to the other page of the API documentation.
import type { ReactNode } from 'react';
import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../app/usePageTitle';

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" id={id} aria-labelledby={`${id}-title`} miw={0}>
      <Title order={2} fz="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A paragraph; a long name in it (a header, an error code) may break anywhere on a phone. */
export const P = ({ children }: { children: ReactNode }) => (
  <Text lh={1.65} style={{ overflowWrap: 'anywhere' }}>
    {children}
  </Text>
);

export function DocPage({
  title,
  lede,
  contents,
  children,
}: {
  title: string;
  lede: ReactNode;
  contents: [string, string][];
  children: ReactNode;
}) {
  const { t } = useLingui();
  usePageTitle(title);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={0}>
      <Stack gap="xl" miw={0}>
        <Stack gap="xs">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          <Text c="dimmed" fz="lg">
            {lede}
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md" component="nav" bg="gray.0" aria-label={t`Contents`}>
          <List spacing={4}>
            {contents.map(([id, label]) => (
              <List.Item key={id}>
                <Anchor href={`#${id}`}>{label}</Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
        {children}
      </Stack>
    </Container>
  );
}
