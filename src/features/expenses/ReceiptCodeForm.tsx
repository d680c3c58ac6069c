// Typing the receipt's verification code and the time printed on it, which TRA's verification
// needs as well (spec/tra-vfd.md: <code>_<HHMMSS>).
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { receiptLookupSchema } from '../../../domain/schemas/expense';
import { valibotValidate } from '../../forms/valibot';

export interface ReceiptCodeValues {
  receiptCode: string;
  time: string;
}

export interface ReceiptCodeFormProps {
  initial?: Partial<ReceiptCodeValues>;
  busy?: boolean;
  submitLabel?: string;
  /** Resolves with field errors (message ids already translated) to show, or nothing. */
  onSubmit(values: ReceiptCodeValues): Promise<Record<string, string> | void>;
}

export function ReceiptCodeForm({ initial, busy, submitLabel, onSubmit }: ReceiptCodeFormProps) {
  const { t } = useLingui();
  const form = useForm<ReceiptCodeValues>({
    initialValues: { receiptCode: initial?.receiptCode ?? '', time: initial?.time ?? '' },
    validate: valibotValidate(receiptLookupSchema),
  });
  const submit = form.onSubmit(async (values) => {
    const errors = await onSubmit(values);
    if (errors) form.setErrors(errors);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t`Receipt code`}
            description={t`Printed under the QR code, e.g. 317B5E380`}
            required
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={255}
            data-autofocus
            {...form.getInputProps('receiptCode')}
          />
          <TextInput
            label={t`Receipt time`}
            description={t`As printed on the receipt, e.g. 14:32:05`}
            placeholder={t`HH:mm:ss`}
            required
            inputMode="numeric"
            {...form.getInputProps('time')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="look-up-receipt">
            {submitLabel ?? <Trans>Look up the receipt</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
