import { Alert, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';

import type { ReactNode } from 'react';
import { ButtonLink } from '../../../app/links';

/** A recovery that cannot go on (link incomplete, code expired or blocked): start it again. */
export function StartAgain({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />} role="alert">
        {children}
      </Alert>
      <ButtonLink to="/recover-password">
        <Trans>Request a new code</Trans>
      </ButtonLink>
    </Stack>
  );
}
