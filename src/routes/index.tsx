import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Title } from '@mantine/core';

export const Route = createFileRoute('/')({
  component: () => (
    <Title>
      <Trans>Risiti</Trans>
    </Title>
  ),
});
