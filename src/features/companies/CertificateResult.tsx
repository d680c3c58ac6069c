// What the admin is told after a company was created with its certificate: all done, or the
// partial success of spec §8 — the company exists, the certificate was refused, and why.
import { Alert, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { CertificateOutcome } from '../../api/admin';

export function CertificateResult({ outcome }: { outcome: CertificateOutcome }) {
  if (outcome.status === 'failed') {
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle />}
        title={outcome.message}
        role="alert"
        data-testid="certificate-partial"
      >
        <Text size="sm">{outcome.reason}</Text>
        <Text size="sm" mt="xs">
          <Trans>Upload the certificate again from the company's page.</Trans>
        </Text>
      </Alert>
    );
  }
  if (outcome.status === 'installed') {
    return (
      <Alert color="green" icon={<IconCircleCheck />} data-testid="certificate-installed">
        <Trans>The certificate is installed and the VFD is registered with TRA.</Trans>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />}>
      <Trans>No certificate yet: the company cannot issue receipts until it is uploaded.</Trans>
    </Alert>
  );
}
