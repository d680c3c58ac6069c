import { Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { errorMessages } from '../../../domain/errors';
import { ButtonLink } from '../../app/links';
import { useLingui } from '@lingui/react/macro';

/** A customer address that names no customer of this company (deleted, or never here). */
export function CustomerNotFound() {
  const { i18n } = useLingui();
  return (
    <Stack gap="sm" maw={560}>
      <Title order={1} fz="h2">
        {i18n._(errorMessages.customer_not_found)}
      </Title>
      <Text c="dimmed">
        <Trans>It may have been deleted, on this phone or by someone else.</Trans>
      </Text>
      <div>
        <ButtonLink to="/customers" variant="light">
          <Trans>All customers</Trans>
        </ButtonLink>
      </div>
    </Stack>
  );
}
