// What an administration screen shows while its data comes, and when it cannot come.
import { Alert, Button, Center, Loader } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiFailure } from '../../api/errors';

export function LoadState({
  loading,
  failure,
  onRetry,
}: {
  loading: boolean;
  failure: ApiFailure | null;
  onRetry(): void;
}) {
  const { t } = useLingui();
  if (failure) {
    return (
      <Alert color="red" role="alert" title={failure.message}>
        <Button mt="sm" variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  if (loading) {
    return (
      <Center py="xl">
        <Loader size="md" role="status" aria-label={t`Loading`} />
      </Center>
    );
  }
  return null;
}
