// Spec §4: a company blocked by TRA sees why, and cannot save invoices until it is lifted.
import { Alert } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import { errorMessages } from '../../../domain/errors';
import { AnchorLink } from '../../app/links';

export function BlockedBanner() {
  const { i18n } = useLingui();
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconLock />}
      role="alert"
      data-testid="blocked-banner"
    >
      {i18n._(errorMessages.company_blocked)}{' '}
      <AnchorLink to="/contact-us" c="white" td="underline">
        <Trans>Contact us</Trans>
      </AnchorLink>
    </Alert>
  );
}
