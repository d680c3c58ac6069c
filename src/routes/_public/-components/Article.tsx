// Layout of the text pages (tax tips, help, licence, privacy): title, lead, a contents list
// linking to each section's anchor, and the sections.
import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface ArticleSection {
  id: string;
  title: ReactNode;
  body: ReactNode;
}

export function Article({
  title,
  lead,
  sections,
  footer,
}: {
  title: ReactNode;
  lead?: ReactNode;
  sections: ArticleSection[];
  footer?: ReactNode;
}) {
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {lead && (
          <Text fz="lg" c="dimmed">
            {lead}
          </Text>
        )}
        {sections.length > 2 && (
          <Paper withBorder radius="md" p="md" component="nav" bg="gray.0">
            <Text fw={700} mb="xs">
              <Trans>On this page</Trans>
            </Text>
            <List spacing={4}>
              {sections.map((section) => (
                <List.Item key={section.id}>
                  <Anchor renderRoot={(props) => <Link {...props} to="." hash={section.id} />}>
                    {section.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>
        )}
        {sections.map((section) => (
          <Stack key={section.id} gap="sm" component="section" id={section.id}>
            <Title order={2} fz="h3">
              {section.title}
            </Title>
            {section.body}
          </Stack>
        ))}
        {footer}
      </Stack>
    </Container>
  );
}

/** A paragraph of article text. */
export function P({ children }: { children: ReactNode }) {
  return <Text lh={1.65}>{children}</Text>;
}
