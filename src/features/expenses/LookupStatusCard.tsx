// Where the reading of a scanned receipt stands: waiting for the connection, processing at TRA
// (up to about a minute; the person can keep working), or failed, with the code and time to
// correct and try again, or a way to enter the expense by hand. The code stays either way.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { errorMessages } from '../../../domain/errors';
import type { LocalExpense } from '../../db/db';
import { useOnline } from '../invoices/useOnline';
import { ReceiptCodeForm, type ReceiptCodeValues } from './ReceiptCodeForm';

export interface LookupStatusCardProps {
  expense: LocalExpense;
  busy?: boolean;
  /** Reads the receipt again with the code and time as corrected; resolves with field errors. */
  onRetry(values: ReceiptCodeValues): Promise<Record<string, string> | void>;
  onEnterByHand(): void;
}

export function LookupStatusCard({ expense, busy, onRetry, onEnterByHand }: LookupStatusCardProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const lookup = expense.lookup;
  if (!lookup) return null;
  const code = expense.receiptCode;
  const time = lookup.time;

  if (expense.syncState === 'failed' && expense.syncError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={20} />}
        title={expense.syncError.message}
        data-testid="lookup-refused"
      >
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              Receipt {code} was not recorded. Check the code, or discard this expense if it is
              already recorded.
            </Trans>
          </Text>
        </Stack>
      </Alert>
    );
  }

  if (lookup.status === 'failed') {
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={20} />}
        title={i18n._(errorMessages.receipt_processing_failed)}
        data-testid="lookup-failed"
      >
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              Receipt {code} at {time} is saved. Correct the code or the time as printed on the
              receipt and try again, or enter the expense by hand.
            </Trans>
          </Text>
          <ReceiptCodeForm
            initial={{ receiptCode: code, time }}
            busy={busy}
            submitLabel={t`Try again`}
            onSubmit={onRetry}
          />
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPencil size={18} />}
              onClick={onEnterByHand}
            >
              <Trans>Enter by hand</Trans>
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  if (lookup.status === 'done') return null;

  const waitingForNetwork = expense.version === 0 && online === false;
  return (
    <Alert color="blue" variant="light" icon={<Loader size={18} />} data-testid="lookup-processing">
      <Stack gap="xs">
        <Text fw={600}>
          {waitingForNetwork ? t`Waiting for connection` : t`Receipt processing`}
        </Text>
        <Text size="sm">
          {waitingForNetwork ? (
            <Trans>
              Receipt {code} is saved on this phone. It is read from TRA as soon as the phone is
              back online.
            </Trans>
          ) : (
            <Trans>
              Reading receipt {code} from TRA. Receipt processing can take up to 1 minute; you can
              keep working meanwhile.
            </Trans>
          )}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPencil size={16} />}
            onClick={onEnterByHand}
          >
            <Trans>Enter by hand instead</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
